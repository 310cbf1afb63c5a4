// Issue 27: a pull request's preview lives under previews/pr-N/ of the site's bucket, with its own manifest and lock,
// and `flightsite teardown` removes it when the pull request closes. Against s3rver on 127.0.0.1.
import { CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "../../../src/cli";
import { deploy } from "../../../src/deploy/deploy";
import { teardown } from "../../../src/deploy/teardown";
import { DeployError } from "../../../src/errors";
import { createBuiltSites, previewBuild, siteWithScript, type BuiltSites } from "../support/built-site";
import { invalidationInProgress, mockCloudFront, startTestBucket, testBucket, testCloudFrontClient } from "../support/deploy-aws";
import type { S3Server } from "../support/s3-server";

const bucket = testBucket;
const cloudFront = mockCloudFront();

describe("previews under a prefix, and their teardown", () => {
  let sites: BuiltSites;
  let server: S3Server;
  let s3: S3Client;
  let site: string;

  beforeAll(async () => {
    sites = await createBuiltSites();
    site = await sites.write(siteWithScript("AAAAAAAA"));
  });
  afterAll(() => sites.remove());
  beforeEach(async () => {
    ({ server, s3 } = await startTestBucket());
    cloudFront.reset();
    cloudFront.on(CreateInvalidationCommand).resolves(invalidationInProgress("I1"));
  });
  afterEach(() => server.close());

  // Each preview is built for its own path (issue 36): the same files, each with the record of its prefix.
  const deployTo = async (prefix: string) =>
    deploy({ outDir: prefix ? await sites.write(siteWithScript("AAAAAAAA"), previewBuild(prefix)) : site, shownOutDir: "dist", bucket, s3, prefix, log: () => {} });
  const keys = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!).sort();

  it("removes one preview's objects and manifest, and nothing of the site or of another preview", async () => {
    await deployTo("");
    await deployTo("previews/pr-42/");
    await deployTo("previews/pr-43/");
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: "previews/pr-42/notes.txt", Body: "written by hand" }));
    const before = await keys();
    const lines: string[] = [];
    const deleted = await teardown({
      bucket,
      prefix: "previews/pr-42",
      s3,
      distributionId: "E2QWRUHAPOMQZL",
      cloudFront: testCloudFrontClient(),
      log: (line) => lines.push(line),
    });
    expect(deleted).toBe(4);
    expect(await keys()).toEqual([...before.filter((key) => !key.startsWith("previews/pr-42/")), "previews/pr-42/notes.txt"].sort());
    expect(lines).toEqual([
      "flightsite: left 1 object under s3://flightsite-test/previews/pr-42/ that no deploy wrote (notes.txt)",
      "flightsite: asked CloudFront to forget /previews/pr-42/* (invalidation I1)",
    ]);
    expect(cloudFront.commandCalls(CreateInvalidationCommand)[0]!.args[0].input.InvalidationBatch?.Paths?.Items).toEqual(["/previews/pr-42/*"]);
  });

  it("never tears down the site at the bucket's root", async () => {
    await deployTo("");
    await expect(teardown({ bucket, prefix: "/", s3, log: () => {} })).rejects.toThrow(
      new DeployError("teardown needs a --prefix (like previews/pr-42/): the site at the bucket's root is never torn down"),
    );
    await expect(teardown({ bucket, prefix: "", s3, log: () => {} })).rejects.toThrow(DeployError);
    expect(await keys()).toContain("index.html");
  });

  it("runs from the command line, and a second teardown finds nothing to remove", async () => {
    vi.stubEnv("AWS_ACCESS_KEY_ID", "S3RVER");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "S3RVER");
    try {
      await deployTo("previews/pr-7/");
      const run = async () => {
        let out = "";
        let err = "";
        const code = await main(["teardown", "--bucket", bucket, "--prefix", "previews/pr-7/", "--endpoint", server.endpoint], {
          stdout: (t) => void (out += t),
          stderr: (t) => void (err += t),
          cwd: process.cwd(),
        });
        return { code, out, err };
      };
      expect(await run()).toEqual({ code: 0, out: `flightsite: removed 4 objects from s3://${bucket}/previews/pr-7/\n`, err: "" });
      expect(await keys()).toEqual([]);
      expect((await run()).out).toBe(`flightsite: removed 0 objects from s3://${bucket}/previews/pr-7/\n`);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
