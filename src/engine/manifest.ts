import { createHash } from "node:crypto";
import type { OutputFile } from "../content/types";
import { contentTypeFor } from "./content-types";

/**
 * The name of the build's manifest inside dist/. It starts with a dot so no one takes it for a page: the dev server
 * (sirv) does not serve dot files, the CloudFront function answers them with 404, and the deploy stores it last.
 */
export const manifestFile = ".deploy-manifest.json";

/** What the deploy needs to know of one file of the site without reading it again. */
export interface ManifestEntry {
  sha256: string; // hex
  size: number; // bytes
  contentType: string;
}

/** Every file of a build (its path relative to dist/ → entry), in path order; the manifest file itself is not in it. */
export type Manifest = Record<string, ManifestEntry>;

/** The manifest of a set of output files held in memory: each file's SHA-256, size and Content-Type. */
export function createManifest(files: OutputFile[]): Manifest {
  const entries = files
    .filter((f) => f.file !== manifestFile)
    .map((f): [string, ManifestEntry] => {
      const bytes = typeof f.contents === "string" ? Buffer.from(f.contents) : f.contents;
      return [f.file, { sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.byteLength, contentType: contentTypeFor(f.file) }];
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}

/** The manifest of files whose size and SHA-256 are already known (taken as the build wrote them), in path order. */
export function manifestOf(files: Map<string, Pick<ManifestEntry, "sha256" | "size">>): Manifest {
  // Sorted by UTF-16 code units, as `<` compares; written field by field, with no copies in between (30,000 files).
  const manifest: Manifest = {};
  for (const file of [...files.keys()].sort()) {
    if (file === manifestFile) continue;
    const { sha256, size } = files.get(file)!;
    manifest[file] = { sha256, size, contentType: contentTypeFor(file) };
  }
  return manifest;
}
