// Issue 41 (point 2): publish.yml skips the code suite only for a change to data/ alone since the last publish.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changedFiles, lastPublished, publishScope } from "../../../scripts/publish-scope";

const published = "0123456789abcdef0123456789abcdef01234567";

describe("the scope of a publish", () => {
  it("skips the suite when only files under data/ changed since the last publish", () => {
    expect(publishScope(published, ["data/cities/tampa.yaml", "data/es/cities/tampa.yaml", "data/images/cabin.jpg"])).toEqual({
      suite: false,
      reason: "only data/ changed since the last publish (0123456): the content gates run, not the test suite",
    });
  });

  it("runs the suite when anything outside data/ changed, naming the first few files", () => {
    const scope = publishScope(published, ["data/site.yaml", "src/cli.ts", "a", "b", "c", "d", "e"]);
    expect(scope).toEqual({ suite: true, reason: "code changed since the last publish (0123456): src/cli.ts, a, b, c, d, and 1 more; the whole test suite runs" });
    // A folder that only starts like data/ is code.
    expect(publishScope(published, ["database.ts"]).suite).toBe(true);
    expect(publishScope(published, ["schemas/city.schema.json"]).suite).toBe(true);
  });

  it("runs the suite when no publish is known or its commit is gone from the history (a force push)", () => {
    expect(publishScope(undefined, undefined)).toEqual({ suite: true, reason: "no earlier publish is known: the whole test suite runs" });
    expect(publishScope(published, undefined)).toEqual({
      suite: true,
      reason: "the last published commit 0123456 is not in this repository's history (a force push?): the whole test suite runs",
    });
  });

  it("skips the suite for a push that changed nothing (a merge of what was published)", () => {
    expect(publishScope(published, []).suite).toBe(false);
  });
});

describe("the files changed since the last publish", () => {
  let repo: string;
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();
  const commit = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
    await writeFile(path.join(repo, file), text);
    git("add", "-A");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", file);
    return git("rev-parse", "HEAD");
  };

  beforeAll(async () => {
    repo = await mkdtemp(path.join(os.tmpdir(), "flightsite-scope-"));
    git("init", "-q");
  });
  afterAll(() => rm(repo, { recursive: true, force: true }));

  it("are every file that differs between the published commit and the one to publish, over several commits", async () => {
    const first = await commit("src/cli.ts", "1");
    await commit("data/cities/a.yaml", "a");
    const head = await commit("data/cities/b.yaml", "b");
    expect(changedFiles(first, head, repo)).toEqual(["data/cities/a.yaml", "data/cities/b.yaml"]);
    // A code change after the publish, then content: the code is still in the difference.
    const code = await commit("src/cli.ts", "2");
    const after = await commit("data/cities/c.yaml", "c");
    expect(changedFiles(head, after, repo)).toEqual(["data/cities/c.yaml", "src/cli.ts"]);
    expect(changedFiles(code, after, repo)).toEqual(["data/cities/c.yaml"]);
  });

  it("are unknown when the published commit is not in the repository", () => {
    expect(changedFiles("ffffffffffffffffffffffffffffffffffffffff", "HEAD", repo)).toBeUndefined();
  });
});

describe("the last published commit", () => {
  const env = {
    GITHUB_API_URL: "https://api.example",
    GITHUB_REPOSITORY: "owner/site",
    GITHUB_WORKFLOW_REF: "owner/site/.github/workflows/publish.yml@refs/heads/main",
    GITHUB_TOKEN: "token",
  };
  const answering = (status: number, body: unknown) => {
    const asked: { url: string; init: RequestInit | undefined }[] = [];
    const request = (async (url: string, init?: RequestInit) => {
      asked.push({ url, init });
      return new Response(JSON.stringify(body), { status });
    }) as typeof fetch;
    return { asked, request };
  };

  it("is the commit of this workflow's newest successful run on main", async () => {
    const { asked, request } = answering(200, { workflow_runs: [{ head_sha: published }] });
    expect(await lastPublished(env, "main", request)).toBe(published);
    expect(asked).toEqual([
      {
        url: "https://api.example/repos/owner/site/actions/workflows/publish.yml/runs?branch=main&status=success&per_page=1",
        init: { headers: { accept: "application/vnd.github+json", authorization: "Bearer token" } },
      },
    ]);
  });

  it("is unknown when there is no such run, the API refuses or fails, or the run has no token", async () => {
    expect(await lastPublished(env, "main", answering(200, { workflow_runs: [] }).request)).toBeUndefined();
    expect(await lastPublished(env, "main", answering(403, { message: "no" }).request)).toBeUndefined();
    const failing = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    expect(await lastPublished(env, "main", failing)).toBeUndefined();
    const { asked, request } = answering(200, { workflow_runs: [{ head_sha: published }] });
    expect(await lastPublished({ ...env, GITHUB_TOKEN: undefined }, "main", request)).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
