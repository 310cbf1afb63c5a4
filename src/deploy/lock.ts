import { randomUUID } from "node:crypto";
import { DeployError } from "../errors";
import { deleteObject, getObject, putObject, type Bucket } from "./bucket";

/** The lock object beside the site's manifest: while it exists, one deploy (or teardown) owns the prefix. */
export const lockFile = ".deploy-lock.json";

/** What the lock object holds: who took it and until when it is taken as alive. */
export interface LockInfo {
  /** "jane@laptop", or the CI run's address. */
  by: string;
  /** ISO 8601. */
  at: string;
  expires: string;
  /** Tells this deploy's lock from one another deploy took after breaking it. */
  token: string;
}

export interface LockOptions {
  by: string;
  now: Date;
  /** How long the lock is taken as alive; default an hour, more than any deploy of the site takes. */
  minutes?: number;
  /** Replace a lock another deploy left (it stopped without unlocking: a killed process, a cancelled CI job). */
  breakLock?: boolean;
  log: (line: string) => void;
}

export interface HeldLock {
  /** Deletes the lock, unless another deploy has broken and replaced it since. */
  release(): Promise<void>;
}

/**
 * Takes the lock of the prefix with a conditional write (If-None-Match: "*"), which S3 grants to one writer only, so
 * two deploys started at the same moment cannot both go ahead. A held lock is refused with who holds it and since
 * when; `breakLock` replaces it, again conditionally (If-Match on the lock read), so two deploys breaking the same
 * stale lock cannot both win.
 */
export async function acquireLock(bucket: Bucket, options: LockOptions): Promise<HeldLock> {
  const expires = new Date(options.now.getTime() + (options.minutes ?? 60) * 60_000);
  const info: LockInfo = { by: options.by, at: options.now.toISOString(), expires: expires.toISOString(), token: randomUUID() };
  const write = (condition: { ifNoneMatch?: "*"; ifMatch?: string }) =>
    putObject(bucket, lockFile, `${JSON.stringify(info, null, 2)}\n`, { contentType: "application/json; charset=utf-8", cacheControl: "no-cache" }, condition);
  const target = `s3://${bucket.name}/${bucket.prefix}`;
  const held: HeldLock = {
    async release() {
      const current = await getObject(bucket, lockFile);
      if (current && parseLock(current.text)?.token === info.token) await deleteObject(bucket, lockFile);
      else options.log(`flightsite: left the lock of ${target} alone: another deploy broke it and holds it now`);
    },
  };
  // Twice at most: a lock released between our write and our read of it is simply free again.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await conditionally(() => write({ ifNoneMatch: "*" }))) return held;
    const existing = await getObject(bucket, lockFile);
    if (!existing) continue;
    const other = parseLock(existing.text);
    const holder = other ? `${other.by} since ${other.at}` : "a deploy (its lock cannot be read)";
    if (!options.breakLock) {
      const stale = other && Date.parse(other.expires) <= options.now.getTime();
      throw new DeployError(
        `${target} is locked by ${holder}` +
          (stale
            ? ` (the lock expired at ${other.expires}: that deploy has most likely stopped); run again with --break-lock`
            : ` (until ${other?.expires ?? "it is removed"}); wait for that deploy to finish, or if it stopped without unlocking, run again with --break-lock`),
      );
    }
    if (await conditionally(() => write({ ifMatch: existing.etag }))) {
      options.log(`flightsite: broke the lock of ${target} held by ${holder}`);
      return held;
    }
  }
  throw new DeployError(`${target} is being locked by another deploy at this very moment; wait for it to finish, then run again`);
}

/** Who runs this deploy, for the lock: the CI run's address in GitHub Actions, else user@host. */
export function describeDeployer(env: Record<string, string | undefined>, user: string, host: string): string {
  if (env.GITHUB_ACTIONS === "true" && env.GITHUB_RUN_ID) {
    const run = `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`;
    return `GitHub Actions run ${run}${env.GITHUB_ACTOR ? ` (${env.GITHUB_ACTOR})` : ""}`;
  }
  return `${user}@${host}`;
}

// --- internal ---

/** Runs a conditional write: true when it was made, false when S3 refused its condition (412, or 409 for a race). */
async function conditionally(write: () => Promise<void>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (name === "PreconditionFailed" || name === "ConditionalRequestConflict" || $metadata?.httpStatusCode === 412 || $metadata?.httpStatusCode === 409) return false;
    throw error;
  }
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
