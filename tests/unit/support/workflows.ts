// The GitHub workflows of .github/workflows/, parsed, for the tests that lint them (they are not run here).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { projectRoot } from "./site";

export interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
export interface Job {
  "runs-on": string;
  if?: string;
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  steps: Step[];
}
export interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; "cancel-in-progress": boolean };
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

export const workflowFolder = path.join(projectRoot, ".github/workflows");

/** Each workflow file's text, by file name. */
export const workflowTexts: Record<string, string> = Object.fromEntries(
  readdirSync(workflowFolder).map((name) => [name, readFileSync(path.join(workflowFolder, name), "utf8")]),
);

/** Each workflow, parsed, by file name. */
export const workflows: Record<string, Workflow> = Object.fromEntries(Object.entries(workflowTexts).map(([name, text]) => [name, parse(text) as Workflow]));

export const stepsOf = (workflow: Workflow) => Object.values(workflow.jobs).flatMap((job) => job.steps);

/** Every command the steps run, one per line, in order. */
export const commandsOf = (steps: readonly Step[]) => steps.flatMap((step) => (step.run ? step.run.split("\n").filter(Boolean) : []));
