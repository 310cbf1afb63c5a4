import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { FileStamp } from "./build-cache";
import type { FolderStamp } from "../output/folder-stamps";

/**
 * What a build is made from, as one digest: the code that renders (codeId), the project's own client/ and
 * templates/ (the stylesheet and browser script are bundled from `root`), and each YAML file of `dataDir` (`names`,
 * from sourceFileNames), each file by name, size and modification time, as make and the compiled CLI
 * (bin/flightsite.js) judge a file unchanged. Equal digests, with the output as the last build left it, mean a
 * build would write the same bytes: it is skipped.
 */
export function inputsDigest(codeId: string, root: string, dataDir: string, names: readonly string[]): string {
  const hash = createHash("sha1").update(codeId).update("\0");
  const add = (file: string, name: string) => {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${name}\0${size}\0${mtimeMs}\0`);
  };
  for (const folder of ["client", "templates"]) {
    const entries = readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    for (const file of entries.map((entry) => path.join(entry.parentPath, entry.name)).sort()) add(file, path.relative(root, file));
  }
  for (const name of names) add(path.join(dataDir, name), name);
  return hash.digest("base64url");
}

/**
 * Whether `outDir` holds exactly the `files` the last build wrote (its pages, downloads, assets and manifest), each
 * with the size and modification time it had then, in the `folders` it left, each with its time too: nothing edited,
 * added or removed since. A folder's time changes whenever an entry is added to it, removed or renamed (POSIX), so
 * a stray file or folder anywhere shows in its parent's time, without listing the 30,000 folders of a large site
 * (that listing took more than twice as long as stat'ing them).
 */
export function outputIntact(outDir: string, files: readonly FileStamp[], folders: readonly FolderStamp[]): boolean {
  if (folders.length === 0) return false; // not recorded: nothing tells whether a file was added
  try {
    for (const [name, mtimeMs] of folders) {
      const stats = statSync(path.join(outDir, name), { throwIfNoEntry: false });
      if (!stats?.isDirectory() || stats.mtimeMs !== mtimeMs) return false;
    }
    for (const [name, bytes, mtimeMs] of files) {
      const stats = statSync(path.join(outDir, name), { throwIfNoEntry: false });
      if (!stats?.isFile() || stats.size !== bytes || stats.mtimeMs !== mtimeMs) return false;
    }
    return true;
  } catch {
    return false; // a file or folder that cannot be read: build, and let the build say what is wrong
  }
}
