// Issue 27: an asset the site no longer uses outlives every page that may still name it: it is kept --keep-assets
// days and deleted by a later deploy, never before CloudFront accepted the invalidation of the pages that named it.
import { CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manifestFile } from "../../../src/output/manifest";
import { deploy, formatDeploySummary, type DeployOptions } from "../../../src/deploy/deploy";
import { createBuiltSites, siteWithScript, withoutLock, type BuiltSites } from "../support/built-site";
import { mockCloudFront, startTestBucket, testBucket, testCloudFrontClient } from "../support/deploy-aws";
import type { S3Server } from "../support/s3-server";

const bucket = testBucket;
const cloudFront = mockCloudFront();
const day = 24 * 60 * 60 * 1000;
const start = Date.parse("2026-03-02T09:00:00Z");
const oldScript = "assets/client.AAAAAAAA.js";
const newScript = "assets/client.BBBBBBBB.js";

describe("old assets", () => {
  let sites: BuiltSites;
  let server: S3Server;
  let s3: S3Client;
  let events: string[];
  let lines: string[];
  let before: string;
  let after: string;
  let afterWithoutAbout: string;
  /** CloudFront refuses the next invalidation when set. */
  let refuse: boolean;

  beforeAll(async () => {
    sites = await createBuiltSites();
    before = await sites.write(siteWithScript("AAAAAAAA"));
    after = await sites.write(siteWithScript("BBBBBBBB"));
    const { "about/index.html": _about, ...rest } = siteWithScript("BBBBBBBB");
    afterWithoutAbout = await sites.write(rest);
  });
  afterAll(() => sites.remove());
  beforeEach(async () => {
    ({ server, s3, requests: events } = await startTestBucket());
    lines = [];
    refuse = false;
    cloudFront.reset();
    cloudFront.on(CreateInvalidationCommand).callsFake(() => {
      if (refuse) {
        refuse = false;
        throw Object.assign(new Error("Service unavailable"), { name: "ServiceUnavailable" });
      }
      events.push("CreateInvalidation");
      return { Invalidation: { Id: "I1", Status: "InProgress" } };
    });
  });
  afterEach(() => server.close());

  const deployOn = (daysLater: number, outDir: string, options: Partial<DeployOptions> = {}) =>
    deploy({
      outDir,
      shownOutDir: "dist",
      bucket,
      s3,
      distributionId: "E2QWRUHAPOMQZL",
      cloudFront: testCloudFrontClient(),
      now: () => new Date(start + daysLater * day),
      log: (line) => lines.push(line),
      ...options,
    });
  const keys = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key);
  const retired = async () =>
    (JSON.parse(await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: manifestFile }))).Body!.transformToString()) as { retired: object })
      .retired;

  it("keeps the old script for 7 days after the pages stopped naming it, then a later deploy deletes it", async () => {
    await deployOn(0, before);
    const replaced = await deployOn(1, after);
    expect(replaced.plan.delete).toEqual([]);
    expect(replaced.plan.keep).toEqual([oldScript]);
    expect(await keys()).toContain(oldScript);
    expect(await retired()).toEqual({ [oldScript]: "2026-03-03T09:00:00.000Z" });
    expect(formatDeploySummary(replaced, "s3://b/")).toMatch(/: 3 uploaded \(.+\), 1 unchanged, 0 deleted, 1 old kept in /);

    expect((await deployOn(7.9, after)).plan.keep, "still within its 7 days").toEqual([oldScript]);
    expect(await keys()).toContain(oldScript);

    events.length = 0;
    const later = await deployOn(8, after);
    expect(later.plan.delete).toEqual([oldScript]);
    expect(withoutLock(events).slice(-2)).toEqual([`DeleteObjects ${oldScript}`, `PutObject ${manifestFile}`]);
    expect(await keys()).not.toContain(oldScript);
    expect(await retired()).toEqual({});
  });

  it("with --keep-assets 0, deletes the old script in the same deploy, only once CloudFront accepted the pages' invalidation", async () => {
    await deployOn(0, before);
    events.length = 0;
    await deployOn(1, after, { keepAssetsDays: 0 });
    const invalidated = events.indexOf("CreateInvalidation");
    expect(invalidated).toBeGreaterThan(events.indexOf("PutObject about/index.html"));
    expect(events.indexOf(`DeleteObjects ${oldScript}`)).toBeGreaterThan(invalidated);
    expect(await keys()).not.toContain(oldScript);
  });

  it("never deletes an old script while the invalidation of the pages that named it is not accepted", async () => {
    await deployOn(0, before);
    refuse = true;
    await expect(deployOn(1, after, { keepAssetsDays: 0 })).rejects.toThrow("CloudFront did not accept the invalidation");
    expect(await keys()).toContain(oldScript);

    // A deploy with no distribution to send the recorded paths to keeps it too, and says why.
    lines = [];
    const without = await deployOn(30, after, { keepAssetsDays: 0, distributionId: undefined });
    expect(await keys()).toContain(oldScript);
    expect([without.plan.delete, without.plan.keep], "the summary counts it as kept").toEqual([[], [oldScript]]);
    expect(lines).toEqual(["flightsite: kept 1 old files until CloudFront accepts the pending invalidation (deploy with --distribution)"]);

    events.length = 0;
    await deployOn(31, after, { keepAssetsDays: 0 });
    expect(events.indexOf(`DeleteObjects ${oldScript}`)).toBeGreaterThan(events.indexOf("CreateInvalidation"));
    expect(await keys()).not.toContain(oldScript);
  });

  it("deletes a page the site dropped in the same deploy, after its invalidation, and keeps the old script", async () => {
    await deployOn(0, before);
    events.length = 0;
    const result = await deployOn(1, afterWithoutAbout);
    expect(result.plan.delete).toEqual(["about/index.html"]);
    expect(result.plan.keep).toEqual([oldScript]);
    expect(events.indexOf("DeleteObjects about/index.html")).toBeGreaterThan(events.indexOf("CreateInvalidation"));
    const invalidatedPaths = cloudFront.commandCalls(CreateInvalidationCommand).at(-1)!.args[0].input.InvalidationBatch?.Paths?.Items;
    expect(invalidatedPaths).toEqual(["/", "/about/", "/about/index.html", "/index.html"]);
  });

  it("lists what it keeps in a dry run, with the day each file left the site and the day it will be deleted", async () => {
    await deployOn(0, before);
    await deployOn(1, after);
    lines = [];
    await deployOn(2, after, { dryRun: true });
    expect(lines.filter((line) => !line.startsWith("unchanged"))).toEqual([
      `keep       ${oldScript} (out of the site since 2026-03-03T09:00:00.000Z; deleted by the first deploy from 2026-03-10T09:00:00.000Z)`,
    ]);
  });

  // Issue 36: old assets whose grace period ended were counted by the deploy they left the site with.
  it("never counts old assets past their grace period against --max-deletes, and says so when it refuses", async () => {
    const three = { "assets/a.css": "a", "assets/b.css": "b", "assets/c.css": "c" };
    await deployOn(0, await sites.write(siteWithScript("AAAAAAAA", three)));
    await deployOn(1, after);
    expect((await deployOn(9, after, { maxDeletes: 0 })).plan.delete).toEqual(["assets/a.css", "assets/b.css", "assets/c.css", oldScript]);

    await deployOn(10, before);
    await deployOn(11, after);
    await expect(deployOn(19, afterWithoutAbout, { maxDeletes: 0, dryRun: true })).rejects.toThrow(
      `a real deploy would stop here, before changing anything: this deploy would delete 1 objects of s3://${bucket}/ that dist/ no ` +
        "longer has (about/index.html) (and 1 old asset past --keep-assets, not counted), more than --max-deletes 0 allows; check " +
        "that dist/ holds the whole site, then run again with --max-deletes 1",
    );
    expect((await deployOn(19, afterWithoutAbout, { maxDeletes: 1 })).plan.delete).toEqual(["about/index.html", oldScript]);
  });
});
