import type { Manifest } from "../output/manifest";

/**
 * What a deploy keeps in the bucket, beside the site (under the build's manifest name): the site as deployed, the
 * objects it still owns that the site no longer has, and the CloudFront paths not yet invalidated. The next deploy
 * reads it to know what changed, what it may delete and what it still has to invalidate.
 */
export interface StoredManifest {
  /** 2: this shape. A stored manifest without it is the older shape, a bare `Manifest`. */
  version: 2;
  /** Every file of the site as it is in the bucket (path relative to the prefix → hash, size, type). */
  files: Manifest;
  /**
   * Objects this deploy owns that the site does not (or not yet) have: the old versions of assets kept for pages that
   * may still name them, pages removed but not deleted yet, and files being uploaded by a deploy that may stop
   * midway. Path → when it left the site (ISO 8601).
   */
  retired: Record<string, string>;
  /** URL paths whose invalidation CloudFront has not accepted yet; the next deploy sends them first. */
  pending: string[];
}

/** The stored manifest of a bucket that holds no site yet. */
export const emptyStoredManifest = (): StoredManifest => ({ version: 2, files: {}, retired: {}, pending: [] });

/** Reads a stored manifest in either shape: the older bare `Manifest` becomes one with nothing retired or pending. */
export function parseStoredManifest(text: string): StoredManifest {
  const value = JSON.parse(text) as Partial<StoredManifest> | Manifest;
  if ((value as Partial<StoredManifest>).version === 2) {
    const stored = value as Partial<StoredManifest>;
    return { version: 2, files: stored.files ?? {}, retired: stored.retired ?? {}, pending: stored.pending ?? [] };
  }
  return { version: 2, files: value as Manifest, retired: {}, pending: [] };
}

/** Every key the manifest owns (relative to the prefix): the site's files and what is retired. */
export function ownedKeys(stored: StoredManifest): Set<string> {
  return new Set([...Object.keys(stored.files), ...Object.keys(stored.retired)]);
}
