import { createHash } from "node:crypto";
import { closeSync, copyFileSync, fstatSync, linkSync, mkdirSync, openSync, writeSync, writevSync } from "node:fs";
import path from "node:path";

/**
 * The one door every file of a build goes through on its way to disk (pages on whichever thread rendered them,
 * downloads, assets, static files): a per-file step such as a checksum for a deploy manifest belongs here.
 * Each written file's SHA-256 is taken here, from the bytes at hand, for the deploy's manifest (src/build/manifest.ts).
 * Writes are synchronous, so a thread holds one file handle at a time whatever the size of the site (30,000
 * writeFile calls at once ran out of handles), and a rendered page is on disk, and out of memory, before the next.
 */
/** What the build keeps of a file it wrote: its size in bytes, its SHA-256 in hex and its modification time. */
export interface WrittenFile {
  bytes: number;
  sha256: string;
  mtimeMs: number;
}

export class OutputFolder {
  readonly #made = new Set<string>();

  constructor(readonly dir: string) {}

  /**
   * Writes one file, `file` relative to the folder with forward slashes, from its contents or the pieces they are
   * made of (written in order, without joining them first); returns its size, SHA-256 and time on disk.
   */
  write(file: string, contents: string | Uint8Array | readonly (string | Uint8Array)[]): WrittenFile {
    const destination = this.#prepare(file);
    const pieces = typeof contents === "string" || contents instanceof Uint8Array ? [contents] : contents;
    const buffers = pieces.map((piece) => (typeof piece === "string" ? Buffer.from(piece) : piece));
    const hash = createHash("sha256");
    let bytes = 0;
    for (const buffer of buffers) {
      hash.update(buffer);
      bytes += buffer.byteLength;
    }
    const descriptor = openSync(destination, "w");
    try {
      const written = buffers.length === 1 ? writeSync(descriptor, buffers[0]!) : writevSync(descriptor, buffers);
      // A write may stop short (a full disk then says why on the next one): the rest goes until all is written.
      if (written < bytes) {
        const rest = Buffer.concat(buffers).subarray(written);
        for (let at = 0; at < rest.byteLength; ) at += writeSync(descriptor, rest, at);
      }
      return { bytes, sha256: hash.digest("hex"), mtimeMs: fstatSync(descriptor).mtimeMs };
    } finally {
      closeSync(descriptor);
    }
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
