import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { buildTargetFile, manifestFile, parseBuildTarget, type BuildTarget, type Manifest } from "../output/manifest";
import { contentTypeFor } from "../output/content-types";
import { DeployError } from "../errors";

/** A built site as the deploy uploads it: its manifest, and a way to read one file's bytes when it is sent. */
export interface LocalSite {
  manifest: Manifest;
  /** What the build was made for and from (`.build-target.json`); undefined for a build that did not record it. */
  target: BuildTarget | undefined;
  /** The bytes of `file`, checked against the manifest: a file changed since the plan is refused, not uploaded. */
  read(file: string): Promise<Uint8Array>;
}

/**
 * Reads the site in `outDir` and checks it is exactly what one `flightsite build` wrote: the manifest the build left
 * must match the files (a dev server's rebuilds or a hand edit change files without it). The hashes the deploy
 * compares are those of the files on disk, worked out here one file at a time, so memory stays small whatever the
 * size of the site; each file is read again only when it is uploaded.
 */
export async function readLocalSite(outDir: string, shownOutDir: string): Promise<LocalSite> {
  const written = await readFile(path.join(outDir, manifestFile), "utf8").catch(() => undefined);
  if (written === undefined) {
    throw new DeployError(`${shownOutDir}/ holds no build (no ${manifestFile} in it); run flightsite build first`);
  }
  const manifest: Manifest = {};
  for (const file of (await listFiles(outDir)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const bytes = await readFile(path.join(outDir, file));
    manifest[file] = { sha256: sha256Of(bytes), size: bytes.byteLength, contentType: contentTypeFor(file) };
  }
  const differing = differences(JSON.parse(written) as Manifest, manifest);
  if (differing.length > 0) throw changedSince(shownOutDir, differing);
  const recorded = await readFile(path.join(outDir, buildTargetFile), "utf8").catch(() => undefined);
  return {
    manifest,
    target: recorded === undefined ? undefined : parseBuildTarget(recorded),
    async read(file) {
      const bytes = await readFile(path.join(outDir, file));
      if (sha256Of(bytes) !== manifest[file]?.sha256) throw changedSince(shownOutDir, [file]);
      return bytes;
    },
  };
}

// --- internal ---

async function listFiles(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => file !== manifestFile && file !== buildTargetFile);
}

function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function changedSince(shownOutDir: string, differing: string[]): DeployError {
  const shown = differing.slice(0, 3).join(", ") + (differing.length > 3 ? ` and ${differing.length - 3} more` : "");
  return new DeployError(`${shownOutDir}/ changed since flightsite build wrote it (${shown}); run flightsite build again, then deploy`);
}

function differences(expected: Manifest, actual: Manifest): string[] {
  const files = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...files].filter((file) => expected[file]?.sha256 !== actual[file]?.sha256).sort();
}
