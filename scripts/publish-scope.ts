// What a push to main must pass before publish.yml deploys it (issue 41; docs/publishing.md, "The publish
// workflow"): the content gates alone when nothing but data/ changed since the last publish that succeeded, the whole
// test suite first otherwise. Compared with the last successful publish, not with the push's `before`: after a push
// whose tests failed (nothing was published), a following content-only push still carries the untested code.
import { execFileSync } from "node:child_process";
import { appendFileSync } from "node:fs";

/** Whether the whole test suite runs before the deploy, and why, in words for the workflow's log. */
export interface PublishScope {
  suite: boolean;
  reason: string;
}

/** Files an editor changes: only these may skip the code suite. */
export const isContentFile = (file: string) => file.startsWith("data/");

/**
 * The scope of a publish: `published` is the commit the last successful publish deployed (undefined: none, or it could
 * not be asked), `changed` the files that differ between it and the commit to publish (undefined: that commit is not
 * in the repository's history, as after a force push).
 */
export function publishScope(published: string | undefined, changed: readonly string[] | undefined): PublishScope {
  if (published === undefined) return { suite: true, reason: "no earlier publish is known: the whole test suite runs" };
  const short = published.slice(0, 7);
  if (changed === undefined) return { suite: true, reason: `the last published commit ${short} is not in this repository's history (a force push?): the whole test suite runs` };
  const code = changed.filter((file) => !isContentFile(file));
  if (code.length === 0) return { suite: false, reason: `only data/ changed since the last publish (${short}): the content gates run, not the test suite` };
  const shown = code.slice(0, 5).join(", ") + (code.length > 5 ? `, and ${code.length - 5} more` : "");
  return { suite: true, reason: `code changed since the last publish (${short}): ${shown}; the whole test suite runs` };
}

/** The files that differ between two commits, or undefined when `from` is not in the repository. */
export function changedFiles(from: string, to: string, cwd: string): string[] | undefined {
  const git = (...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  try {
    git("cat-file", "-e", `${from}^{commit}`);
  } catch {
    return undefined;
  }
  return git("diff", "--name-only", "--no-renames", from, to).split("\n").filter(Boolean);
}

/**
 * The commit of the last successful run of this workflow on `branch`, from GitHub's API; undefined when there is none
 * or the API cannot tell (the suite then runs: never skipped on a guess).
 */
export async function lastPublished(env: NodeJS.ProcessEnv, branch = "main", request: typeof fetch = fetch): Promise<string | undefined> {
  const { GITHUB_API_URL = "https://api.github.com", GITHUB_REPOSITORY, GITHUB_WORKFLOW_REF, GITHUB_TOKEN } = env;
  // "owner/repo/.github/workflows/publish.yml@refs/heads/main" → "publish.yml"
  const workflow = /\/([^/@]+)@/.exec(GITHUB_WORKFLOW_REF ?? "")?.[1];
  if (!GITHUB_REPOSITORY || !workflow || !GITHUB_TOKEN) return undefined;
  const url = `${GITHUB_API_URL}/repos/${GITHUB_REPOSITORY}/actions/workflows/${workflow}/runs?branch=${encodeURIComponent(branch)}&status=success&per_page=1`;
  try {
    const response = await request(url, { headers: { accept: "application/vnd.github+json", authorization: `Bearer ${GITHUB_TOKEN}` } });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { workflow_runs?: { head_sha?: string }[] };
    return body.workflow_runs?.[0]?.head_sha;
  } catch {
    return undefined;
  }
}

// --- internal ---

/** In publish.yml: prints the scope and hands `suite=true|false` to the later steps ($GITHUB_OUTPUT). */
async function run(env: NodeJS.ProcessEnv): Promise<void> {
  // A run started by hand republishes whatever the branch holds: everything is checked.
  const scope =
    env.GITHUB_EVENT_NAME === "push"
      ? await lastPublished(env).then((published) =>
          publishScope(published, published === undefined ? undefined : changedFiles(published, env.GITHUB_SHA ?? "HEAD", process.cwd())),
        )
      : { suite: true, reason: `started by ${env.GITHUB_EVENT_NAME ?? "hand"}: the whole test suite runs` };
  console.log(`publish: ${scope.reason}`);
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `suite=${scope.suite}\n`);
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `Publish: ${scope.reason}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run(process.env);
