// Issue 27: one deploy at a time. The lock is a conditional write (If-None-Match: "*"), which s3rver ignores, so these
// tests run against an in-memory bucket that honours it (support/memory-s3.ts), behind the real SDK client.
import { PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deploy, type DeployOptions } from "../../../src/deploy/deploy";
import { describeDeployer, lockFile } from "../../../src/deploy/lock";
import { DeployError } from "../../../src/errors";
import { createBuiltSites, siteWithScript, type BuiltSites } from "../support/built-site";
import { MemoryS3 } from "../support/memory-s3";

const bucket = "flightsite-test";
const now = Date.parse("2026-03-02T09:00:00Z");
const minute = 60_000;

describe("the deploy lock", () => {
  let sites: BuiltSites;
  let s3: { client: S3Client; objects: MemoryS3["objects"] };
  let site: string;
  let lines: string[];

  beforeAll(async () => {
    sites = await createBuiltSites();
    site = await sites.write(siteWithScript("AAAAAAAA"));
  });
  afterAll(() => sites.remove());
  beforeEach(() => {
    const memory = new MemoryS3({ bucket });
    s3 = { client: memory.client(1), objects: memory.objects };
    lines = [];
  });

  const deployAs = (deployer: string, options: Partial<DeployOptions> = {}) =>
    deploy({ outDir: site, shownOutDir: "dist", bucket, s3: s3.client, deployer, now: () => new Date(now), log: (line) => lines.push(line), ...options });
  const lockOf = (by: string, at: number, expires: number) =>
    JSON.stringify({ by, at: new Date(at).toISOString(), expires: new Date(expires).toISOString(), token: "other" });

  it("the fake refuses a write with If-None-Match over an existing key, as S3 does", async () => {
    const put = () => s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: "k", Body: "x", IfNoneMatch: "*" }));
    await put();
    await expect(put()).rejects.toMatchObject({ name: "PreconditionFailed", $metadata: { httpStatusCode: 412 } });
  });

  it("lets one of two deploys started together go ahead and refuses the other, naming who holds the lock", async () => {
    const names = ["jane@laptop", "GitHub Actions run https://github.com/o/r/actions/runs/7"];
    const results = await Promise.allSettled(names.map((name) => deployAs(name)));
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const winner = names[results.findIndex((r) => r.status === "fulfilled")];
    const refused = results.find((r) => r.status === "rejected")!.reason as Error;
    expect(refused).toBeInstanceOf(DeployError);
    expect(refused.message).toBe(
      `s3://${bucket}/ is locked by ${winner} since 2026-03-02T09:00:00.000Z (until 2026-03-02T10:00:00.000Z); wait for that ` +
        "deploy to finish, or if it stopped without unlocking, run again with --break-lock",
    );
    expect(s3.objects.has(lockFile), "released by the deploy that held it").toBe(false);
  });

  it("refuses a stale lock as stale, and --break-lock replaces it, then releases it", async () => {
    s3.objects.set(lockFile, { body: Buffer.from(lockOf("ci@runner", now - 120 * minute, now - 60 * minute)), etag: '"stale"', lastModified: new Date(now) });
    await expect(deployAs("jane@laptop")).rejects.toThrow(
      `s3://${bucket}/ is locked by ci@runner since 2026-03-02T07:00:00.000Z (the lock expired at 2026-03-02T08:00:00.000Z: that ` +
        "deploy has most likely stopped); run again with --break-lock",
    );
    expect([...s3.objects.keys()], "nothing written").toEqual([lockFile]);

    await deployAs("jane@laptop", { breakLock: true });
    expect(lines[0]).toBe(`flightsite: broke the lock of s3://${bucket}/ held by ci@runner since 2026-03-02T07:00:00.000Z`);
    expect(s3.objects.has(lockFile)).toBe(false);
    expect(s3.objects.has("index.html")).toBe(true);
  });

  it("writes who, when and until when into the lock while it deploys", async () => {
    let seen: unknown;
    const set = s3.objects.set.bind(s3.objects);
    s3.objects.set = (key, value) => {
      if (key === lockFile) seen = JSON.parse(value.body.toString());
      return set(key, value);
    };
    await deployAs("jane@laptop");
    expect(seen).toEqual({ by: "jane@laptop", at: "2026-03-02T09:00:00.000Z", expires: "2026-03-02T10:00:00.000Z", token: expect.any(String) });
  });

  it("releases the lock when the deploy fails, and takes none for a dry run", async () => {
    await deployAs("jane@laptop");
    const smaller = await sites.write({ "index.html": "only" });
    await expect(deployAs("jane@laptop", { outDir: smaller, maxDeletes: 0 })).rejects.toThrow("more than --max-deletes 0 allows");
    expect(s3.objects.has(lockFile)).toBe(false);
    s3.objects.set(lockFile, { body: Buffer.from(lockOf("ci@runner", now, now + 60 * minute)), etag: '"held"', lastModified: new Date(now) });
    await expect(deployAs("jane@laptop", { dryRun: true })).resolves.toBeDefined();
  });

  it("names the CI run in GitHub Actions, else the user and the host", () => {
    const env = { GITHUB_ACTIONS: "true", GITHUB_SERVER_URL: "https://github.com", GITHUB_REPOSITORY: "o/r", GITHUB_RUN_ID: "7", GITHUB_ACTOR: "jane" };
    expect(describeDeployer(env, "runner", "fv-az1")).toBe("GitHub Actions run https://github.com/o/r/actions/runs/7 (jane)");
    expect(describeDeployer({}, "jane", "laptop")).toBe("jane@laptop");
  });
});
