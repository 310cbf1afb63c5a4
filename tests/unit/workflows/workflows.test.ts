// The CI workflows (issue 12) are not run here; this lints what all of them share: valid YAML of the expected shape,
// every command they run exists, every action pinned by commit (issue 36), permissions per job (issue 36), and an
// install that fails on an unreviewed install script (issue 41).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../../src/cli";
import { projectRoot } from "../support/site";
import { commandsOf, stepsOf, workflows, workflowTexts } from "../support/workflows";

async function helpOf(subcommand: string): Promise<string> {
  let text = "";
  const code = await main([subcommand, "--help"], { stdout: (t) => void (text += t), stderr: (t) => void (text += t), cwd: projectRoot });
  expect(code, `flightsite ${subcommand} --help`).toBe(0);
  return text;
}

const packageJson = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  allowScripts: Record<string, boolean>;
};

describe("the GitHub workflows", () => {
  it("are publish.yml, content-check.yml and preview.yml, each valid YAML with jobs and steps", () => {
    expect(Object.keys(workflows).sort()).toEqual(["content-check.yml", "preview.yml", "publish.yml"]);
    for (const [name, workflow] of Object.entries(workflows)) {
      expect(workflow.name, name).toEqual(expect.any(String));
      expect(Object.keys(workflow.jobs).length, name).toBeGreaterThan(0);
      for (const step of stepsOf(workflow)) expect(Boolean(step.uses) !== Boolean(step.run), `${name}: a step uses an action or runs commands`).toBe(true);
    }
  });

  it("run only npm scripts that package.json has, npm's install, flightsite and the publish scope script", () => {
    for (const [name, workflow] of Object.entries(workflows)) {
      for (const command of commandsOf(stepsOf(workflow))) {
        const script = /^npm (?:run (\S+)|(test))\b/.exec(command);
        if (script) expect(packageJson.scripts, `${name}: ${command}`).toHaveProperty(script[1] ?? script[2]!);
        else expect(command, `${name}: only npm and flightsite commands`).toMatch(/^(npm ci |npm install --global npm@|node bin\/flightsite\.js |npx tsx scripts\/publish-scope\.ts$)/);
      }
    }
  });

  it("run only flightsite commands and options that exist", async () => {
    const runs = Object.values(workflows)
      .flatMap((workflow) => commandsOf(stepsOf(workflow)))
      .flatMap((command) => {
        const match = /^node bin\/flightsite\.js (\S+)(.*)$/.exec(command);
        return match ? [{ subcommand: match[1]!, options: match[2]!.match(/--[a-z-]+/g) ?? [] }] : [];
      });
    expect([...new Set(runs.map((run) => run.subcommand))].sort()).toEqual(["build", "changes", "check", "deploy", "prune", "teardown"]);
    for (const { subcommand, options } of runs) {
      const help = await helpOf(subcommand);
      for (const option of options) expect(help, `flightsite ${subcommand} ${option}`).toContain(`${option} `);
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

// Issue 36 (point 5): a tag can be moved to other code by whoever controls the action's repository; a commit cannot.
describe("the actions the workflows use", () => {
  const pinned = /^\s*(?:- )?uses: ([\w.-]+\/[\w.-]+)@([0-9a-f]{40}) # (v\d+\.\d+\.\d+)\b/;

  it("are each pinned to a commit, with the version it is in a comment", () => {
    for (const [name, text] of Object.entries(workflowTexts)) {
      const lines = text.split("\n").filter((line) => /^\s*(?:- )?uses:/.test(line));
      expect(lines.length, name).toBe(stepsOf(workflows[name]!).filter((step) => step.uses).length);
      for (const line of lines) expect(line, `${name}: pinned to a commit, "# vX.Y.Z" after it`).toMatch(pinned);
    }
  });

  it("are the same commit of each action in every workflow, and docs/publishing.md lists each", () => {
    const pins = new Map<string, Set<string>>();
    for (const text of Object.values(workflowTexts)) {
      for (const line of text.split("\n")) {
        const match = pinned.exec(line);
        if (match) pins.set(match[1]!, (pins.get(match[1]!) ?? new Set()).add(`${match[2]} ${match[3]}`));
      }
    }
    const docs = readFileSync(path.join(projectRoot, "docs/publishing.md"), "utf8");
    for (const [action, commits] of pins) {
      expect([...commits], action).toHaveLength(1);
      const [commit, version] = [...commits][0]!.split(" ");
      expect(docs, `docs/publishing.md names ${action} ${version}`).toContain(`| \`${action}\` | ${version} | \`${commit}\` |`);
    }
  });
});

// Issue 36 (point 5): each job gets the token rights it uses, and none by default.
describe("the workflows' permissions", () => {
  it("grant nothing to the whole workflow and name what each job may do", () => {
    for (const [name, workflow] of Object.entries(workflows)) {
      expect(workflow.permissions, `${name}: permissions: {} at the top`).toEqual({});
      for (const [job, { permissions }] of Object.entries(workflow.jobs)) expect(permissions, `${name} ${job}`).toMatchObject({ contents: "read" });
    }
  });

  it("give an OIDC token only to jobs that assume an AWS role, and the right to comment only to the job that comments", () => {
    for (const [name, workflow] of Object.entries(workflows)) {
      for (const [job, { permissions, steps }] of Object.entries(workflow.jobs)) {
        const uses = (action: string) => steps.some((step) => step.uses?.startsWith(`${action}@`));
        expect(permissions?.["id-token"], `${name} ${job}`).toBe(uses("aws-actions/configure-aws-credentials") ? "write" : undefined);
        // Reading pull requests (the preview sweep asks which are closed) writes nothing; only the commenting job writes.
        if (permissions?.["pull-requests"] !== "read") expect(permissions?.["pull-requests"], `${name} ${job}`).toBe(uses("actions/github-script") ? "write" : undefined);
        for (const [scope, level] of Object.entries(permissions ?? {})) {
          if (level === "write") expect(["id-token", "pull-requests"], `${name} ${job}: ${scope}: write`).toContain(scope);
        }
      }
    }
  });
});

// Issue 41 (point 3): npm runs a dependency's install script only when package.json's allowScripts names it.
describe("installing in CI", () => {
  it("installs with the npm allowScripts was reviewed with, and fails on an install script allowScripts does not name", () => {
    const ci = readFileSync(path.join(projectRoot, ".ci/run"), "utf8");
    expect(ci.split("\n")).toContain("npm ci --strict-allow-scripts");
    for (const [name, workflow] of Object.entries(workflows)) {
      for (const [job, { steps }] of Object.entries(workflow.jobs)) {
        const commands = commandsOf(steps);
        const install = commands.findIndex((command) => command.startsWith("npm ci"));
        expect(commands[install], `${name} ${job}`).toBe("npm ci --strict-allow-scripts");
        expect(commands[install - 1], `${name} ${job}: npm 11.19 or later knows allowScripts`).toMatch(/^npm install --global npm@11\.(19|[2-9]\d)\.\d+$/);
      }
    }
  });

  it("names in allowScripts every installed package that has an install script", () => {
    const withScripts: string[] = [];
    const visit = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
        if (entry.name.startsWith("@")) {
          visit(path.join(folder, entry.name));
          continue;
        }
        const place = path.join(folder, entry.name);
        let manifest: { name?: string; scripts?: Record<string, string> };
        try {
          manifest = JSON.parse(readFileSync(path.join(place, "package.json"), "utf8")) as typeof manifest;
        } catch {
          continue;
        }
        const scripts = manifest.scripts ?? {};
        // npm runs `node-gyp rebuild` for a package with a binding.gyp and no install script of its own.
        const gyp = readdirSync(place).includes("binding.gyp");
        if (scripts.preinstall || scripts.install || scripts.postinstall || gyp) withScripts.push(manifest.name ?? entry.name);
        const nested = path.join(place, "node_modules");
        if (readdirSync(place).includes("node_modules")) visit(nested);
      }
    };
    visit(path.join(projectRoot, "node_modules"));
    expect(withScripts.length, "node_modules is installed").toBeGreaterThan(0);
    for (const name of withScripts) expect(packageJson.allowScripts, `${name} has an install script: review it and name it in allowScripts`).toHaveProperty([name]);
  });
});
