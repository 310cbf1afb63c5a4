import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Issue 41: the suite answers in minutes. vitest's default is one worker less than the cores: on the project's 2-core
// machine, one test file at a time. Most of a test's time is spent waiting (on a child process, a server, the browser,
// the disk, an SDK's retry), so one file more than the cores keeps both busy. Every project must ask for the same
// number of workers: vitest runs projects that differ in it one after the other, and the browser tests alone take
// minutes (tests/e2e/quality.test.ts); in one group they run beside the rest, and first (vitest orders projects by name).
const workers = availableParallelism() + 1;

/**
 * vitest's order (projects by name, then the longest last time, or the largest file on a first run), except that
 * `flightsite check` over the real site, the longest file by far, starts first: started late, the suite waits for it.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (file: TestSpecification) => file.moduleId.endsWith("/tests/e2e/quality.test.ts");
    return [...sorted.filter(first), ...sorted.filter((file) => !first(file))];
  }
}

export default defineConfig({
  test: {
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
    projects: [
      // Limits for a hung test, not timings: a unit test that spawns the CLI or a server can take several seconds when
      // the two cores are shared (vitest's 5 s default then fails tests that are right).
      // isolate: false runs a worker's test files one after the other in the same module graph instead of a fresh
      // process each, so React, zod, the AWS SDK and the templates are loaded once per worker, not once per file. A test
      // file therefore leaves nothing behind: a mocked client is restored after it, a stubbed variable unstubbed.
      { test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], testTimeout: 30_000, hookTimeout: 60_000, isolate: false } },
      // The AWS hosting as code: the CloudFront function on sample requests, the stack synthesized locally. Not
      // isolated either: aws-cdk-lib takes seconds to load. infra/test/setup.ts writes and removes each file's folders.
      { test: { name: "infra", include: ["infra/test/**/*.test.ts"], setupFiles: ["infra/test/setup.ts"], testTimeout: 30_000, isolate: false } },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          // Each test opens its own context in the one shared Chromium (tests/e2e/browser.ts), so browser test files may
          // run beside each other and beside the unit tests. Not isolated: playwright and the checks load once per worker.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
