import type { Manifest } from "../engine/manifest";

/** What a deploy does, worked out before it does anything. Paths are relative to dist/ (and to the prefix). */
export interface DeployPlan {
  /** Files to upload, in the order that never breaks a page (see `uploadPhaseOf`). */
  upload: string[];
  unchanged: string[];
  /** Objects under the prefix that the site no longer has; deleted after everything else. */
  delete: string[];
}

/** The groups of uploads, one after the other: nothing a page links to is missing when the page arrives. */
export const uploadPhases = ["assets", "pages", "indexes"] as const;
export type UploadPhase = (typeof uploadPhases)[number];

/**
 * Compares the files of this build with what the bucket holds. A file is uploaded when its SHA-256 differs from the
 * one the last deploy's manifest records, when that manifest has no entry for it, or when the bucket's listing lacks
 * it; everything is uploaded when there is no manifest. Never by time or size: a same-size edit still differs.
 * Deletions come from the listing, so objects left behind by an interrupted deploy go too.
 */
export function planDeploy(local: Manifest, remote: Manifest | undefined, listed: string[]): DeployPlan {
  const inBucket = new Set(listed);
  const upload: string[] = [];
  const unchanged: string[] = [];
  for (const [file, entry] of Object.entries(local)) {
    const same = remote?.[file]?.sha256 === entry.sha256 && inBucket.has(file);
    (same ? unchanged : upload).push(file);
  }
  const ordered = uploadPhases.flatMap((phase) => upload.filter((file) => uploadPhaseOf(file) === phase).sort());
  return { upload: ordered, unchanged: unchanged.sort(), delete: listed.filter((file) => !(file in local)).sort() };
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

// esbuild's "[name].[hash]": eight capitals or digits before the extension (assets/client.MP6S2UJ4.js).
const contentHashed = /^assets\/(?:[^/]+\/)*[^/]+\.[A-Z0-9]{8}\.[a-z0-9]+$/;
