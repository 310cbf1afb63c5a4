// The GitHub workflows (issue 25): every job that sets up Node sets up a supported one, 22 or later, as Lambda runs.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";

const folder = path.resolve(import.meta.dirname, "../../.github/workflows");
const workflows = readdirSync(folder)
  .filter((name) => name.endsWith(".yml"))
  .map((name) => ({ name, workflow: parse(readFileSync(path.join(folder, name), "utf8")) as Workflow }));

interface Workflow {
  jobs: Record<string, { steps: Array<{ uses?: string; run?: string; with?: Record<string, unknown> }> }>;
}

describe("the GitHub workflows", () => {
  it("are the content check and the publish workflow", () => {
    expect(workflows.map((w) => w.name).sort()).toEqual(["content-check.yml", "publish.yml"]);
  });

  for (const { name, workflow } of workflows) {
    it(`${name} sets up Node 22 or later before any npm command`, () => {
      for (const [job, { steps }] of Object.entries(workflow.jobs)) {
        const setups = steps.filter((step) => step.uses?.startsWith("actions/setup-node@"));
        expect(setups, `${job}: one setup-node step`).toHaveLength(1);
        expect(Number(setups[0]!.with?.["node-version"]), job).toBeGreaterThanOrEqual(22);
        const firstNpm = steps.findIndex((step) => /\bnp[mx]\b|node /.test(step.run ?? ""));
        expect(steps.indexOf(setups[0]!), `${job}: Node is set up before it is used`).toBeLessThan(firstNpm);
      }
    });
  }
});
