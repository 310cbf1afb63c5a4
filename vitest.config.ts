import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      // Limits for a hung test, not timings: a unit test that spawns the CLI or a server can take several seconds when
      // the two cores are shared (vitest's 5 s default then fails tests that are right).
      { test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], testTimeout: 30_000, hookTimeout: 60_000 } },
      // The AWS hosting as code: the CloudFront function on sample requests, the stack synthesized locally.
      { test: { name: "infra", include: ["infra/test/**/*.test.ts"], testTimeout: 30_000 } },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One browser at a time: the machine has two cores and Chromium is hungry.
          fileParallelism: false,
        },
      },
    ],
  },
});
