import type { Manifest } from "../output/manifest";
import type { StoredManifest } from "./stored-manifest";

/** What a deploy does, worked out before it does anything. Paths are relative to dist/ (and to the prefix). */
export interface DeployPlan {
  /** Files to upload, in the order that never breaks a page (see `uploadPhaseOf`). */
  upload: string[];
  unchanged: string[];
  /** Objects of ours the site no longer has, deleted after everything else (and after CloudFront took the invalidation). */
  delete: string[];
  /** Objects of ours the site no longer has, kept for now: old assets that pages cached somewhere may still name. */
  keep: string[];
  /** For each kept object, when its grace period ends: the first deploy from then on deletes it (ISO 8601). */
  keptUntil: Record<string, string>;
  /**
   * Of `delete`, the old assets whose grace period has ended: they left the site with an earlier deploy, which
   * already counted them. Never counted against --max-deletes, which guards against a build that lost pages.
   */
  expired: string[];
  /** The files that leave the site with this deploy (some deleted now, some kept: see `delete` and `keep`). */
  removed: string[];
  /** Objects under the prefix that no deploy of this site wrote: never deleted, never counted. */
  foreign: string[];
  /** Everything of ours in the bucket that the site does not have, with when it left the site (ISO 8601). */
  retired: Record<string, string>;
}

/** The groups of uploads, one after the other: nothing a page links to is missing when the page arrives. */
export const uploadPhases = ["assets", "pages", "indexes"] as const;
export type UploadPhase = (typeof uploadPhases)[number];

export interface PlanInput {
  /** The files of this build. */
  local: Manifest;
  /** What the last deploy stored (an empty one for a bucket without). */
  stored: StoredManifest;
  /** Every key under the prefix, the deploy's own bookkeeping objects left out. */
  listed: string[];
  now: Date;
  /** How long an asset the site no longer uses stays in the bucket. */
  keepAssetsDays: number;
}

/**
 * Compares the files of this build with what the bucket holds. A file is uploaded when its SHA-256 differs from the
 * one the last deploy's manifest records, when that manifest has no entry for it, or when the bucket's listing lacks
 * it. Never by time or size: a same-size edit still differs. Only keys the stored manifest owns are ever deleted:
 * pages, feeds and the like as soon as the site drops them; assets (anything a page may name) once they have been
 * out of the site for `keepAssetsDays`, so a page cached at the edge or in a browser never names a missing object.
 */
export function planDeploy({ local, stored, listed, now, keepAssetsDays }: PlanInput): DeployPlan {
  const inBucket = new Set(listed);
  const upload: string[] = [];
  const unchanged: string[] = [];
  for (const [file, entry] of Object.entries(local)) {
    const same = stored.files[file]?.sha256 === entry.sha256 && inBucket.has(file);
    (same ? unchanged : upload).push(file);
  }
  const owned = new Set([...Object.keys(stored.files), ...Object.keys(stored.retired)]);
  const retired: Record<string, string> = {};
  const removed: string[] = [];
  for (const key of [...listed].sort()) {
    if (!owned.has(key) || key in local) continue;
    const since = stored.retired[key];
    if (since === undefined) removed.push(key);
    retired[key] = since ?? now.toISOString();
  }
  const graceEnds = (since: string) => Date.parse(since) + keepAssetsDays * dayInMilliseconds;
  const due = (key: string) => uploadPhaseOf(key) !== "assets" || !(graceEnds(retired[key]!) > now.getTime());
  const ordered = uploadPhases.flatMap((phase) => upload.filter((file) => uploadPhaseOf(file) === phase).sort());
  const keep = Object.keys(retired).filter((key) => !due(key));
  const deleted = Object.keys(retired).filter(due);
  return {
    upload: ordered,
    unchanged: unchanged.sort(),
    delete: deleted,
    keep,
    keptUntil: Object.fromEntries(keep.map((key) => [key, new Date(graceEnds(retired[key]!)).toISOString()])),
    expired: deleted.filter((key) => uploadPhaseOf(key) === "assets" && Date.parse(retired[key]!) < now.getTime()),
    removed,
    foreign: listed.filter((key) => !owned.has(key) && !(key in local)).sort(),
    retired,
  };
}

/**
 * Which group a file is uploaded in: assets (scripts, styles, images, downloads) first, so a page never names one
 * that is not there yet; then the pages; then the files that list pages (sitemap, feed, robots.txt).
 */
export function uploadPhaseOf(file: string): UploadPhase {
  if (file.endsWith(".html")) return "pages";
  if (file === "sitemap.xml" || file === "robots.txt" || file.endsWith("/feed.xml") || file === "feed.xml") return "indexes";
  return "assets";
}

/**
 * The Cache-Control an object is stored with. Files under assets/ named with their content hash never change, so
 * browsers and CloudFront keep them a year; everything else (pages, feed, sitemap, robots.txt, downloads, images at
 * fixed names) is revalidated by browsers on every use, and CloudFront holds it until the deploy invalidates it.
 */
export function cacheControlFor(file: string): string {
  return isContentHashed(file) ? "public, max-age=31536000, immutable" : "no-cache";
}

/** A file under assets/ whose name carries its content's hash: a new version always gets a new name. */
export function isContentHashed(file: string): boolean {
  return contentHashed.test(file);
}

// --- internal ---

const dayInMilliseconds = 24 * 60 * 60 * 1000;

// esbuild's "[name].[hash]": eight capitals or digits before the extension (assets/client.MP6S2UJ4.js).
const contentHashed = /^assets\/(?:[^/]+\/)*[^/]+\.[A-Z0-9]{8}\.[a-z0-9]+$/;
