// Issue 27: an invalidation CloudFront did not take is recorded in the bucket's manifest and sent by the next deploy;
// --wait waits for it to complete. S3 is s3rver on 127.0.0.1; CloudFront the SDK's client behind aws-sdk-client-mock.
import { CreateInvalidationCommand, GetInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { GetObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manifestFile } from "../../../src/output/manifest";
import { deploy, type DeployOptions } from "../../../src/deploy/deploy";
import { DeployError } from "../../../src/errors";
import { createBuiltSites, previewBuild, siteWithScript, withoutLock, type BuiltSites } from "../support/built-site";
import { invalidationInProgress, mockCloudFront, startTestBucket, testBucket, testCloudFrontClient, testDistributionId } from "../support/deploy-aws";
import type { S3Server } from "../support/s3-server";

const bucket = testBucket;
const distributionId = testDistributionId;
const cloudFront = mockCloudFront();

describe("invalidations that cannot be lost", () => {
  let sites: BuiltSites;
  let server: S3Server;
  let s3: S3Client;
  let events: string[];
  let lines: string[];
  let original: string;
  let edited: string;

  beforeAll(async () => {
    sites = await createBuiltSites();
    original = await sites.write(siteWithScript("AAAAAAAA"));
    edited = await sites.write({ ...siteWithScript("AAAAAAAA"), "about/index.html": "about, edited" });
  });
  afterAll(() => sites.remove());
  beforeEach(async () => {
    ({ server, s3, requests: events } = await startTestBucket());
    lines = [];
    cloudFront.reset();
    count = 0;
    refuse = 0;
    cloudFront.on(CreateInvalidationCommand).callsFake(accept);
  });
  afterEach(() => server.close());
  let count = 0;
  /** How many of the next invalidations CloudFront refuses. */
  let refuse = 0;
  const accept = () => {
    if (refuse-- > 0) throw Object.assign(new Error("Rate exceeded"), { name: "TooManyInvalidationsInProgress" });
    events.push("CreateInvalidation");
    return { Invalidation: { Id: `I${++count}`, Status: "InProgress" } };
  };

  const deployTo = (outDir: string, options: Partial<DeployOptions> = {}) =>
    deploy({
      outDir,
      shownOutDir: "dist",
      bucket,
      s3,
      distributionId,
      cloudFront: testCloudFrontClient(),
      log: (line) => lines.push(line),
      ...options,
    });
  const invalidated = () => cloudFront.commandCalls(CreateInvalidationCommand).map((call) => call.args[0].input.InvalidationBatch?.Paths?.Items);
  const storedManifest = async () =>
    JSON.parse(await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: manifestFile }))).Body!.transformToString()) as {
      pending: string[];
    };

  it("records the paths CloudFront refused, and the next deploy sends them first even when nothing changed", async () => {
    await deployTo(original);
    refuse = 1;
    await expect(deployTo(edited)).rejects.toThrow(
      new DeployError(
        `s3://${bucket}/ is uploaded, but CloudFront did not accept the invalidation of 2 paths on distribution ${distributionId} ` +
          "(TooManyInvalidationsInProgress: Rate exceeded); they are recorded in the bucket's manifest and the next deploy sends them first: run the deploy again",
      ),
    );
    expect((await storedManifest()).pending).toEqual(["/about/", "/about/index.html"]);

    cloudFront.resetHistory();
    events.length = 0;
    lines = [];
    const again = await deployTo(edited);
    expect(again.plan.upload).toEqual([]);
    expect(invalidated()).toEqual([["/about/", "/about/index.html"]]);
    expect(withoutLock(events).slice(0, 3)).toEqual(["GetObject .deploy-manifest.json", "ListObjectsV2", "CreateInvalidation"]);
    expect(lines).toEqual(["flightsite: asked CloudFront to refresh 2 paths left by an earlier deploy (invalidation I2)"]);
    expect((await storedManifest()).pending).toEqual([]);

    cloudFront.resetHistory();
    await deployTo(edited);
    expect(invalidated(), "sent once only").toEqual([]);
  });

  it("invalidates the pages of a deploy that stopped midway, even when the next one puts the old page back", async () => {
    await deployTo(original);
    cloudFront.resetHistory();
    // The manifest first (it records the paths), then the page, then the connection goes.
    const stopped = server.stopAfterUploads(2);
    await expect(deployTo(edited)).rejects.toThrow(DeployError);
    await stopped;
    expect(invalidated()).toEqual([]);
    await server.start();
    events.length = 0;
    const again = await deployTo(original);
    expect(again.plan.upload).toEqual(["about/index.html"]);
    // Once for what the stopped deploy changed, once more after the page is put back: the edge may have fetched the
    // edited page in between.
    expect(invalidated()).toEqual([
      ["/about/", "/about/index.html"],
      ["/about/", "/about/index.html"],
    ]);
    expect(events.indexOf("CreateInvalidation")).toBeLessThan(events.indexOf("PutObject about/index.html"));
    expect(events.lastIndexOf("CreateInvalidation")).toBeGreaterThan(events.indexOf("PutObject about/index.html"));
  });

  it("invalidates the paths of a deploy under a prefix under that prefix", async () => {
    await deployTo(await sites.write(siteWithScript("AAAAAAAA"), previewBuild("previews/pr-42/")), { prefix: "previews/pr-42" });
    expect(invalidated()).toEqual([["/about/", "/about/index.html", "/index.html", "/sitemap.xml", "/"].map((p) => `/previews/pr-42${p}`).sort()]);
  });

  it("with --wait, asks GetInvalidation until CloudFront reports the invalidation Completed", async () => {
    await deployTo(original);
    cloudFront
      .on(GetInvalidationCommand)
      .resolvesOnce({ Invalidation: { Id: "I2", Status: "InProgress", CreateTime: new Date(), InvalidationBatch: undefined } })
      .resolves({ Invalidation: { Id: "I2", Status: "Completed", CreateTime: new Date(), InvalidationBatch: undefined } });
    lines = [];
    await deployTo(edited, { wait: { pollSeconds: 0.01 } });
    const polls = cloudFront.commandCalls(GetInvalidationCommand).map((call) => [call.args[0].input.DistributionId, call.args[0].input.Id]);
    expect(polls).toEqual([
      [distributionId, "I2"],
      [distributionId, "I2"],
    ]);
    expect(lines.at(-1)).toBe("flightsite: CloudFront finished the invalidation (I2)");
  });

  it("with --wait, gives up after its time with a message, the invalidation already accepted", async () => {
    cloudFront.on(GetInvalidationCommand).resolves(invalidationInProgress("I1"));
    await expect(deployTo(original, { wait: { pollSeconds: 0.01, timeoutSeconds: 0.05 } })).rejects.toThrow(
      "the site is uploaded and CloudFront accepted the invalidation, but waiting for it failed (invalidation I1 still in progress after 0.05 s); " +
        "it usually completes within minutes: see it in the CloudFront console",
    );
    expect((await storedManifest()).pending).toEqual([]);
  });
});
