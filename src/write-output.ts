import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "./types";

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

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}
