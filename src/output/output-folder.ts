import { hash } from "node:crypto";
import { closeSync, copyFileSync, fstatSync, linkSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * The one door every file of a build goes through on its way to disk (pages on whichever thread rendered them,
 * downloads, assets, static files): a per-file step such as a checksum for a deploy manifest belongs here.
 * Each written file's SHA-256 is taken here, from the bytes at hand, for the deploy's manifest (src/output/manifest.ts).
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
  /** The folders whose files cannot be linked here (another file system): copied at once. */
  readonly #copiedFrom = new Set<string>();
  #scratch = Buffer.allocUnsafe(64 * 1024);

  constructor(readonly dir: string) {}

  /**
   * Writes one file, `file` relative to the folder with forward slashes, from its contents or the pieces they are
   * made of (encoded in order into one buffer, never joined as text); returns its size, SHA-256 and time on disk.
   */
  write(file: string, contents: string | Uint8Array | readonly (string | Uint8Array)[]): WrittenFile {
    const destination = this.#prepare(file);
    const bytes = contents instanceof Uint8Array ? contents : this.#encode(typeof contents === "string" ? [contents] : contents);
    const sha256 = hash("sha256", bytes, "hex");
    const descriptor = openSync(destination, "w");
    try {
      // A write may stop short (a full disk then says why on the next one): the rest goes until all is written.
      for (let at = 0; at < bytes.byteLength; ) at += writeSync(descriptor, bytes, at);
      return { bytes: bytes.byteLength, sha256, mtimeMs: fstatSync(descriptor).mtimeMs };
    } finally {
      closeSync(descriptor);
    }
  }

  /**
   * Puts the file `file` of another folder (the last good build) here unchanged: a hard link when both are on one
   * file system (nothing is copied, and the old build's removal leaves the new one's file intact), else a copy.
   */
  reuse(file: string, fromDir: string): void {
    this.place(file, path.join(fromDir, file));
  }

  /** Puts the file at `source` (a path on disk) here as `file`, as `reuse` does; returns where it is. */
  place(file: string, source: string): string {
    const destination = this.#prepare(file);
    const from = path.dirname(source);
    if (this.#copiedFrom.has(from)) copyFileSync(source, destination);
    else {
      try {
        linkSync(source, destination);
      } catch (error) {
        // Another file system (an output on tmpfs, the card store on disk): so are the folder's other files, and
        // each failed link costs an error; they are copied without trying.
        if ((error as NodeJS.ErrnoException).code === "EXDEV") this.#copiedFrom.add(from);
        copyFileSync(source, destination);
      }
    }
    return destination;
  }

  /**
   * The pieces of a file as UTF-8 in one buffer, this folder's own, used again for the next file: a page is written
   * and hashed in one go, without a buffer of its own for each piece (a page has tens of them).
   */
  #encode(pieces: readonly (string | Uint8Array)[]): Buffer {
    let most = 0;
    for (const piece of pieces) most += typeof piece === "string" ? piece.length * 3 : piece.byteLength; // UTF-8: at most 3 bytes a UTF-16 unit
    if (this.#scratch.byteLength < most) this.#scratch = Buffer.allocUnsafe(Math.max(most, this.#scratch.byteLength * 2));
    const scratch = this.#scratch;
    let at = 0;
    for (const piece of pieces) {
      if (typeof piece === "string") at += scratch.write(piece, at);
      else {
        scratch.set(piece, at);
        at += piece.byteLength;
      }
    }
    return scratch.subarray(0, at);
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
