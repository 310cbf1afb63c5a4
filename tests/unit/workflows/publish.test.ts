// publish.yml and content-check.yml (issues 35 and 41): a content change is published after the very gates its pull
// request passed, a code change after the whole suite too, and every run keeps .flightsite/ in the cache.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../support/site";
import { commandsOf, workflows, type Step } from "../support/workflows";

const publish = workflows["publish.yml"]!;
const check = workflows["content-check.yml"]!;
const publishJob = Object.values(publish.jobs)[0]!;
const checkJob = Object.values(check.jobs)[0]!;
const suiteCondition = "steps.scope.outputs.suite == 'true'";

/** A step as what it does: the action it uses (and its inputs), or the command it runs. */
const whatItDoes = (step: Step) => (step.run ? { run: step.run } : { uses: step.uses, with: step.with });
/** publish.yml's steps before the deploy's credentials, without those a content-only change skips. */
const publishGates = () => {
  const steps = publishJob.steps.slice(0, publishJob.steps.findIndex((step) => step.uses?.startsWith("aws-actions/configure-aws-credentials@")));
  return steps.filter((step) => step.id !== "scope" && step.if !== suiteCondition);
};

describe("the publish workflow", () => {
  it("publishes each push to main, and a run started by hand, one at a time and never cut off", () => {
    expect(publish.on).toEqual({ push: { branches: ["main"] }, workflow_dispatch: null });
    expect(publish.concurrency).toEqual({ group: "publish", "cancel-in-progress": false });
    expect(Object.keys(publish.jobs)).toHaveLength(1);
  });

  // Issue 41: a content change does not wait for the code's suite; a change to code still passes it first.
  it("runs the whole test suite only when the scope step found code changed since the last publish", () => {
    const scope = publishJob.steps.find((step) => step.id === "scope")!;
    expect(scope.run).toBe("npx tsx scripts/publish-scope.ts");
    expect(scope.env).toEqual({ GITHUB_TOKEN: "${{ github.token }}" });
    expect(publishJob.permissions?.actions, "the scope step lists this workflow's runs").toBe("read");
    expect(publishJob.steps[0]!.with?.["fetch-depth"], "the whole history, to diff against the last published commit").toBe(0);
    const suite = publishJob.steps.filter((step) => step.if !== undefined);
    expect(suite.map((step) => [step.if, step.run])).toEqual([[suiteCondition, "npm test"]]);
    const index = (step: Step) => publishJob.steps.indexOf(step);
    expect(index(scope)).toBeLessThan(index(suite[0]!));
    expect(index(suite[0]!), "the suite before the content gates").toBeLessThan(publishJob.steps.findIndex((step) => step.run === "npm run build -- --strict"));
  });

  // Issue 35: a green content pull request publishes, because nothing runs after the merge that did not run before it.
  it("runs on a content-only change exactly the steps a pull request's Content check runs, then deploys", () => {
    const gates = publishGates();
    // The checkout differs only in how much history it fetches (the scope step diffs against the last publish).
    const withoutHistory = (steps: Step[]) => steps.map((step) => (step.uses?.startsWith("actions/checkout@") ? { uses: step.uses } : whatItDoes(step)));
    expect(withoutHistory(gates)).toEqual(withoutHistory(checkJob.steps));
    expect(commandsOf(checkJob.steps)).toEqual([
      "npm install --global npm@11.19.1",
      "npm ci --strict-allow-scripts",
      "npm run build -- --strict",
      "node bin/flightsite.js prune --builds 10",
      "node bin/flightsite.js check",
    ]);
    expect(publishJob.env).toEqual(checkJob.env);
    expect(publishJob.env?.CHROMIUM_PATH).toBe("/usr/bin/google-chrome");
    expect(checkJob.steps.find((step) => step.uses?.startsWith("actions/setup-java@"))?.with).toEqual({ distribution: "temurin", "java-version": 17 });
  });

  it("deploys last, with the deploy role of infra/ taken just before", () => {
    const steps = publishJob.steps;
    expect(steps.at(-1)!.run).toBe('node bin/flightsite.js deploy --bucket "$SITE_BUCKET" --distribution "$SITE_DISTRIBUTION_ID"');
    expect(steps.at(-2)!.uses).toMatch(/^aws-actions\/configure-aws-credentials@/);
    expect(steps.at(-2)!.with).toEqual({ "role-to-assume": "${{ vars.AWS_DEPLOY_ROLE_ARN }}", "aws-region": "${{ vars.AWS_REGION }}" });
    expect(publishGates().length + 2 + 2, "every other step is a gate, the scope or the suite").toBe(steps.length);
  });

  it("names only repository variables that infra/README.md says how to fill", () => {
    const readme = readFileSync(path.join(projectRoot, "infra/README.md"), "utf8");
    const text = readFileSync(path.join(projectRoot, ".github/workflows/publish.yml"), "utf8");
    const variables = [...new Set([...text.matchAll(/vars\.([A-Z_]+)/g)].map((m) => m[1]!))].sort();
    expect(variables).toEqual(["AWS_DEPLOY_ROLE_ARN", "AWS_REGION", "SITE_BUCKET", "SITE_DISTRIBUTION_ID"]);
    for (const variable of variables) expect(readme, variable).toContain(`\`${variable}\``);
  });
});

// Issue 35 (point 5): every workflow that builds starts from the cards, photos and build cache of the last run.
describe("the cache of .flightsite/", () => {
  const drawingCode = ["src/images/share-card.ts", "templates/ShareCard.tsx", "src/images/photos.ts", "package-lock.json"];
  const cacheSteps = Object.entries(workflows).flatMap(([name, workflow]) =>
    Object.entries(workflow.jobs)
      .filter(([, job]) => commandsOf(job.steps).some((command) => command.startsWith("npm run build") || command.includes("flightsite.js build")))
      .map(([job, { steps }]) => ({ where: `${name} ${job}`, steps, cache: steps.filter((step) => step.uses?.startsWith("actions/cache@")) })),
  );

  it("is restored in every job that builds, before it builds, with the same folders and key everywhere", () => {
    expect(cacheSteps.map(({ where }) => where).sort()).toEqual(["content-check.yml check", "preview.yml preview", "publish.yml publish"]);
    for (const { where, steps, cache } of cacheSteps) {
      expect(cache, where).toHaveLength(1);
      expect(cache[0]!.with, where).toEqual(cacheSteps[0]!.cache[0]!.with);
      const build = steps.findIndex((step) => step.run?.startsWith("npm run build") || step.run?.includes("flightsite.js build"));
      expect(steps.indexOf(cache[0]!), where).toBeLessThan(build);
    }
    expect(String(cacheSteps[0]!.cache[0]!.with?.path).trim().split("\n")).toEqual([".flightsite/cards", ".flightsite/photos", ".flightsite/build-cache"]);
  });

  it("starts afresh when the code that draws cards or encodes photos changes, and is saved anew by every run", () => {
    const { key, "restore-keys": restore } = cacheSteps[0]!.cache[0]!.with as { key: string; "restore-keys": string };
    const hashed = /^flightsite-\$\{\{ hashFiles\(([^)]*)\) \}\}-/.exec(key);
    expect(hashed, key).not.toBeNull();
    const files = [...hashed![1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
    for (const file of files) expect(existsSync(path.join(projectRoot, file)), `${file} exists`).toBe(true);
    expect(files).toEqual(expect.arrayContaining(drawingCode));
    // Each run saves under its own key; the next restores the newest of the same drawing code.
    expect(key).toBe(`${hashed![0]}\${{ github.run_id }}`);
    expect(restore).toBe(hashed![0]);
  });

  it("is pruned after the build of what none of the last builds used, before the run saves it", () => {
    for (const steps of [publishJob.steps, checkJob.steps]) {
      const commands = commandsOf(steps);
      expect(commands.indexOf("node bin/flightsite.js prune --builds 10")).toBe(commands.indexOf("npm run build -- --strict") + 1);
    }
  });
});
