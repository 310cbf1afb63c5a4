import { mkdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "../content/types";

/**
 * Writes the whole site into a fresh folder beside `outDir`, then swaps it in. Until the swap, the previous
 * dist/ stays exactly as it was, so a failure anywhere (even a full disk) never leaves half a site behind.
 */
export async function writeOutput(outDir: string, files: OutputFile[]): Promise<void> {
  const target = path.resolve(outDir);
  const fresh = `${target}.tmp-${process.pid}-${Date.now()}`;
  const old = `${target}.old-${process.pid}-${Date.now()}`;
  try {
    await mkdir(fresh, { recursive: true });
    const folders = new Set(files.map((f) => path.dirname(path.join(fresh, f.file))));
    await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
    await Promise.all(files.map((f) => writeFile(path.join(fresh, f.file), f.contents)));
    const hadOutput = await exists(target);
    if (hadOutput) await rename(target, old);
    await rename(fresh, target);
    if (hadOutput) await rm(old, { recursive: true, force: true });
  } catch (error) {
    await rm(fresh, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Updates a written site in place: writes `files` and deletes `removed` (names relative to `outDir`). Each file is
 * written beside its place and renamed over it, so a server reading it meanwhile sends the old or the new file,
 * never half of one. Folders left empty by a removal go too.
 */
export async function writeChangedFiles(outDir: string, files: OutputFile[], removed: string[]): Promise<void> {
  const target = path.resolve(outDir);
  await Promise.all(
    files.map(async (f) => {
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
    }),
  );
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
