import type { CloudFrontClient } from "@aws-sdk/client-cloudfront";
import type { S3Client } from "@aws-sdk/client-s3";
import { manifestFile, type Manifest } from "../output/manifest";
import { DeployError } from "../errors";
import { deleteObjects, listKeys, putObject, readStoredManifest, type Bucket } from "./bucket";
import { forEachLimited } from "./concurrency";
import { invalidate, mergePaths, pathsToInvalidate, waitForInvalidations, type WaitOptions } from "./invalidation";
import { readLocalSite, type LocalSite } from "./local-site";
import { checkBuildTarget, previewsFolder } from "./build-target";
import { acquireLock, lockFile, type HeldLock } from "./lock";
import { cacheControlFor, planDeploy, uploadPhaseOf, uploadPhases, type DeployPlan } from "./plan";
import { emptyStoredManifest, type StoredManifest } from "./stored-manifest";

export interface DeployOptions {
  outDir: string;
  /** `outDir` as the user would type it, for messages. */
  shownOutDir: string;
  bucket: string;
  /** A folder of the bucket to deploy into ("" or "site/"); a missing final "/" is added. */
  prefix?: string;
  dryRun?: boolean;
  /** A CloudFront distribution to invalidate the changed paths on. */
  distributionId?: string;
  s3: S3Client;
  cloudFront?: CloudFrontClient;
  /** Wait until CloudFront has finished the invalidations (not only accepted them); with how long to wait. */
  wait?: boolean | WaitOptions;
  /** Days an asset the site no longer has stays in the bucket for pages cached elsewhere; default 7. */
  keepAssetsDays?: number;
  /** Take over the objects of a bucket (or prefix) that holds no flightsite manifest, instead of refusing. */
  adopt?: boolean;
  /** Refuse a deploy that would delete more objects than this (a build gone wrong); default 256, -1 for no limit. */
  maxDeletes?: number;
  /** Who deploys, written in the lock ("jane@laptop", a CI run's address); see `describeDeployer`. */
  deployer?: string;
  /** Take the lock a deploy that stopped left behind: `true` once it has expired; a lock id: that lock, even alive. */
  breakLock?: boolean | string;
  /** How often the lock is renewed while the deploy runs, in milliseconds (the tests'); default a minute. */
  lockRenewMs?: number;
  /**
   * Aborted on Ctrl-C (SIGINT) or SIGTERM, with the signal's name as its reason: the deploy stops between two objects,
   * releases its lock and says what is left to do.
   */
  signal?: AbortSignal;
  /** Uploads at once; default 8. */
  concurrency?: number;
  /** The time the deploy takes as now (when assets left the site, how long they are kept); default the clock. */
  now?: () => Date;
  /** Where the plan and progress lines go. */
  log: (line: string) => void;
}

export interface DeployResult {
  plan: DeployPlan;
  /** Bytes uploaded (or, in a dry run, that would be). */
  bytes: number;
  seconds: number;
  /** The last invalidation this deploy asked for, with every path in it. */
  invalidation?: { id: string; paths: string[] };
}

/** Days an asset the site no longer uses is kept by default: longer than any cache in front of the bucket keeps a page. */
export const defaultKeepAssetsDays = 7;

/** Deletions past which a deploy stops before changing anything, as `hugo deploy --maxDeletes` does. */
export const defaultMaxDeletes = 256;

/**
 * Brings the bucket to the built site in `outDir`: uploads what differs by content hash, in an order that never
 * breaks a page (assets, then pages, then sitemap/feed/robots.txt, then the manifest), invalidates the changed
 * addresses on CloudFront, and only then deletes what the site no longer has (old assets after a grace period). The
 * manifest in the bucket records, at every step, what the deploy owns and which paths still need invalidating, so a
 * deploy that stops midway (a network failure, S3 or CloudFront refusing) is finished by the next one. A dry run only
 * reports the plan.
 */
export async function deploy(options: DeployOptions): Promise<DeployResult> {
  const started = performance.now();
  const now = (options.now ?? (() => new Date()))();
  const bucket: Bucket = { client: options.s3, name: options.bucket, prefix: normalizePrefix(options.prefix) };
  const site = await readLocalSite(options.outDir, options.shownOutDir);
  const target = `s3://${bucket.name}/${bucket.prefix}`;
  // Before anything else: a preview never reaches the live site, nor a live build a preview's address.
  checkBuildTarget(site.target, bucket.prefix, options.shownOutDir, target);
  const reserved = bucket.prefix === "" ? previewsFolder : undefined;
  const clashing = reserved ? Object.keys(site.manifest).filter((file) => file.startsWith(reserved)) : [];
  if (clashing.length > 0) {
    throw new DeployError(`${options.shownOutDir}/ has files under ${reserved} (${sample(clashing)}), the bucket's folder for previews; rename that folder of the site`);
  }
  // A dry run changes nothing, so it neither needs nor waits for the lock.
  const clock = options.now ?? (() => new Date());
  const lock = options.dryRun
    ? undefined
    : await aws(bucket, "lock", () =>
        acquireLock(bucket, {
          by: options.deployer ?? "flightsite deploy",
          now: clock,
          breakLock: options.breakLock,
          ...(options.lockRenewMs === undefined ? {} : { renewMs: options.lockRenewMs }),
          log: options.log,
        }),
      );
  let failure: unknown;
  try {
    return await carryOut(options, { bucket, site, now, started, target, reserved, lock });
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    if (lock) await releaseLock(lock, { failure, target, log: options.log });
  }
}

/** The one line that ends a deploy: what was uploaded, left and deleted, the bytes sent and the time it took. */
export function formatDeploySummary(result: DeployResult, target: string, dryRun = false): string {
  const { plan } = result;
  const size = `${(result.bytes / 1024).toFixed(1)} KB`;
  return dryRun
    ? `flightsite: dry run for ${target}: would upload ${plan.upload.length} (${size}), leave ${plan.unchanged.length} unchanged, ` +
        `delete ${plan.delete.length}${kept(plan)}; nothing was changed`
    : `flightsite: deployed to ${target}: ${plan.upload.length} uploaded (${size}), ${plan.unchanged.length} unchanged, ` +
        `${plan.delete.length} deleted${kept(plan)} in ${result.seconds.toFixed(1)} s`;
}

/** The bucket and folder a deploy writes to, as `s3://bucket/prefix/`. */
export function deployTarget(bucket: string, prefix?: string): string {
  return `s3://${bucket}/${normalizePrefix(prefix)}`;
}

// --- internal ---

interface Context {
  bucket: Bucket;
  site: LocalSite;
  now: Date;
  started: number;
  target: string;
  reserved: string | undefined;
  lock: HeldLock | undefined;
}

async function carryOut(options: DeployOptions, { bucket, site, now, started, target, reserved, lock }: Context): Promise<DeployResult> {
  const [found, everything] = await aws(bucket, "read", () => Promise.all([readStoredManifest(bucket, manifestFile), listKeys(bucket)]));
  const listed = everything.filter((key) => !bookkeepingFiles.includes(key) && !(reserved && key.startsWith(reserved)));
  if (!found && listed.length > 0 && !options.adopt) {
    throw new DeployError(
      `${target} holds ${listed.length} ${listed.length === 1 ? "object" : "objects"} but no ${manifestFile}, so no flightsite ` +
        `deploy wrote them (${sample(listed)}); deploy into an empty bucket or another --prefix, or run again with --adopt ` +
        `to take them over (those the site does not have are then deleted like old files of the site)`,
    );
  }
  // Adopted objects count as files that left the site now: pages go at once, assets after the grace period.
  const stored = found ?? { ...emptyStoredManifest(), retired: Object.fromEntries(listed.map((key) => [key, now.toISOString()])) };
  const plan = planDeploy({ local: site.manifest, stored, listed, now, keepAssetsDays: options.keepAssetsDays ?? defaultKeepAssetsDays });
  if (!found && listed.length > 0) {
    const until = Object.values(plan.keptUntil).sort()[0];
    options.log(
      `flightsite: took over ${listed.length} ${listed.length === 1 ? "object" : "objects"} no deploy wrote; of those the site does not have, ` +
        `${plan.delete.length} (pages, feeds) ${plan.delete.length === 1 ? "goes" : "go"} now` +
        (until ? ` and ${plan.keep.length} other ${plan.keep.length === 1 ? "file is" : "files are"} deleted by the first deploy from ${until} (--keep-assets)` : ""),
    );
  }
  // Old assets whose grace period ended were counted by the deploy they left the site with: what this build drops
  // (or what --adopt takes over) is what a half-empty dist/ would delete.
  const counted = plan.delete.length - plan.expired.length;
  const maxDeletes = options.maxDeletes ?? defaultMaxDeletes;
  const expiredToo = plan.expired.length > 0 ? ` (and ${plan.expired.length} old ${plan.expired.length === 1 ? "asset" : "assets"} past --keep-assets, not counted)` : "";
  const tooMany =
    maxDeletes >= 0 && counted > maxDeletes
      ? `this deploy would delete ${counted} objects of ${target} that ${options.shownOutDir}/ no longer has ` +
        `(${sample(plan.delete.filter((key) => !plan.expired.includes(key)))})${expiredToo}, more than --max-deletes ${maxDeletes} allows; ` +
        `check that ${options.shownOutDir}/ holds the whole site, then run again with --max-deletes ${counted}`
      : undefined;
  if (tooMany && !options.dryRun) throw new DeployError(tooMany);
  if (plan.foreign.length > 0) {
    options.log(`flightsite: left ${plan.foreign.length} ${plan.foreign.length === 1 ? "object" : "objects"} that no deploy of this site wrote (${sample(plan.foreign)})`);
  }
  const bytes = plan.upload.reduce((sum, file) => sum + (site.manifest[file]?.size ?? 0), 0);
  const seconds = () => (performance.now() - started) / 1000;
  if (options.dryRun) {
    for (const line of formatPlan(plan)) options.log(line);
    // The dry run fails where the deploy would: a check in CI finds out before the real one.
    if (tooMany) throw new DeployError(`a real deploy would stop here, before changing anything: ${tooMany}`);
    return { plan, bytes, seconds: seconds() };
  }

  // Before each step that changes the bucket: a Ctrl-C stops here, and a deploy that lost its lock stops too.
  let uploaded = 0;
  const checkpoint = async (before: string) => {
    if (options.signal?.aborted) throw stoppedBySignal(options.signal, target, before, uploaded, plan.upload.length);
    if (lock) await aws(bucket, "upload", () => lock.confirm(before));
  };
  const invalidator = options.distributionId ? new Invalidator(options, bucket) : undefined;
  let current: StoredManifest = { ...stored, pending: [...stored.pending] };
  const save = (next: StoredManifest) => aws(bucket, "upload", () => putManifest(bucket, (current = next)));
  // What an earlier deploy could not invalidate goes first: those pages have been stale since then.
  await checkpoint("changing anything");
  if (invalidator && current.pending.length > 0) {
    await invalidator.send(current.pending, "left by an earlier deploy");
    await save({ ...current, pending: [] });
  }

  // Pages the site drops are invalidated with the changed ones; assets it drops keep their old contents.
  const changed = [...plan.upload, ...plan.removed.filter((file) => uploadPhaseOf(file) !== "assets")];
  const pending = invalidator ? mergePaths(current.pending, changed.length > 0 ? pathsToInvalidate(changed, bucket.prefix) : [], bucket.prefix) : current.pending;
  if (plan.upload.length > 0 || plan.removed.length > 0 || pending.length !== current.pending.length) {
    // Before anything changes, the manifest forgets the files about to change (so a deploy stopped midway sends them
    // again), owns them and what leaves the site (so a later deploy may delete them), and records the paths to
    // invalidate (so they are invalidated even if this deploy stops before it asks CloudFront).
    const uploading = Object.fromEntries(plan.upload.map((file) => [file, current.retired[file] ?? now.toISOString()]));
    await save({ version: 2, files: pick(current.files, plan.unchanged), retired: { ...plan.retired, ...uploading }, pending });
    for (const phase of uploadPhases) {
      const files = plan.upload.filter((file) => uploadPhaseOf(file) === phase);
      if (files.length === 0) continue;
      await checkpoint(`uploading the ${phaseNames[phase]}`);
      // Between two objects: a Ctrl-C or a lost lock lets the uploads under way finish and starts no other.
      const stop = () => options.signal?.aborted === true || lock?.lost === true;
      await aws(bucket, "upload", () =>
        forEachLimited(
          files,
          options.concurrency ?? 8,
          async (file) => {
            await putObject(bucket, file, await site.read(file), { contentType: site.manifest[file]!.contentType, cacheControl: cacheControlFor(file) });
            uploaded++;
          },
          stop,
        ),
      );
      if (stop()) await checkpoint(`uploading the rest of the ${phaseNames[phase]}`);
    }
    await save({ version: 2, files: site.manifest, retired: plan.retired, pending });
  }

  let invalidation: DeployResult["invalidation"];
  if (invalidator && current.pending.length > 0) {
    invalidation = { id: await invalidator.send(current.pending, "changed"), paths: current.pending };
    await save({ ...current, pending: [] });
  }
  if (invalidator && options.wait) await invalidator.wait();

  let done = plan;
  if (plan.delete.length > 0) {
    // Deletions wait for CloudFront to have accepted the invalidation of every page that named what goes: without a
    // distribution to send it to, a pending invalidation keeps them until a deploy that has one.
    if (current.pending.length > 0) {
      options.log(`flightsite: kept ${plan.delete.length} old files until CloudFront accepts the pending invalidation (deploy with --distribution)`);
      done = { ...plan, delete: [], keep: [...plan.keep, ...plan.delete].sort() };
    } else {
      await checkpoint(`deleting ${plan.delete.length} old ${plan.delete.length === 1 ? "file" : "files"}`);
      await aws(bucket, "delete", () => deleteObjects(bucket, plan.delete));
      const deleted = new Set(plan.delete);
      await save({ ...current, retired: Object.fromEntries(Object.entries(current.retired).filter(([file]) => !deleted.has(file))) });
    }
  }
  return { plan: done, bytes, seconds: seconds(), ...(invalidation ? { invalidation } : {}) };
}

/**
 * Removes the deploy's lock once it ends. One message says what to do next: a failure's own, with when the lock left
 * behind lets the next deploy in when it cannot be removed; a deploy stopped by Ctrl-C says its lock is gone.
 */
async function releaseLock(lock: HeldLock, { failure, target, log }: { failure: unknown; target: string; log: (line: string) => void }): Promise<void> {
  try {
    await lock.release();
    if (failure instanceof DeployError && failure.cause === "stopped") log(`flightsite: released the lock of ${target}`);
  } catch (error) {
    const note = `its lock ${target}${lockFile} could not be removed (${describe(error)}) and keeps every deploy out until it expires at ${lock.expires.toISOString()}`;
    if (failure instanceof DeployError) throw new DeployError(`${failure.message}, after ${lock.expires.toISOString()}: ${note}`);
    if (failure === undefined) log(`flightsite: deployed, but ${note}; the next deploy can go ahead then`);
  }
}

const phaseNames = { assets: "assets and downloads", pages: "pages", indexes: "sitemap, feeds and robots.txt" } as const;

/** What a deploy stopped by Ctrl-C (SIGINT) or SIGTERM says: where it stopped and what is left to do. */
function stoppedBySignal(signal: AbortSignal, target: string, before: string, uploaded: number, total: number): DeployError {
  const reason = typeof signal.reason === "string" ? signal.reason : "a signal";
  const sent = total > 0 ? ` after uploading ${uploaded} of ${total} files` : "";
  return new DeployError(
    `${target}: stopped by ${reason}${sent}, before ${before}; the site there is still whole (new files go up before the ` +
      "pages that use them, and nothing was deleted); run the same deploy again to finish it",
    { cause: "stopped" },
  );
}

function formatPlan(plan: DeployPlan): string[] {
  return [
    ...plan.upload.map((file) => `upload     ${file}`),
    ...plan.unchanged.map((file) => `unchanged  ${file}`),
    ...plan.delete.map((file) => `delete     ${file}`),
    ...plan.keep.map((file) => `keep       ${file} (out of the site since ${plan.retired[file]}; deleted by the first deploy from ${plan.keptUntil[file]})`),
  ];
}

/** The deploy's own objects beside the site: never part of it, never foreign. */
const bookkeepingFiles = [manifestFile, lockFile];

/** A few keys of a long list, for a message. */
function sample(keys: string[]): string {
  return keys.slice(0, 3).join(", ") + (keys.length > 3 ? ` and ${keys.length - 3} more` : "");
}

function kept(plan: DeployPlan): string {
  return plan.keep.length > 0 ? `, ${plan.keep.length} old kept` : "";
}

/** Sends invalidations to one distribution and remembers their ids, to wait for them. */
class Invalidator {
  readonly ids: string[] = [];
  constructor(
    private readonly options: DeployOptions,
    private readonly bucket: Bucket,
  ) {}

  async send(paths: string[], what: string): Promise<string> {
    const distributionId = this.options.distributionId!;
    const id = await invalidate(this.options.cloudFront!, distributionId, paths).catch((error: unknown) => {
      throw new DeployError(
        `s3://${this.bucket.name}/${this.bucket.prefix} is uploaded, but CloudFront did not accept the invalidation of ` +
          `${paths.length} paths on distribution ${distributionId} (${describe(error)}); they are recorded in the ` +
          `bucket's manifest and the next deploy sends them first: run the deploy again`,
      );
    });
    this.ids.push(id);
    const shown = paths.length === 1 && paths[0]!.endsWith("*") ? (paths[0] === "/*" ? "every path" : paths[0]) : `${paths.length} paths`;
    this.options.log(`flightsite: asked CloudFront to refresh ${shown}${what === "changed" ? "" : ` ${what}`} (invalidation ${id})`);
    return id;
  }

  async wait(): Promise<void> {
    if (this.ids.length === 0) return;
    const { distributionId, cloudFront, wait } = this.options;
    try {
      await waitForInvalidations(cloudFront!, distributionId!, this.ids, typeof wait === "object" ? wait : {});
    } catch (error) {
      throw new DeployError(
        `the site is uploaded and CloudFront accepted the invalidation, but waiting for it failed (${describe(error)}); ` +
          `it usually completes within minutes: see it in the CloudFront console`,
      );
    }
    this.options.log(`flightsite: CloudFront finished the invalidation (${this.ids.join(", ")})`);
  }
}

function normalizePrefix(prefix = ""): string {
  const trimmed = prefix.replace(/^\/+/, "");
  return trimmed === "" || trimmed.endsWith("/") ? trimmed : `${trimmed}/`;
}

async function putManifest(bucket: Bucket, manifest: StoredManifest): Promise<void> {
  await putObject(bucket, manifestFile, `${JSON.stringify(manifest)}\n`, {
    contentType: "application/json; charset=utf-8",
    cacheControl: "no-cache",
  });
}

function pick(manifest: Manifest, files: string[]): Manifest {
  return Object.fromEntries(files.filter((file) => manifest[file]).map((file) => [file, manifest[file]!]));
}

const whatFailed = {
  lock: "could not be locked for this deploy",
  read: "could not read what it holds",
  upload: "stopped the upload",
  delete: "stopped the deletion of old files",
} as const;

/** Runs one step against S3, turning its failures into a message that says what to do. */
async function aws<T>(bucket: Bucket, step: keyof typeof whatFailed, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DeployError) throw error;
    const target = `s3://${bucket.name}/${bucket.prefix}`;
    const advice =
      step === "read" || step === "lock"
        ? "check the bucket's name, the AWS credentials (AWS_PROFILE, or the role in CI) and AWS_REGION, then run the deploy again"
        : "the site there is still whole (new files go up before the pages that use them); run the same deploy again to finish it";
    throw new DeployError(`${target} ${whatFailed[step]} (${describe(error)}); ${advice}`);
  }
}

function describe(error: unknown): string {
  const { name, message } = error as Error;
  return name && name !== "Error" ? `${name}: ${message}` : message;
}
