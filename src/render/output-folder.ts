import { createHash } from "node:crypto";
import { copyFileSync, linkSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The one door every file of a build goes through on its way to disk (pages on whichever thread rendered them,
 * downloads, assets, static files): a per-file step such as a checksum for a deploy manifest belongs here.
 * Each written file's SHA-256 is taken here, from the bytes at hand, for the deploy's manifest (src/build/manifest.ts).
 * Writes are synchronous, so a thread holds one file handle at a time whatever the size of the site (30,000
 * writeFile calls at once ran out of handles), and a rendered page is on disk, and out of memory, before the next.
 */
/** What the build keeps of a file it wrote: its size in bytes and its SHA-256 in hex. */
export interface WrittenFile {
  bytes: number;
  sha256: string;
}

export class OutputFolder {
  readonly #made = new Set<string>();

  constructor(readonly dir: string) {}

  /** Writes one file, `file` relative to the folder with forward slashes; returns its size and SHA-256. */
  write(file: string, contents: string | Uint8Array): WrittenFile {
    const destination = this.#prepare(file);
    const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
    writeFileSync(destination, bytes);
    return { bytes: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") };
  }

  /**
   * Puts the file `file` of another folder (the last good build) here unchanged: a hard link when both are on one
   * file system (nothing is copied, and the old build's removal leaves the new one's file intact), else a copy.
   */
  reuse(file: string, fromDir: string): void {
    const destination = this.#prepare(file);
    const source = path.join(fromDir, file);
    try {
      linkSync(source, destination);
    } catch {
      copyFileSync(source, destination);
    }
  }

  #prepare(file: string): string {
    const destination = path.join(this.dir, file);
    const folder = path.dirname(destination);
    if (!this.#made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.#made.add(folder);
    }
    return destination;
  }
}
