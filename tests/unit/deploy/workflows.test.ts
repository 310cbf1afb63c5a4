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
  jobs: Record<string, { "runs-on": string; env?: Record<string, string>; steps: Step[] }>;
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
  it("are publish.yml and content-check.yml, each valid YAML with jobs and steps", () => {
    expect(Object.keys(workflows).sort()).toEqual(["content-check.yml", "publish.yml"]);
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
    expect(runs.map((run) => run.subcommand).sort()).toEqual(["check", "deploy"]);
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
    expect(commandsOf(check)).toEqual(["npm ci", "npm run build", "node bin/flightsite.js check"]);
    const steps = stepsOf(check);
    expect(steps.find((step) => step.uses?.startsWith("actions/setup-java@"))?.with).toEqual({ distribution: "temurin", "java-version": 17 });
    expect(Object.values(check.jobs)[0]!.env?.CHROMIUM_PATH).toBe("/usr/bin/google-chrome");
  });

  it("install Node 20 and pin every action to a major version", () => {
    for (const [name, workflow] of Object.entries(workflows)) {
      for (const step of stepsOf(workflow).filter((s) => s.uses)) expect(step.uses, name).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
      expect(stepsOf(workflow).find((step) => step.uses?.startsWith("actions/setup-node@"))?.with, name).toEqual({ "node-version": 20, cache: "npm" });
    }
  });
});
