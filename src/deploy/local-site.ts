import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { createManifest, manifestFile, type Manifest } from "../build/manifest";
import type { OutputFile } from "../content/types";
import { DeployError } from "../errors";

/** A built site as the deploy uploads it: its files and their manifest. */
export interface LocalSite {
  files: Map<string, Uint8Array>;
  manifest: Manifest;
}

/**
 * Reads the site in `outDir` and checks it is exactly what one `flightsite build` wrote: the manifest the build left
 * must match the files (a dev server's rebuilds or a hand edit change files without it). The hashes the deploy
 * compares are those of the files on disk, worked out here, so what is uploaded is what was compared.
 */
export async function readLocalSite(outDir: string, shownOutDir: string): Promise<LocalSite> {
  const written = await readFile(path.join(outDir, manifestFile), "utf8").catch(() => undefined);
  if (written === undefined) {
    throw new DeployError(`${shownOutDir}/ holds no build (no ${manifestFile} in it); run flightsite build first`);
  }
  const files = await readFiles(outDir);
  const manifest = createManifest(files);
  const differing = differences(JSON.parse(written) as Manifest, manifest);
  if (differing.length > 0) {
    const shown = differing.slice(0, 3).join(", ") + (differing.length > 3 ? ` and ${differing.length - 3} more` : "");
    throw new DeployError(
      `${shownOutDir}/ changed since flightsite build wrote it (${shown}); run flightsite build again, then deploy`,
    );
  }
  return { files: new Map(files.map((f) => [f.file, f.contents as Uint8Array])), manifest };
}

// --- internal ---

async function readFiles(outDir: string): Promise<OutputFile[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
      .filter((file) => file !== manifestFile)
      .map(async (file) => ({ file, contents: await readFile(path.join(outDir, file)) })),
  );
}

function differences(expected: Manifest, actual: Manifest): string[] {
  const files = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...files].filter((file) => expected[file]?.sha256 !== actual[file]?.sha256).sort();
}
