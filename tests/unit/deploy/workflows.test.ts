// The preview workflow (issue 27) is not run here; this lints it. What every workflow shares (commands that exist,
// pins, permissions) and publish.yml and content-check.yml are in tests/unit/workflows/.
import path from "node:path";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../support/site";
import { commandsOf as commandsOfSteps, workflows, workflowTexts, type Step, type Workflow } from "../support/workflows";

const stepsOf = (workflow: Workflow) => Object.values(workflow.jobs).flatMap((job) => job.steps);
const commandsOf = (workflow: Workflow) => commandsOfSteps(stepsOf(workflow));

// Issue 27: a preview of every pull request from this repository, removed when it closes.
describe("the preview workflow", () => {
  const preview = workflows["preview.yml"]!;
  const text = workflowTexts["preview.yml"]!;
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
    expect(commandsOf({ ...preview, jobs: { sweep: job } })).toEqual(["npm install --global npm@11.19.1", "npm ci --strict-allow-scripts", "npm run previews:sweep"]);
    expect(job.steps.find((step) => step.uses?.startsWith("aws-actions/configure-aws-credentials@"))?.with).toEqual({
      "role-to-assume": "${{ vars.AWS_PREVIEW_ROLE_ARN }}",
      "aws-region": "${{ vars.AWS_REGION }}",
    });
    expect(job.steps.at(-1)!.env).toEqual({ GITHUB_TOKEN: "${{ github.token }}" });
  });

  it("builds, runs the gates, deploys under previews/pr-N/ with the preview role, lists the changed pages, then comments", () => {
    const job = preview.jobs.preview!;
    expect(commandsOf({ ...preview, jobs: { preview: job } })).toEqual([
      "npm install --global npm@11.19.1",
      "npm ci --strict-allow-scripts",
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
      "npm install --global npm@11.19.1",
      "npm ci --strict-allow-scripts",
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
