// Issues 27 and 36: one deploy at a time, through a lock that holds. The lock is a conditional write (If-None-Match,
// If-Match), which s3rver ignores, so these tests run against the in-memory bucket that honours them
// (support/memory-s3.ts, the one fake of S3 with conditional writes), behind the real SDK client.
import { PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deploy, type DeployOptions } from "../../../src/deploy/deploy";
import { acquireLock, describeDeployer, lockFile } from "../../../src/deploy/lock";
import { DeployError } from "../../../src/errors";
import { main } from "../../../src/cli";
import { createBuiltSites, siteWithScript, type BuiltSites } from "../support/built-site";
import { MemoryS3 } from "../support/memory-s3";
import { startS3Server } from "../support/s3-server";

const bucket = "flightsite-test";
const now = Date.parse("2026-03-02T09:00:00Z");
const minute = 60_000;
const iso = (time: number) => new Date(time).toISOString();

describe("the deploy lock", () => {
  let sites: BuiltSites;
  let memory: MemoryS3;
  let s3: S3Client;
  let site: string;
  let lines: string[];

  beforeAll(async () => {
    sites = await createBuiltSites();
    site = await sites.write(siteWithScript("AAAAAAAA", { "assets/a.css": "a", "assets/b.css": "b", "assets/c.css": "c" }));
  });
  afterAll(() => sites.remove());
  beforeEach(() => {
    memory = new MemoryS3({ bucket });
    s3 = memory.client(1);
    lines = [];
  });

  const deployAs = (deployer: string, options: Partial<DeployOptions> = {}) =>
    deploy({ outDir: site, shownOutDir: "dist", bucket, s3, deployer, now: () => new Date(now), log: (line) => lines.push(line), ...options });
  const lockOf = (by: string, at: number, expires: number, token = "other-lock") =>
    JSON.stringify({ by, at: iso(at), renewed: iso(at), expires: iso(expires), token });
  const putLock = (text: string, etag = '"held"') => memory.objects.set(lockFile, { body: Buffer.from(text), etag, lastModified: new Date(now) });
  /** Runs `then` once, when the deploy sends its first upload of a file of the site (not the manifest, not the lock). */
  const onFirstUpload = (then: () => void) => {
    let done = false;
    memory.fault = (call) => {
      if (!done && call.method === "PUT" && call.key.startsWith("assets/")) {
        done = true;
        then();
      }
      return undefined;
    };
  };

  it("the fake refuses a write with If-None-Match over an existing key, as S3 does", async () => {
    const put = () => s3.send(new PutObjectCommand({ Bucket: bucket, Key: "k", Body: "x", IfNoneMatch: "*" }));
    await put();
    await expect(put()).rejects.toMatchObject({ name: "PreconditionFailed", $metadata: { httpStatusCode: 412 } });
  });

  it("lets one of two deploys started together go ahead and refuses the other, naming who holds the lock and its id", async () => {
    const names = ["jane@laptop (process 4242)", "GitHub Actions run https://github.com/o/r/actions/runs/7"];
    // The one that takes the lock waits at its first upload until the other has been answered, so the two meet
    // however busy the machine is (without this, a quick first deploy could be done before the second starts).
    let otherAnswered!: () => void;
    const answered = new Promise<void>((resolve) => (otherAnswered = resolve));
    memory.pause = (call) => (call.method === "PUT" && call.key.startsWith("assets/") ? answered : undefined);
    const runs = names.map((name) => deployAs(name));
    void Promise.race(runs.map((run) => run.then(() => undefined, () => undefined))).then(otherAnswered);
    const results = await Promise.allSettled(runs);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const winner = names[results.findIndex((r) => r.status === "fulfilled")];
    const refused = results.find((r) => r.status === "rejected")!.reason as Error;
    expect(refused).toBeInstanceOf(DeployError);
    expect(refused.message).toMatch(
      new RegExp(
        `^s3://${bucket}/ is locked by ${winner!.replace(/[()]/g, "\\$&")} since 2026-03-02T09:00:00.000Z \\(lock ([0-9a-f-]{36})\\), and that deploy is ` +
          "running: its lock was renewed at 2026-03-02T09:00:00.000Z and lives until 2026-03-02T09:05:00.000Z. Wait for it to finish. If " +
          "it was killed, run again with --break-lock after 2026-03-02T09:05:00.000Z; to take it now, make sure that deploy has stopped, " +
          "then run again with --break-lock \\1$",
      ),
    );
    expect(memory.objects.has(lockFile), "released by the deploy that held it").toBe(false);
  });

  it("refuses --break-lock on a lock that is alive, and takes it with the lock's id", async () => {
    putLock(lockOf("ci@runner (process 7)", now - minute, now + 4 * minute));
    const refusal =
      `s3://${bucket}/ is locked by ci@runner (process 7) since 2026-03-02T08:59:00.000Z (lock other-lock), and that deploy is running: its ` +
      "lock was renewed at 2026-03-02T08:59:00.000Z and lives until 2026-03-02T09:04:00.000Z";
    await expect(deployAs("jane@laptop", { breakLock: true })).rejects.toThrow(refusal);
    await expect(deployAs("jane@laptop", { breakLock: "another-id" })).rejects.toThrow(`${refusal} (--break-lock another-id names another lock). Wait`);
    expect(memory.keys(), "nothing written").toEqual([lockFile]);
    expect(memory.text(lockFile)).toBe(lockOf("ci@runner (process 7)", now - minute, now + 4 * minute));

    await deployAs("jane@laptop", { breakLock: "other-lock" });
    expect(lines[0]).toBe(`flightsite: broke the lock of s3://${bucket}/ held by ci@runner (process 7) since 2026-03-02T08:59:00.000Z (lock other-lock)`);
    expect(memory.objects.has(lockFile)).toBe(false);
    expect(memory.objects.has("index.html")).toBe(true);
  });

  it("refuses an expired lock as stale, and --break-lock takes it, then releases it", async () => {
    putLock(lockOf("ci@runner", now - 20 * minute, now - 10 * minute));
    await expect(deployAs("jane@laptop")).rejects.toThrow(
      new DeployError(
        `s3://${bucket}/ is locked by ci@runner since 2026-03-02T08:40:00.000Z (lock other-lock), but the lock expired at ` +
          "2026-03-02T08:50:00.000Z: that deploy has stopped; run again with --break-lock",
      ),
    );
    expect(memory.keys(), "nothing written").toEqual([lockFile]);
    await deployAs("jane@laptop", { breakLock: true });
    expect(lines[0]).toBe(`flightsite: broke the lock of s3://${bucket}/ held by ci@runner since 2026-03-02T08:40:00.000Z (lock other-lock)`);
    expect(memory.objects.has(lockFile)).toBe(false);
  });

  it("lets only one of two deploys breaking the same stale lock go ahead", async () => {
    putLock(lockOf("ci@runner", now - 20 * minute, now - 10 * minute));
    // As above: the one that breaks the lock waits at its first upload until the other has been answered, so a busy
    // machine cannot let the first deploy finish (and release) before the second tries.
    let otherAnswered!: () => void;
    const answered = new Promise<void>((resolve) => (otherAnswered = resolve));
    memory.pause = (call) => (call.method === "PUT" && call.key.startsWith("assets/") ? answered : undefined);
    const runs = ["jane@laptop", "sam@desktop"].map((name) => deployAs(name, { breakLock: true }));
    void Promise.race(runs.map((run) => run.then(() => undefined, () => undefined))).then(otherAnswered);
    const results = await Promise.allSettled(runs);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = (results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason as Error;
    expect(refused.message).toMatch(new RegExp(`^s3://${bucket}/ is locked by (jane@laptop|sam@desktop) since 2026-03-02T09:00:00.000Z \\(lock [0-9a-f-]{36}\\), and that deploy is running`));
    expect(lines.filter((line) => line.startsWith("flightsite: broke the lock"))).toHaveLength(1);
  });

  it("renews its lock while it runs (If-Match on its own ETag), so it never looks stopped, and removes it when released", async () => {
    let clock = now;
    const lock = await acquireLock({ client: s3, name: bucket, prefix: "" }, { by: "jane@laptop", now: () => new Date((clock += minute)), renewMs: 5, log: () => {} });
    const first = JSON.parse(memory.text(lockFile)!) as { expires: string; at: string };
    expect(first).toEqual({ by: "jane@laptop", at: iso(now + minute), renewed: iso(now + 2 * minute), expires: iso(now + 7 * minute), token: expect.any(String) });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const later = JSON.parse(memory.text(lockFile)!) as { expires: string; at: string; renewed: string };
    expect(later.at).toBe(first.at);
    expect(Date.parse(later.expires)).toBeGreaterThan(Date.parse(first.expires));
    expect(Date.parse(later.expires) - Date.parse(later.renewed)).toBe(5 * minute);
    expect(memory.calls.filter((call) => call.method === "PUT" && call.key === lockFile).length).toBeGreaterThan(2);
    await lock.release();
    expect(memory.objects.has(lockFile)).toBe(false);
  });

  it("stops before its next step, saying so, when another deploy took its lock, and deletes nothing", async () => {
    await deployAs("jane@laptop");
    const smaller = await sites.write(siteWithScript("BBBBBBBB"));
    memory.calls.length = 0;
    onFirstUpload(() => putLock(lockOf("sam@desktop (process 9)", now, now + 5 * minute, "sams-lock"), '"sams"'));
    await expect(deployAs("jane@laptop", { outDir: smaller, keepAssetsDays: 0, concurrency: 1 })).rejects.toThrow(
      new DeployError(
        `s3://${bucket}/: this deploy lost its lock (sam@desktop (process 9) holds it since 2026-03-02T09:00:00.000Z (lock sams-lock)), so it ` +
          "stopped before uploading the pages; nothing of it was deleted. Let the other deploy finish, then run this one again if its " +
          "build should be the one published",
      ),
    );
    expect(memory.calls.filter((call) => call.method === "POST" || (call.method === "DELETE" && call.key !== lockFile))).toEqual([]);
    expect(memory.calls.filter((call) => call.method === "PUT" && call.key.endsWith(".html"))).toEqual([]);
    expect(memory.text(lockFile), "the other deploy's lock left alone").toContain("sams-lock");
    expect(lines.at(-1)).toBe(`flightsite: left the lock of s3://${bucket}/ alone: another deploy took it and holds it now`);
  });

  it("stops between two objects on SIGINT, releases its lock and says what is left; the next deploy finishes", async () => {
    const stopping = new AbortController();
    onFirstUpload(() => stopping.abort("SIGINT"));
    await expect(deployAs("jane@laptop", { signal: stopping.signal, concurrency: 1 })).rejects.toThrow(
      new DeployError(
        `s3://${bucket}/: stopped by SIGINT after uploading 1 of 7 files, before uploading the rest of the assets and downloads; the ` +
          "site there is still whole (new files go up before the pages that use them, and nothing was deleted); run the same deploy again to finish it",
      ),
    );
    expect(memory.objects.has(lockFile)).toBe(false);
    expect(memory.keys().filter((key) => key.endsWith(".html"))).toEqual([]);
    expect(lines).toEqual([`flightsite: released the lock of s3://${bucket}/`]);
    memory.fault = () => undefined;
    const again = await deployAs("jane@laptop");
    expect(again.plan.upload).toHaveLength(7);
    expect(memory.keys()).toContain("index.html");
  });

  it("stops on the first Ctrl-C from the command line, with its lock released", async () => {
    const server = await startS3Server(bucket);
    const err: string[] = [];
    const out: string[] = [];
    try {
      const env = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER", AWS_MAX_ATTEMPTS: "1" };
      const previous = { ...process.env };
      Object.assign(process.env, env);
      const io = {
        stdout: (t: string) => void out.push(t),
        stderr: (t: string) => void err.push(t),
        cwd: process.cwd(),
        env,
        // The signal comes at once: the deploy stops before it changes anything.
        onStop: (stop: (signal: string) => void) => (stop("SIGINT"), () => {}),
      };
      const code = await main(["deploy", "--bucket", bucket, "--endpoint", server.endpoint, "--out", site], io).finally(() => {
        for (const name of Object.keys(env)) if (!(name in previous)) delete process.env[name];
      });
      expect(code).toBe(1);
      expect(err.join("")).toBe(
        `flightsite: s3://${bucket}/: stopped by SIGINT after uploading 0 of 7 files, before changing anything; the site there is still ` +
          "whole (new files go up before the pages that use them, and nothing was deleted); run the same deploy again to finish it\n",
      );
      expect(out.join("")).toBe(`flightsite: released the lock of s3://${bucket}/\n`);
    } finally {
      await server.close();
    }
  });

  it("says in one message what to do when the deploy failed and its lock could not be removed", async () => {
    memory.fault = (call) => (call.method === "PUT" && call.key === "index.html") || (call.method === "DELETE" && call.key === lockFile) ? "unavailable" : undefined;
    await expect(deployAs("jane@laptop")).rejects.toThrow(
      new DeployError(
        `s3://${bucket}/ stopped the upload (ServiceUnavailable: Please reduce your request rate.); the site there is still whole (new ` +
          "files go up before the pages that use them); run the same deploy again to finish it, after 2026-03-02T09:05:00.000Z: its lock " +
          `s3://${bucket}/.deploy-lock.json could not be removed (ServiceUnavailable: Please reduce your request rate.) and keeps every ` +
          "deploy out until it expires at 2026-03-02T09:05:00.000Z",
      ),
    );
  });

  it("takes no lock for a dry run", async () => {
    putLock(lockOf("ci@runner", now, now + 5 * minute));
    await expect(deployAs("jane@laptop", { dryRun: true })).resolves.toBeDefined();
  });

  it("names the CI run in GitHub Actions, else the user, the host and the process", () => {
    const env = { GITHUB_ACTIONS: "true", GITHUB_SERVER_URL: "https://github.com", GITHUB_REPOSITORY: "o/r", GITHUB_RUN_ID: "7", GITHUB_ACTOR: "jane" };
    expect(describeDeployer(env, "runner", "fv-az1", 12)).toBe("GitHub Actions run https://github.com/o/r/actions/runs/7 (jane)");
    expect(describeDeployer({}, "jane", "laptop", 4242)).toBe("jane@laptop (process 4242)");
  });
});
