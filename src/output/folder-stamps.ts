import { statSync } from "node:fs";
import path from "node:path";

/** A folder of an output (relative, "" for the top) with its modification time. */
export type FolderStamp = [name: string, mtimeMs: number];

/**
 * Every folder of `dir` that holds one of the files `names` (relative, with forward slashes), `dir` itself ("")
 * included, with its modification time: what the build's up-to-date check (src/engine/up-to-date.ts) compares.
 * Taken once the last file is in place; renaming the folder into its place (replacedOutput) leaves its times as they are.
 */
export function folderStamps(dir: string, names: Iterable<string>): FolderStamp[] {
  const folders = new Set([""]);
  for (const name of names) {
    // The name's folders, deepest first, up to one already known (whose own folders are known too, then).
    for (let folder = parentOf(name); !folders.has(folder); folder = parentOf(folder)) folders.add(folder);
  }
  return [...folders].map((folder) => [folder, statSync(path.join(dir, folder)).mtimeMs]);
}

// --- internal ---

/** The folder a relative name is in, "" for the top. */
function parentOf(name: string): string {
  return name.slice(0, Math.max(0, name.lastIndexOf("/")));
}
