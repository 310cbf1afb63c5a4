import { mkdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "../content/types";

/**
 * Builds a new site into a fresh folder beside `outDir` (`fill` writes it, through an OutputFolder, and may throw),
 * then swaps it in. Until the swap the previous dist/ stays exactly as it was, so a failure anywhere (a broken link
 * found at the end, even a full disk) never leaves half a site behind. `fill` gets the previous output too (or
 * undefined), whose unchanged files it may reuse before the swap.
 */
export async function writeAtomically<T>(outDir: string, fill: (freshDir: string, previousDir: string | undefined) => Promise<T>): Promise<T> {
  const target = path.resolve(outDir);
  const fresh = `${target}.tmp-${process.pid}-${Date.now()}`;
  const old = `${target}.old-${process.pid}-${Date.now()}`;
  try {
    await mkdir(fresh, { recursive: true });
    const hadOutput = await exists(target);
    const result = await fill(fresh, hadOutput ? target : undefined);
    if (hadOutput) await rename(target, old);
    await rename(fresh, target);
    if (hadOutput) await rm(old, { recursive: true, force: true });
    return result;
  } catch (error) {
    await rm(fresh, { recursive: true, force: true });
    throw error;
  }
}

/**
 * How a build's files reach the output folder (src/engine/engine.ts). Every output can be replaced whole, atomically;
 * one that a long-running process keeps up to date is also updated in place, file by file.
 */
export interface SiteOutput {
  /** writeAtomically into this output: `fill` writes the whole site into a fresh folder, swapped in when it succeeds. */
  replace(fill: (freshDir: string, previousDir: string | undefined) => Promise<void>): Promise<void>;
  /** writeChangedFiles into this output; left out when each build replaces the output whole (`flightsite build`). */
  update?(files: OutputFile[], removed: string[]): Promise<void>;
  /** Whether a whole site is written with its deploy manifest (src/engine/manifest.ts). */
  readonly manifest: boolean;
}

/** `flightsite build`'s output: each build a fresh folder, with its manifest, swapped in; the previous one untouched on failure. */
export function replacedOutput(outDir: string): SiteOutput {
  return { replace: (fill) => writeAtomically(outDir, fill), manifest: true };
}

/**
 * The dev server's output: written whole the first time (nothing of an older build survives), then only the files
 * that changed are written in place and the files no longer produced deleted. No manifest: nothing deploys it.
 */
export function updatedOutput(outDir: string): SiteOutput {
  return { replace: (fill) => writeAtomically(outDir, fill), update: (files, removed) => writeChangedFiles(outDir, files, removed), manifest: false };
}

/**
 * Updates a written site in place: writes `files` and deletes `removed` (names relative to `outDir`). Each file is
 * written beside its place and renamed over it, so a server reading it meanwhile sends the old or the new file,
 * never half of one. Folders left empty by a removal go too.
 */
export async function writeChangedFiles(outDir: string, files: OutputFile[], removed: string[]): Promise<void> {
  const target = path.resolve(outDir);
  // One file at a time: a change to site.yaml rewrites every page, and thousands of writes at once run out of handles.
  for (const f of files) {
    const destination = path.join(target, f.file);
    const temporary = `${destination}.tmp-${process.pid}`;
    await mkdir(path.dirname(destination), { recursive: true });
    try {
      await writeFile(temporary, f.contents);
      await rename(temporary, destination);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
  for (const file of removed) {
    await rm(path.join(target, file), { force: true });
    let folder = path.dirname(path.join(target, file));
    while (folder.startsWith(`${target}${path.sep}`)) {
      try {
        await rmdir(folder);
      } catch {
        break; // not empty, or already gone
      }
      folder = path.dirname(folder);
    }
  }
}

// --- internal ---

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}
