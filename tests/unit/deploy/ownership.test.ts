// Issue 27: a deploy touches only its own objects. A bucket without a flightsite manifest is refused unless --adopt;
// deletions stay within the keys the manifest owns and under --max-deletes; the site's own deploy never touches
// previews/. Against s3rver on 127.0.0.1.
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deploy, type DeployOptions } from "../../../src/deploy/deploy";
import { DeployError } from "../../../src/errors";
import { createBuiltSites, previewBuild, siteWithScript, withoutLock, type BuiltSites } from "../support/built-site";
import { startTestBucket, testBucket } from "../support/deploy-aws";
import type { S3Server } from "../support/s3-server";

const bucket = testBucket;
const day = 24 * 60 * 60 * 1000;

describe("a deploy and objects that are not its own", () => {
  let sites: BuiltSites;
  let server: S3Server;
  let s3: S3Client;
  let events: string[];
  let lines: string[];
  let site: string;
  let smaller: string;

  beforeAll(async () => {
    sites = await createBuiltSites();
    const pages = Object.fromEntries(["a", "b", "c"].map((name) => [`${name}/index.html`, name]));
    site = await sites.write(siteWithScript("AAAAAAAA", pages));
    smaller = await sites.write(siteWithScript("AAAAAAAA"));
  });
  afterAll(() => sites.remove());
  beforeEach(async () => {
    ({ server, s3, requests: events } = await startTestBucket());
    lines = [];
  });
  afterEach(() => server.close());

  const deployTo = (outDir: string, options: Partial<DeployOptions> = {}) =>
    deploy({ outDir, shownOutDir: "dist", bucket, s3, log: (line) => lines.push(line), ...options });
  const put = (key: string) => s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: "not the site's" }));
  const keys = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!);

  it("refuses a bucket that holds objects but no flightsite manifest, naming a few, and writes nothing", async () => {
    for (const key of ["quotes/2025/0001.json", "backups/important.txt", "quotes/2025/0002.json", "notes.txt"]) await put(key);
    events.length = 0;
    await expect(deployTo(site)).rejects.toThrow(
      new DeployError(
        `s3://${bucket}/ holds 4 objects but no .deploy-manifest.json, so no flightsite deploy wrote them ` +
          "(backups/important.txt, notes.txt, quotes/2025/0001.json and 1 more); deploy into an empty bucket or another --prefix, " +
          "or run again with --adopt to take them over (those the site does not have are then deleted like old files of the site)",
      ),
    );
    expect(withoutLock(events)).toEqual(["GetObject .deploy-manifest.json", "ListObjectsV2"]);
    await expect(deployTo(site, { dryRun: true }), "a dry run says the same").rejects.toThrow(DeployError);
  });

  it("with --adopt, takes the objects over: pages the site lacks go now, other files after the grace period", async () => {
    await put("old-page/index.html");
    await put("backups/important.txt");
    const now = Date.parse("2026-03-02T09:00:00Z");
    const adopted = await deployTo(site, { adopt: true, now: () => new Date(now) });
    expect(adopted.plan.delete).toEqual(["old-page/index.html"]);
    expect(adopted.plan.keep).toEqual(["backups/important.txt"]);
    // Issue 36: the person who adopts is told the day the other files go.
    expect(lines).toEqual([
      "flightsite: took over 2 objects no deploy wrote; of those the site does not have, 1 (pages, feeds) goes now and 1 other file " +
        "is deleted by the first deploy from 2026-03-09T09:00:00.000Z (--keep-assets)",
    ]);
    expect(await keys()).not.toContain("old-page/index.html");
    await deployTo(site, { now: () => new Date(now + 7 * day) });
    expect(await keys()).not.toContain("backups/important.txt");
  });

  it("never deletes an object its manifest does not own, and says it left it", async () => {
    await deployTo(site);
    await put("backups/important.txt");
    await put("assets/client.ZZZZZZZZ.js");
    const result = await deployTo(smaller, { keepAssetsDays: 0 });
    expect(result.plan.delete).toEqual(["a/index.html", "b/index.html", "c/index.html"]);
    expect(result.plan.foreign).toEqual(["assets/client.ZZZZZZZZ.js", "backups/important.txt"]);
    expect(await keys()).toEqual(expect.arrayContaining(["assets/client.ZZZZZZZZ.js", "backups/important.txt"]));
    expect(lines).toEqual(["flightsite: left 2 objects that no deploy of this site wrote (assets/client.ZZZZZZZZ.js, backups/important.txt)"]);
  });

  it("stops before changing anything when it would delete more than --max-deletes", async () => {
    await deployTo(site);
    events.length = 0;
    await expect(deployTo(smaller, { maxDeletes: 2 })).rejects.toThrow(
      new DeployError(
        `this deploy would delete 3 objects of s3://${bucket}/ that dist/ no longer has (a/index.html, b/index.html, c/index.html), more ` +
          "than --max-deletes 2 allows; check that dist/ holds the whole site, then run again with --max-deletes 3",
      ),
    );
    // Issue 36: the dry run fails where the deploy would, after listing the plan.
    events.length = 0;
    await expect(deployTo(smaller, { maxDeletes: 2, dryRun: true })).rejects.toThrow(
      `a real deploy would stop here, before changing anything: this deploy would delete 3 objects of s3://${bucket}/`,
    );
    expect(lines).toContain("delete     c/index.html");
    expect(withoutLock(events)).toEqual(["GetObject .deploy-manifest.json", "ListObjectsV2"]);
    expect((await deployTo(smaller, { maxDeletes: 3 })).plan.delete).toHaveLength(3);
  });

  it("leaves previews/ alone: not foreign in a new bucket, never deleted, and refused as a folder of the site", async () => {
    await deployTo(await sites.write(siteWithScript("AAAAAAAA"), previewBuild("previews/pr-42/")), { prefix: "previews/pr-42/" });
    const preview = await keys();
    const live = await deployTo(site);
    expect(live.plan.foreign).toEqual([]);
    await deployTo(smaller, { keepAssetsDays: 0 });
    expect((await keys()).filter((key) => key.startsWith("previews/"))).toEqual(preview);

    const withPreviews = await sites.write({ ...siteWithScript("AAAAAAAA"), "previews/index.html": "oops" });
    await expect(deployTo(withPreviews)).rejects.toThrow(
      "dist/ has files under previews/ (previews/index.html), the bucket's folder for previews; rename that folder of the site",
    );
  });
});
