// The CI workflows (issue 12) are not run here; this lints them: valid YAML of the expected shape, and every
// command they run exists (npm scripts in package.json, flightsite subcommands and their options).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { main } from "../../../src/cli";
import { projectRoot } from "../support/site";

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  concurrency?: { group: string; "cancel-in-progress": boolean };
  env?: Record<string, string>;
  jobs: Record<string, { "runs-on": string; if?: string; env?: Record<string, string>; permissions?: Record<string, string>; steps: Step[] }>;
}

const folder = path.join(projectRoot, ".github/workflows");
const workflows = Object.fromEntries(
  readdirSync(folder).map((name) => [name, parse(readFileSync(path.join(folder, name), "utf8")) as Workflow]),
);
const stepsOf = (workflow: Workflow) => Object.values(workflow.jobs).flatMap((job) => job.steps);
const commandsOf = (workflow: Workflow) => stepsOf(workflow).flatMap((step) => (step.run ? step.run.split("\n").filter(Boolean) : []));

async function helpOf(subcommand: string): Promise<string> {
  let text = "";
  const code = await main([subcommand, "--help"], { stdout: (t) => void (text += t), stderr: (t) => void (text += t), cwd: projectRoot });
  expect(code, `flightsite ${subcommand} --help`).toBe(0);
  return text;
}

describe("the GitHub workflows", () => {
  it("are publish.yml, content-check.yml and preview.yml, each valid YAML with jobs and steps", () => {
    expect(Object.keys(workflows).sort()).toEqual(["content-check.yml", "preview.yml", "publish.yml"]);
    for (const [name, workflow] of Object.entries(workflows)) {
      expect(workflow.name, name).toEqual(expect.any(String));
      expect(Object.keys(workflow.jobs).length, name).toBeGreaterThan(0);
      for (const step of stepsOf(workflow)) expect(Boolean(step.uses) !== Boolean(step.run), `${name}: a step uses an action or runs commands`).toBe(true);
    }
  });

  it("run only npm scripts that package.json has", () => {
    const scripts = (JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    for (const [name, workflow] of Object.entries(workflows)) {
      for (const command of commandsOf(workflow)) {
        const script = /^npm (?:run (\S+)|(test))\b/.exec(command);
        if (script) expect(scripts, `${name}: ${command}`).toHaveProperty(script[1] ?? script[2]!);
        else expect(command, `${name}: only npm and flightsite commands`).toMatch(/^(npm ci|node bin\/flightsite\.js |npx flightsite )/);
      }
    }
  });

  it("run only flightsite commands and options that exist", async () => {
    const runs = Object.values(workflows).flatMap(commandsOf).flatMap((command) => {
      const match = /^(?:node bin\/flightsite\.js|npx flightsite) (\S+)(.*)$/.exec(command);
      return match ? [{ subcommand: match[1]!, options: match[2]!.match(/--[a-z-]+/g) ?? [] }] : [];
    });
    expect(runs.map((run) => run.subcommand).sort()).toEqual(["build", "changes", "check", "check", "deploy", "deploy", "teardown"]);
    for (const { subcommand, options } of runs) {
      const help = await helpOf(subcommand);
      for (const option of options) expect(help, `flightsite ${subcommand} ${option}`).toContain(`${option} `);
    }
  });

  it("publish on pushes to main with the test suite first, a fresh build, then the deploy with the role of infra/", () => {
    const publish = workflows["publish.yml"]!;
    expect(publish.on.push).toEqual({ branches: ["main"] });
    expect(publish.permissions).toEqual({ contents: "read", "id-token": "write" });
    const commands = commandsOf(publish);
    expect(commands.slice(0, 3)).toEqual(["npm ci", "npm test", "npm run build"]);
    expect(commands.at(-1)).toBe('node bin/flightsite.js deploy --bucket "$SITE_BUCKET" --distribution "$SITE_DISTRIBUTION_ID"');
    const steps = stepsOf(publish);
    const credentials = steps.findIndex((step) => step.uses?.startsWith("aws-actions/configure-aws-credentials@"));
    expect(credentials, "credentials after the tests and the build, just before the deploy").toBe(steps.length - 2);
    expect(steps[credentials]!.with).toEqual({ "role-to-assume": "${{ vars.AWS_DEPLOY_ROLE_ARN }}", "aws-region": "${{ vars.AWS_REGION }}" });
  });

  it("name only repository variables that infra/README.md says how to fill", () => {
    const readme = readFileSync(path.join(projectRoot, "infra/README.md"), "utf8");
    const variables = [...readFileSync(path.join(folder, "publish.yml"), "utf8").matchAll(/vars\.([A-Z_]+)/g)].map((m) => m[1]!);
    expect([...new Set(variables)].sort()).toEqual(["AWS_DEPLOY_ROLE_ARN", "AWS_REGION", "SITE_BUCKET", "SITE_DISTRIBUTION_ID"]);
    for (const variable of variables) expect(readme, variable).toContain(`\`${variable}\``);
  });

  it("check pull requests with a build and flightsite check, with Java 17 and a Chromium for the gates", () => {
    const check = workflows["content-check.yml"]!;
    expect(Object.keys(check.on)).toEqual(["pull_request"]);
    // --strict: a stale translation fails the pull request's check (issue 29).
    expect(commandsOf(check)).toEqual(["npm ci", "npm run build -- --strict", "node bin/flightsite.js check"]);
    const steps = stepsOf(check);
    expect(steps.find((step) => step.uses?.startsWith("actions/setup-java@"))?.with).toEqual({ distribution: "temurin", "java-version": 17 });
    expect(Object.values(check.jobs)[0]!.env?.CHROMIUM_PATH).toBe("/usr/bin/google-chrome");
  });

  it("pin every action to a major version", () => {
    // preview.yml pins by commit SHA (issue 36; the preview workflow's tests below).
    for (const [name, workflow] of Object.entries(workflows).filter(([name]) => name !== "preview.yml")) {
      for (const step of stepsOf(workflow).filter((s) => s.uses)) expect(step.uses, name).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
    }
  });

  // Issue 25: Node 20 ended in April 2026; the workflows run the Node the Lambda functions run on.
  it("set up Node 24, the Lambda functions' Node, in every job before any command runs", () => {
    for (const [name, workflow] of Object.entries(workflows)) {
      for (const [job, { steps }] of Object.entries(workflow.jobs)) {
        const setups = steps.filter((step) => step.uses?.startsWith("actions/setup-node@"));
        expect(setups.map((step) => step.with), `${name} ${job}`).toEqual([{ "node-version": 24, cache: "npm" }]);
        expect(steps.indexOf(setups[0]!), `${name} ${job}: Node is set up before it is used`).toBeLessThan(steps.findIndex((step) => step.run));
      }
    }
  });
});

// Issue 27: a preview of every pull request from this repository, removed when it closes.
describe("the preview workflow", () => {
  const preview = workflows["preview.yml"]!;
  const text = readFileSync(path.join(folder, "preview.yml"), "utf8");
  const sameRepository = "github.event.pull_request.head.repo.full_name == github.repository";

  it("runs for pull requests and daily for the sweep, with nothing granted by default, one run per pull request never cut off", () => {
    expect(preview.on).toEqual({ pull_request: { types: ["opened", "synchronize", "reopened", "closed"] }, schedule: [{ cron: "17 6 * * *" }], workflow_dispatch: null });
    expect(preview.permissions).toEqual({});
    expect(preview.concurrency).toEqual({ group: "preview-${{ github.event.pull_request.number || 'sweep' }}", "cancel-in-progress": false });
    expect(preview.env?.PREVIEW_PREFIX).toBe("previews/pr-${{ github.event.pull_request.number }}/");
    expect(preview.env?.PREVIEW_BUCKET).toBe("${{ vars.PREVIEW_BUCKET }}");
  });

  // Issue 36: each job gets only what it needs; the teardown may not write to the pull request.
  it("grants each job its own permissions: only the preview job may comment", () => {
    expect(preview.jobs.preview!.permissions).toEqual({ contents: "read", "id-token": "write", "pull-requests": "write" });
    expect(preview.jobs.teardown!.permissions).toEqual({ contents: "read", "id-token": "write" });
    expect(preview.jobs.sweep!.permissions).toEqual({ contents: "read", "id-token": "write", "pull-requests": "read" });
  });

  // Issue 36: a tag can be moved to other code; a commit cannot.
  it("pins every action by commit SHA, with its version in a comment", () => {
    const uses = text.split("\n").filter((line) => /^\s*(?:- )?uses: /.test(line));
    expect(uses.length).toBe(stepsOf(preview).filter((step) => step.uses).length);
    for (const line of uses) expect(line.trim()).toMatch(/^(?:- )?uses: [\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+\b/);
  });

  it("gives pull requests from forks nothing: every pull request job runs only for this repository's own branches", () => {
    expect(Object.keys(preview.jobs).sort()).toEqual(["preview", "sweep", "teardown"]);
    expect(preview.jobs.preview!.if).toBe(`github.event_name == 'pull_request' && github.event.action != 'closed' && ${sameRepository}`);
    expect(preview.jobs.teardown!.if).toBe(`github.event_name == 'pull_request' && github.event.action == 'closed' && ${sameRepository}`);
    expect(preview.jobs.sweep!.if).toBe("github.event_name == 'schedule' || github.event_name == 'workflow_dispatch'");
  });

  it("sweeps, on main, the previews of closed pull requests with the preview role", () => {
    const job = preview.jobs.sweep!;
    expect(commandsOf({ ...preview, jobs: { sweep: job } })).toEqual(["npm ci", "npm run previews:sweep"]);
    expect(job.steps.find((step) => step.uses?.startsWith("aws-actions/configure-aws-credentials@"))?.with).toEqual({
      "role-to-assume": "${{ vars.AWS_PREVIEW_ROLE_ARN }}",
      "aws-region": "${{ vars.AWS_REGION }}",
    });
    expect(job.steps.at(-1)!.env).toEqual({ GITHUB_TOKEN: "${{ github.token }}" });
  });

  it("builds, runs the gates, deploys under previews/pr-N/ with the preview role, lists the changed pages, then comments", () => {
    const job = preview.jobs.preview!;
    expect(commandsOf({ ...preview, jobs: { preview: job } })).toEqual([
      "npm ci",
      "npm run build",
      'node bin/flightsite.js build --base-path "$PREVIEW_PREFIX" --preview --out dist-preview',
      "node bin/flightsite.js check > check.md",
      'node bin/flightsite.js deploy --bucket "$PREVIEW_BUCKET" --prefix "$PREVIEW_PREFIX" --distribution "$PREVIEW_DISTRIBUTION_ID" --out dist-preview',
      "npm run previews:404",
      'node bin/flightsite.js changes --bucket "$SITE_BUCKET" --url "$PREVIEW_URL" > changes.md',
    ]);
    const check = job.steps.find((step) => step.run?.includes(" check "))! as Step & { "continue-on-error"?: boolean; id?: string };
    expect(check["continue-on-error"], "a failing gate still gets its table into the comment").toBe(true);
    const credentials = job.steps.findIndex((step) => step.uses?.startsWith("aws-actions/configure-aws-credentials@"));
    expect(job.steps[credentials + 1]!.run, "credentials just before the deploy").toContain("flightsite.js deploy");
    expect(job.steps[credentials]!.with).toEqual({ "role-to-assume": "${{ vars.AWS_PREVIEW_ROLE_ARN }}", "aws-region": "${{ vars.AWS_REGION }}" });
    expect(job.env?.PREVIEW_URL, "the previews' own host (issue 36)").toBe("${{ vars.PREVIEW_SITE_URL }}/previews/pr-${{ github.event.pull_request.number }}/");
    const comment = job.steps.at(-1)!;
    expect(comment.uses).toMatch(/^actions\/github-script@[0-9a-f]{40}$/);
    const script = String(comment.with?.script);
    for (const part of ["process.env.PREVIEW_URL", 'readFileSync("changes.md"', '"check.md"', "updateComment", "createComment"]) expect(script).toContain(part);
  });

  it("removes the preview when the pull request closes, with the same role", () => {
    const job = preview.jobs.teardown!;
    expect(commandsOf({ ...preview, jobs: { teardown: job } })).toEqual([
      "npm ci",
      'node bin/flightsite.js teardown --bucket "$PREVIEW_BUCKET" --prefix "$PREVIEW_PREFIX" --distribution "$PREVIEW_DISTRIBUTION_ID"',
    ]);
    expect(job.steps.find((step) => step.uses?.startsWith("aws-actions/configure-aws-credentials@"))?.with).toEqual({
      "role-to-assume": "${{ vars.AWS_PREVIEW_ROLE_ARN }}",
      "aws-region": "${{ vars.AWS_REGION }}",
    });
  });

  it("deploys a preview build under the pull request's base path, and compares the build that would go live (issue 27)", () => {
    const steps = preview.jobs.preview!.steps;
    const build = steps.find((step) => step.run?.includes("--preview"))!.run!;
    expect(build.split(" ")).toEqual(expect.arrayContaining(["build", "--base-path", '"$PREVIEW_PREFIX"', "--preview", "--out", "dist-preview"]));
    expect(preview.env?.PREVIEW_PREFIX).toBe("previews/pr-${{ github.event.pull_request.number }}/");
    // What is deployed is the preview build; what the gates check and `changes` compares is the plain one in dist/.
    expect(steps.find((step) => step.run?.includes("flightsite.js deploy"))!.run).toMatch(/--out dist-preview$/);
    for (const command of ["flightsite.js check", "flightsite.js changes"]) expect(steps.find((step) => step.run?.includes(command))!.run).not.toContain("--out");
    expect(text).not.toMatch(/until the base path|root-relative/i);
    expect(String(steps.at(-1)!.with?.script)).toContain("its quote forms send nothing");
  });

  it("names only repository variables that infra/README.md says how to fill", () => {
    const readme = readFileSync(path.join(projectRoot, "infra/README.md"), "utf8");
    const variables = [...new Set([...text.matchAll(/vars\.([A-Z_]+)/g)].map((m) => m[1]!))].sort();
    expect(variables).toEqual(["AWS_PREVIEW_ROLE_ARN", "AWS_REGION", "PREVIEW_BUCKET", "PREVIEW_DISTRIBUTION_ID", "PREVIEW_SITE_URL", "SITE_BUCKET"]);
    for (const variable of variables) expect(readme, variable).toContain(`\`${variable}\``);
  });
});
