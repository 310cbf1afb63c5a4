import { hash } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

// What the two stores of pictures under .flightsite/ share (the share cards of share-cards.ts, the photos of
// photo-store.ts): files named by the hash of their bytes, written whole or not at all, and a folder listed once per
// build rather than asked about file by file. Their layouts stay as `flightsite prune` (src/engine/store-use.ts)
// reads them: a card is one file, a photo a folder of files and the photo.json that names them.

/** A stored file's SHA-256 (hex) and size: what the output's manifest records, known without reading the file. */
export interface StoredDigest {
  sha256: string;
  bytes: number;
}

/** The digest of `bytes`. */
export function digestOf(bytes: Uint8Array): StoredDigest {
  return { sha256: hash("sha256", bytes, "hex"), bytes: bytes.byteLength };
}

/** A name that carries the file's digest: "naples.AXLD4RT4.png" → "naples.AXLD4RT4.<sha256>.<size>.png". */
export function digestName(name: string, digest: StoredDigest): string {
  const extension = path.extname(name);
  return `${path.basename(name, extension)}.${digest.sha256}.${digest.bytes}${extension}`;
}

/** The name and digest a digestName holds, or undefined for any other name. */
export function parseDigestName(stored: string): { name: string; digest: StoredDigest } | undefined {
  const match = /^(.+)\.([0-9a-f]{64})\.(\d+)(\.[a-z0-9]+)$/.exec(stored);
  if (!match) return undefined;
  return { name: `${match[1]}${match[4]}`, digest: { sha256: match[2]!, bytes: Number(match[3]) } };
}

/**
 * Writes `bytes` to `place` through a file of its own renamed into place when complete: a build stopped halfway, or
 * another one writing the same file at once, leaves no half file.
 */
export async function writeWhole(place: string, bytes: Uint8Array | string): Promise<void> {
  const temporary = `${place}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, place);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * writeWhole, in this thread: for a file small enough (a share card) that writing it at once costs this thread less
 * than the promises, file handles and turns of the event loop of writing it in the background.
 */
export function writeWholeNow(place: string, bytes: Uint8Array): void {
  const temporary = `${place}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, place);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The names in `folder`, read once when first asked for (none when it does not exist yet). */
export function listedOnce(folder: string): () => Promise<string[]> {
  let listing: Promise<string[]> | undefined;
  return () => (listing ??= readdir(folder).catch(() => []));
}
