import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import fg from "fast-glob";
import { imagesFolder, photoFileExtensions } from "./images";
import type { SourceFile } from "./types";

/** The names of the YAML files under `dataDir`, relative to it, sorted. */
export async function sourceFileNames(dataDir: string): Promise<string[]> {
  return (await fg("**/*.{yaml,yml}", { cwd: dataDir, onlyFiles: true })).sort();
}

/** The photo files under `dataDir`/images/, by their names there ("cabin.jpg", "crew/night.jpg"), sorted: what `photo.src` names. */
export async function imageFileNames(dataDir: string): Promise<string[]> {
  const pattern = `**/*.{${photoFileExtensions.join(",")}}`;
  return (await fg(pattern, { cwd: path.join(dataDir, imagesFolder), onlyFiles: true, caseSensitiveMatch: false })).sort();
}

/**
 * Every YAML file under `dataDir` (or those of `names`, from sourceFileNames), with paths relative to `root` (what
 * an editor sees in their project).
 */
export async function loadSourceFiles(dataDir: string, root: string, names?: string[]): Promise<SourceFile[]> {
  names ??= await sourceFileNames(dataDir);
  // One file at a time, synchronously: reading them all at once holds a file handle for each (a large site has
  // more files than a process may open), and a small file is read faster without the thread pool.
  return names.map((name) => {
    const absolute = path.join(dataDir, name);
    return { path: toPosix(path.relative(root, absolute)), text: readFileSync(absolute, "utf8") };
  });
}

const toPosix = (p: string) => p.split(path.sep).join("/");

/**
 * loadSourceFiles for a long-running process (the dev server): a file is read again only when it is named as
 * changed or its size or modification time differ from the last read. The same file keeps the same SourceFile object.
 */
export class SourceFileReader {
  #known = new Map<string, { size: number; mtimeMs: number; file: SourceFile }>();

  constructor(
    readonly dataDir: string,
    readonly root: string,
  ) {}

  /**
   * Every YAML file under dataDir. Without `changed`, the folder is listed and each file's metadata looked at; with
   * it (absolute paths, from a watcher that reports every change), only those files are read again, so a save on a
   * site of thousands of files reads one file and looks at no other. A changed path that is not a file read before
   * (a new or deleted file, a folder) lists the folder again.
   */
  async load(changed?: Iterable<string>): Promise<SourceFile[]> {
    const named = changed && [...changed];
    if (named && this.#known.size > 0 && this.#rereadKnown(named)) return [...this.#known.values()].map((entry) => entry.file);
    return this.#list(named ?? []);
  }

  // --- internal ---

  /** Reads the changed files again; false when one of them is not a file read before, or is gone. */
  #rereadKnown(changed: string[]): boolean {
    for (const absolute of changed) {
      const relative = path.relative(this.dataDir, absolute);
      if (relative.startsWith("..") || path.isAbsolute(relative)) continue; // not data
      if (relative.startsWith(`${imagesFolder}${path.sep}`)) continue; // a photo: listed by imageFileNames each run
      const last = this.#known.get(absolute);
      if (!last) return false;
      let stats;
      try {
        stats = statSync(absolute);
      } catch {
        return false; // deleted
      }
      if (!stats.isFile()) return false;
      this.#known.set(absolute, { size: stats.size, mtimeMs: stats.mtimeMs, file: { path: last.file.path, text: readFileSync(absolute, "utf8") } });
    }
    return true;
  }

  async #list(changed: string[]): Promise<SourceFile[]> {
    const names = await fg("**/*.{yaml,yml}", { cwd: this.dataDir, onlyFiles: true });
    names.sort();
    const reread = new Set(changed);
    const known = new Map<string, { size: number; mtimeMs: number; file: SourceFile }>();
    for (const name of names) {
      const absolute = path.join(this.dataDir, name);
      let stats;
      try {
        stats = statSync(absolute);
      } catch {
        continue; // deleted since it was listed
      }
      const last = this.#known.get(absolute);
      const same = last && !reread.has(absolute) && last.size === stats.size && last.mtimeMs === stats.mtimeMs;
      const file = same ? last.file : { path: toPosix(path.relative(this.root, absolute)), text: readFileSync(absolute, "utf8") };
      known.set(absolute, { size: stats.size, mtimeMs: stats.mtimeMs, file });
    }
    this.#known = known;
    return [...known.values()].map((entry) => entry.file);
  }
}
