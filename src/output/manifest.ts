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

/**
 * The manifest of `files` as manifestOf makes it, as the text of its file: `JSON.stringify(manifestOf(files))` and a
 * line break, in path order, made entry by entry (no object per file) and not indented: programs read it (the
 * deploy, `flightsite prune`'s record of the stores' use), not people, and indented it was a quarter larger.
 */
export function manifestText(files: ReadonlyMap<string, Pick<ManifestEntry, "sha256" | "size">>): string {
  const names = [...files.keys()].filter((file) => file !== manifestFile).sort();
  const entries = names.map((file) => {
    const { sha256, size } = files.get(file)!;
    return `${JSON.stringify(file)}:{"sha256":${JSON.stringify(sha256)},"size":${size},"contentType":${JSON.stringify(contentTypeFor(file))}}`;
  });
  // One string, encoded at once: written as pieces, encoding 60,000 of them took longer than joining them.
  return `{${entries.join(",")}}\n`;
}

/**
 * The name of the record of what a build is for, beside its manifest in dist/ (a dot file too: never uploaded, never
 * served). `flightsite deploy` reads it and refuses a preview build to the live site and a live build to a preview.
 */
export const buildTargetFile = ".build-target.json";

/** What a build was made for and from (docs/publishing.md, "The build knows what it is for"). */
export interface BuildTarget {
  /** The path the site was built for: "/" for the live site, "/previews/pr-42/" for a preview. */
  basePath: string;
  /** Whether it was built with --preview (noindex, forms that do not send). */
  preview: boolean;
  /** The git commit of the project it was built from (GITHUB_SHA in CI), or null when it was not in git. */
  commit: string | null;
  /** The SHA-256 of data/ as the build read it: every YAML file and photo, by name and bytes. */
  data: string;
}

/** Reads a build target record; undefined when `text` is not one (an older build, a hand edit). */
export function parseBuildTarget(text: string): BuildTarget | undefined {
  try {
    const value = JSON.parse(text) as Partial<BuildTarget>;
    const valid =
      typeof value.basePath === "string" &&
      typeof value.preview === "boolean" &&
      (value.commit === null || typeof value.commit === "string") &&
      typeof value.data === "string";
    return valid ? (value as BuildTarget) : undefined;
  } catch {
    return undefined;
  }
}
