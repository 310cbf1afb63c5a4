import { randomUUID } from "node:crypto";
import { DeployError } from "../errors";
import { deleteObject, getObject, putObject, type Bucket } from "./bucket";

/** The lock object beside the site's manifest: while it exists, one deploy (or teardown) owns the prefix. */
export const lockFile = ".deploy-lock.json";

/** What the lock object holds: who took it, and until when it is taken as alive unless renewed. */
export interface LockInfo {
  /** Who holds it, in words a person can act on: the CI run's address, or "jane@laptop (process 4242)". */
  by: string;
  /** ISO 8601: when it was taken. */
  at: string;
  /** ISO 8601: when it was last renewed (a deploy renews it every minute while it runs). */
  renewed?: string;
  /** ISO 8601: past this, the deploy that holds it has stopped, and `--break-lock` may take it. */
  expires: string;
  /** The lock's id: tells this deploy's lock from another's; `--break-lock <id>` breaks exactly this one. */
  token: string;
}

/** How long a lock stays alive without being renewed: a killed deploy frees the prefix within this. */
export const lockMinutes = 5;

/** How often a running deploy renews its lock. */
export const renewSeconds = 60;

export interface LockOptions {
  by: string;
  /** The clock: when the lock is taken and renewed, and whether another's lock has expired. */
  now: () => Date;
  /** How long the lock is alive without renewal; default `lockMinutes`. */
  minutes?: number;
  /** How often it is renewed while held, in milliseconds; default `renewSeconds`. */
  renewMs?: number;
  /**
   * Take a lock another deploy left: `true` takes it only once it has expired (that deploy stopped: a killed process,
   * a cancelled CI job); a lock id (the `token` a refusal names) takes that very lock, expired or not.
   */
  breakLock?: boolean | string;
  log: (line: string) => void;
}

export interface HeldLock {
  /**
   * Checks, with a conditional write (If-Match: the lock's ETag) that also renews it, that this deploy still holds
   * its lock; throws a DeployError that says so, and names `before` (what it was about to do), when it does not.
   */
  confirm(before: string): Promise<void>;
  /** Set once a renewal found the lock taken by another deploy: the deploy stops at its next check. */
  readonly lost: boolean;
  /** Stops renewing and deletes the lock (If-Match: its ETag), unless another deploy has taken it since. */
  release(): Promise<void>;
  /** When the lock expires if it is not renewed (and not released): for a message after a failed release. */
  readonly expires: Date;
}

/**
 * Takes the lock of the prefix with a conditional write (If-None-Match: "*"), which S3 grants to one writer only, so
 * two deploys started at the same moment cannot both go ahead. The lock lives `minutes` unless renewed, and the
 * holder renews it every `renewMs` while it runs (If-Match on its own ETag), so a deploy that was killed frees the
 * prefix within minutes, and a running one is never taken for stopped. A held lock is refused with who holds it,
 * since when and its id; `breakLock` replaces only an expired lock (or the one whose id it names), again with
 * If-Match on the lock read, so two deploys breaking the same stale lock cannot both win.
 */
export async function acquireLock(bucket: Bucket, options: LockOptions): Promise<HeldLock> {
  const ttl = (options.minutes ?? lockMinutes) * 60_000;
  const taken = options.now();
  const token = randomUUID();
  const target = `s3://${bucket.name}/${bucket.prefix}`;
  const infoAt = (now: Date): LockInfo => ({
    by: options.by,
    at: taken.toISOString(),
    renewed: now.toISOString(),
    expires: new Date(now.getTime() + ttl).toISOString(),
    token,
  });
  const write = async (info: LockInfo, condition: { ifNoneMatch?: "*"; ifMatch?: string }) =>
    putObject(bucket, lockFile, `${JSON.stringify(info, null, 2)}\n`, { contentType: "application/json; charset=utf-8", cacheControl: "no-cache" }, condition);

  // Twice at most: a lock released between our write and our read of it is simply free again.
  for (let attempt = 0; attempt < 2; attempt++) {
    const first = infoAt(options.now());
    const etag = await conditionally(() => write(first, { ifNoneMatch: "*" }));
    if (etag !== undefined) return holdLock(bucket, options, { etag, info: first, infoAt, write, target });
    const existing = await getObject(bucket, lockFile);
    if (!existing) continue;
    const other = parseLock(existing.text);
    const holder = other ? `${other.by} since ${other.at}` : "a deploy (its lock cannot be read)";
    const expired = !other || Date.parse(other.expires) <= options.now().getTime();
    const named = typeof options.breakLock === "string" && other?.token === options.breakLock;
    if (!options.breakLock || !(expired || named)) {
      throw new DeployError(refusal(target, holder, other, expired, options.breakLock));
    }
    const broken = infoAt(options.now());
    const etagBroken = await conditionally(() => write(broken, { ifMatch: existing.etag }));
    if (etagBroken !== undefined) {
      options.log(`flightsite: broke the lock of ${target} held by ${holder}${other ? ` (lock ${other.token})` : ""}`);
      return holdLock(bucket, options, { etag: etagBroken, info: broken, infoAt, write, target });
    }
  }
  throw new DeployError(`${target} is being locked by another deploy at this very moment; wait for it to finish, then run again`);
}

/** Who runs this deploy, for the lock: the CI run's address in GitHub Actions, else user@host and the process id. */
export function describeDeployer(env: Record<string, string | undefined>, user: string, host: string, pid?: number): string {
  if (env.GITHUB_ACTIONS === "true" && env.GITHUB_RUN_ID) {
    const run = `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`;
    return `GitHub Actions run ${run}${env.GITHUB_ACTOR ? ` (${env.GITHUB_ACTOR})` : ""}`;
  }
  return `${user}@${host}${pid === undefined ? "" : ` (process ${pid})`}`;
}

// --- internal ---

interface Held {
  etag: string;
  info: LockInfo;
  infoAt: (now: Date) => LockInfo;
  write: (info: LockInfo, condition: { ifMatch: string }) => Promise<string>;
  target: string;
}

function holdLock(bucket: Bucket, options: LockOptions, held: Held): HeldLock {
  let { etag, info } = held;
  let lost: LockInfo | "gone" | undefined;
  // One conditional write at a time: a renewal and a check never race each other for the same ETag.
  let queue: Promise<unknown> = Promise.resolve();
  const renew = () => {
    const next = queue.then(async () => {
      if (lost) return;
      const renewed = held.infoAt(options.now());
      const written = await conditionally(() => held.write(renewed, { ifMatch: etag }));
      if (written !== undefined) [etag, info] = [written, renewed];
      else {
        const now = await getObject(bucket, lockFile).catch(() => undefined);
        lost = (now && parseLock(now.text)) ?? "gone";
      }
    });
    queue = next.catch(() => {}); // a renewal S3 failed is tried again at the next tick: the lock lives minutes
    return next;
  };
  const timer = setInterval(() => void renew().catch(() => {}), options.renewMs ?? renewSeconds * 1000);
  timer.unref();
  return {
    get lost() {
      return lost !== undefined;
    },
    get expires() {
      return new Date(info.expires);
    },
    async confirm(before) {
      await renew();
      if (!lost) return;
      clearInterval(timer);
      const who = lost === "gone" ? "it was removed" : `${lost.by} holds it since ${lost.at} (lock ${lost.token})`;
      throw new DeployError(
        `${held.target}: this deploy lost its lock (${who}), so it stopped before ${before}; nothing of it was deleted. ` +
          `Let the other deploy finish, then run this one again if its build should be the one published`,
      );
    },
    async release() {
      clearInterval(timer);
      await queue;
      if (lost) {
        options.log(`flightsite: left the lock of ${held.target} alone: another deploy took it and holds it now`);
        return;
      }
      try {
        await deleteObject(bucket, lockFile, { ifMatch: etag });
      } catch (error) {
        if (isConditionFailure(error)) options.log(`flightsite: left the lock of ${held.target} alone: another deploy took it and holds it now`);
        else if ((error as Error).name !== "NoSuchKey") throw error;
      }
    },
  };
}

function refusal(target: string, holder: string, other: LockInfo | undefined, expired: boolean, breakLock: boolean | string | undefined): string {
  const id = other ? ` (lock ${other.token})` : "";
  if (expired && other) {
    return `${target} is locked by ${holder}${id}, but the lock expired at ${other.expires}: that deploy has stopped; run again with --break-lock`;
  }
  if (!other) return `${target} is locked by ${holder}; wait a few minutes and run again, or remove ${target}${lockFile} once no deploy runs`;
  const named = typeof breakLock === "string" ? ` (--break-lock ${breakLock} names another lock)` : "";
  return (
    `${target} is locked by ${holder}${id}, and that deploy is running: its lock was renewed at ${other.renewed ?? other.at} ` +
    `and lives until ${other.expires}${named}. Wait for it to finish. If it was killed, run again with --break-lock after ` +
    `${other.expires}; to take it now, make sure that deploy has stopped, then run again with --break-lock ${other.token}`
  );
}

/** Runs a conditional write: its ETag when it was made, undefined when S3 refused its condition (412, or 409 for a race). */
async function conditionally(write: () => Promise<string>): Promise<string | undefined> {
  try {
    return await write();
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

function isConditionFailure(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "PreconditionFailed" || name === "ConditionalRequestConflict" || $metadata?.httpStatusCode === 412 || $metadata?.httpStatusCode === 409;
}

function parseLock(text: string): LockInfo | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockInfo>;
    return typeof value.by === "string" && typeof value.at === "string" && typeof value.expires === "string" && typeof value.token === "string"
      ? (value as LockInfo)
      : undefined;
  } catch {
    return undefined;
  }
}
