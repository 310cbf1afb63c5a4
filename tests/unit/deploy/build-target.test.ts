// Issue 36, point 1: a build records what it is for (.build-target.json beside its manifest), and the deploy refuses
// a build made for another place than its target, naming both, before it sends S3 a single request.
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../../src/cli";
import { deploy, type DeployOptions } from "../../../src/deploy/deploy";
import { DeployError } from "../../../src/errors";
import { createBuiltSites, previewBuild, siteWithScript, type BuiltSites } from "../support/built-site";
import { MemoryS3 } from "../support/memory-s3";

const bucket = "flightsite-test";

describe("a deploy of a build made for another target", () => {
  let sites: BuiltSites;
  let memory: MemoryS3;
  let live: string;
  let preview7: string;

  beforeAll(async () => {
    sites = await createBuiltSites();
    live = await sites.write(siteWithScript("AAAAAAAA"));
    preview7 = await sites.write(siteWithScript("AAAAAAAA"), previewBuild("previews/pr-7/"));
  });
  afterAll(() => sites.remove());
  beforeEach(() => {
    memory = new MemoryS3({ bucket });
  });

  const deployTo = (outDir: string, options: Partial<DeployOptions> = {}) =>
    deploy({ outDir, shownOutDir: "dist-preview", bucket, s3: memory.client(1), log: () => {}, ...options });

  it("refuses a preview build to the live site, naming both, before any request to S3, in a dry run too", async () => {
    const refusal = new DeployError(
      `dist-preview/ is a preview built for /previews/pr-7/, but s3://${bucket}/ is the live site: every live page would be ` +
        "noindex and name files under /previews/pr-7/; build the live site with flightsite build (no --preview, no --base-path), " +
        "or deploy this one with --prefix previews/pr-7/",
    );
    await expect(deployTo(preview7)).rejects.toThrow(refusal);
    await expect(deployTo(preview7, { dryRun: true, breakLock: true, adopt: true, maxDeletes: -1 })).rejects.toThrow(refusal);
    expect(memory.calls).toEqual([]);
  });

  it("refuses a live build to a preview's prefix, naming both", async () => {
    await expect(deployTo(live, { prefix: "previews/pr-8" })).rejects.toThrow(
      new DeployError(
        `dist-preview/ is a build of the live site (base path /), but s3://${bucket}/previews/pr-8/ is a preview: its pages ` +
          "would be indexed and its quote forms would send; build it with flightsite build --base-path /previews/pr-8/ --preview " +
          "--out dist-preview, then deploy",
      ),
    );
    expect(memory.calls).toEqual([]);
  });

  it("refuses one pull request's preview to another's prefix", async () => {
    await expect(deployTo(preview7, { prefix: "previews/pr-8/" })).rejects.toThrow(
      new DeployError(
        `dist-preview/ is a preview built for /previews/pr-7/, but s3://${bucket}/previews/pr-8/ is the preview at /previews/pr-8/: ` +
          "its pages would name files under /previews/pr-7/; build it with flightsite build --base-path /previews/pr-8/ --preview " +
          "--out dist-preview, or deploy it with --prefix previews/pr-7/",
      ),
    );
    expect(memory.calls).toEqual([]);
  });

  it("refuses a live build made for a path under previews/ without --preview to the live site", async () => {
    const underPreviews = await sites.write(siteWithScript("AAAAAAAA"), { basePath: "/previews/pr-9/", preview: false });
    await expect(deployTo(underPreviews)).rejects.toThrow(
      `dist-preview/ is a build of the live site (base path /previews/pr-9/), but s3://${bucket}/ is the live site`,
    );
  });

  it("refuses a build that does not say what it is for", async () => {
    const older = await sites.write(siteWithScript("AAAAAAAA"));
    await rm(`${older}/.build-target.json`);
    await expect(deployTo(older)).rejects.toThrow(
      new DeployError(
        "dist-preview/ does not say what it was built for (no .build-target.json: an older flightsite built it); run " +
          "flightsite build again (with --base-path /previews/pr-N/ --preview for a preview), then deploy",
      ),
    );
  });

  it("deploys each build to its own target, and never uploads the record", async () => {
    await deployTo(preview7, { prefix: "previews/pr-7/" });
    await deployTo(live);
    expect(memory.keys().filter((key) => key.endsWith(".build-target.json"))).toEqual([]);
    expect(memory.keys("previews/pr-7/")).toContain("previews/pr-7/index.html");
    expect(memory.keys()).toContain("index.html");
  });

  it("exits 1 from the command line, in a dry run too, without reaching the endpoint", async () => {
    const err: string[] = [];
    const io = { stdout: () => {}, stderr: (t: string) => void err.push(t), cwd: process.cwd(), env: {} };
    // Nothing listens on port 9 (discard): a request would fail with another message.
    const code = await main(["deploy", "--bucket", bucket, "--endpoint", "http://127.0.0.1:9", "--dry-run", "--out", preview7], io);
    expect(code).toBe(1);
    expect(err.join("")).toMatch(/^flightsite: .+ is a preview built for \/previews\/pr-7\/, but s3:\/\/flightsite-test\/ is the live site: /);
  });
});
