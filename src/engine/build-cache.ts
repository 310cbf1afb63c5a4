import { createHash } from "node:crypto";
import type { FolderStamp } from "../output/folder-stamps";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Download, PageKind, SiteContent } from "../content/types";
import type { ContentProblem } from "../errors";
import type { FoundLinks } from "../render/scan-links";
import { pieceMemo } from "../render/shared-pieces";
import type { ClientBundle } from "./client-bundle";

/**
 * What the last good build wrote into an output folder, file by file: the key each file was rendered from (a hash
 * of its inputs and of the code, see src/render/route-key.ts), its size and time on disk, and what the build needs
 * of it without reading it (page kind, links and ids, in the pieces the render thread found them in). With it a build renders only what changed and links the rest
 * from the last output. Kept in .flightsite/build-cache/, one file per output folder; deleting it only costs a
 * full render.
 */
export type BuildCache = Map<string, CachedFile>;

export interface CachedFile {
  key: string;
  bytes: number;
  /** Of the file's bytes, for the deploy's manifest: a linked file is not read again. */
  sha256: string;
  mtimeMs: number;
  pageKind?: PageKind;
  found?: FoundLinks[];
}

/** Where the cache of the output folder `outDir` lives. */
export function buildCacheFile(root: string, outDir: string): string {
  const name = createHash("sha1").update(path.resolve(outDir)).digest("hex").slice(0, 16);
  return path.join(root, ".flightsite", "build-cache", `${name}.json`);
}

/**
 * What the cache knows of the last good build besides its files: a digest of what it was made from (see
 * src/engine/up-to-date.ts) and the summary it printed, which a build with nothing changed prints again.
 */
export interface LastBuild {
  inputs: string;
  summary: BuildSummary;
  /** The files of the output that are not rendered from a route (downloads, assets, the manifest): name, size, time. */
  others: FileStamp[];
  /** Every folder of the output, "" for the output itself, with its time (empty when not recorded: see outputIntact). */
  folders: FolderStamp[];
}

/** The figures a build reports about its output (BuildResult without the timings and what this run did). */
export interface BuildSummary {
  files: number;
  bytes: number;
  pagesByKind: Partial<Record<PageKind, number>>;
  warnings: string[];
  /** The translations' review reminders (content.translationNotes.warnings), each at its place in data/<lang>/. */
  contentWarnings?: ContentProblem[];
  /** Photos narrower than their slot shows them, each at its `photo.src` (errors instead with `strict`). */
  photoWarnings?: ContentProblem[];
  javascriptGzip?: { everyPage: number; withForm: number };
  /** For each language with a translation: its pages, and the English pages it has no version of (by URL). */
  languages?: { lang: string; pages: number; englishOnly: string[] }[];
}

/**
 * The cache in `file`, read once: its first line at once, what tells whether anything changed since (see
 * src/engine/up-to-date.ts: the last build's record and each file's name, size and time), and the rest (the keys,
 * links and ids: most of its size) only when asked for, so that a build with nothing to do stays
 * short. Undefined when there is none, or when other code (`codeId`) or another format wrote it.
 */
export async function readBuildCache(file: string, codeId: string): Promise<StoredBuildCache | undefined> {
  try {
    const stored = await readFile(file);
    const first = headOf(stored, codeId);
    return first && { last: first.head.last, files: first.head.files, whole: () => wholeCache(stored, first) };
  } catch {
    return undefined;
  }
}

/** A build cache as read from its file (readBuildCache). */
export interface StoredBuildCache {
  last?: LastBuild;
  files: FileStamp[];
  /** The whole cache; undefined when its rest cannot be read (then everything renders). */
  whole(): (BuildCache & { last?: LastBuild }) | undefined;
}

/** A file of an output by name, size in bytes and modification time, as the cache stores it. */
export type FileStamp = [name: string, bytes: number, mtimeMs: number];


/** Stores the cache: written beside its place and renamed over it, so a build stopped halfway leaves the old one. */
export async function saveBuildCache(file: string, codeId: string, cache: BuildCache, last?: LastBuild): Promise<void> {
  const writer = new BuildCacheWriter();
  for (const [name, cached] of cache) writer.add(name, cached);
  await writer.save(file, codeId, last);
}

/**
 * The cache of a build under way, taken file by file as the threads report them: each file is put in stored form
 * when it comes, so that saving at the end, after the swap, when no thread has anything left to render, only writes.
 * Most links and ids are on every page: each distinct string is stored once and referred to by its number, and so
 * is each shared part's piece of links and ids (the same object on many pages, or the same text). A page's own
 * pieces are stored with it, as they came.
 */
export class BuildCacheWriter {
  readonly #strings: string[] = [];
  readonly #numbers = new Map<string, number>();
  readonly #pieces: StoredPiece[] = [];
  readonly #pieceNumbers = pieceMemo<number>();
  readonly #pieceByText = new Map<string, number>();
  readonly #files: FileStamp[] = [];
  /**
   * Each file's StoredDetail as its JSON text, made as it comes: one string a file rather than arrays of numbers for
   * each piece of each page (which a large site's main thread held while it rendered, to be written only at the
   * end: docs/performance.md), and saving only joins them.
   */
  readonly #details: string[] = [];

  add(name: string, { key, bytes, sha256, mtimeMs, pageKind, found }: CachedFile): void {
    this.#files.push([name, bytes, mtimeMs]);
    const detail: StoredDetail = [key, sha256, pageKind ?? null, found?.map((piece) => (piece.shared ? this.#sharedPieceOf(piece) : this.#stored(piece))) ?? null];
    this.#details.push(JSON.stringify(detail));
  }

  /**
   * Writes the cache beside its place and renames it over it, so a build stopped halfway leaves the old one. Two lines
   * of JSON (which never holds a raw line break): what tells whether anything changed (readBuildCache), then the rest.
   */
  async save(file: string, codeId: string, last?: LastBuild): Promise<void> {
    const head: StoredHead = { version, codeId, ...(last && { last }), files: this.#files };
    // JSON.stringify of a StoredDetails, its details already in text.
    const details = `{"details":[${this.#details.join(",")}],"strings":${JSON.stringify(this.#strings)},"pieces":${JSON.stringify(this.#pieces)}}`;
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.tmp-${process.pid}`;
    await writeFile(temporary, `${JSON.stringify(head)}\n${details}\n`);
    await rename(temporary, file);
  }

  /** A shared part's piece by its number, stored once however many pages show it. */
  #sharedPieceOf(piece: FoundLinks): number {
    let n = this.#pieceNumbers.get(piece);
    if (n === undefined) {
      const stored = this.#stored(piece);
      const text = `${stored[0].join()} ${stored[1].join()}`;
      n = this.#pieceByText.get(text);
      if (n === undefined) this.#pieceByText.set(text, (n = this.#pieces.push(stored) - 1));
      this.#pieceNumbers.set(piece, n);
    }
    return n;
  }

  #stored(piece: FoundLinks): StoredPiece {
    return [piece.links.map((text) => this.#numberOf(text)), piece.ids.map((text) => this.#numberOf(text))];
  }

  #numberOf(text: string): number {
    let n = this.#numbers.get(text);
    if (n === undefined) this.#numbers.set(text, (n = this.#strings.push(text) - 1));
    return n;
  }
}

/**
 * The case-manager downloads made from `content`, from the cache when the same documents were made before (the PDF
 * and Word libraries are then not even loaded), else generated and stored. The documents show the company line and
 * the shared checklists besides their own files; `codeId` covers the code that makes them.
 */
export async function cachedDocuments(root: string, codeId: string, content: SiteContent): Promise<Download[]> {
  const key = createHash("sha1").update(codeId).update(documentsInput(content)).digest("hex");
  const file = path.join(root, ".flightsite", "build-cache", "downloads", `${key}.json`);
  try {
    const stored = JSON.parse(await readFile(file, "utf8")) as StoredDownload[];
    return stored.map(({ contents, ...download }) => ({ ...download, contents: new Uint8Array(Buffer.from(contents, "base64")) }));
  } catch {
    // Not made before (or unreadable): make them.
  }
  const { generateDocuments } = await import("../documents/generate");
  const downloads = await generateDocuments(content);
  const stored: StoredDownload[] = downloads.map(({ contents, ...download }) => ({ ...download, contents: Buffer.from(contents).toString("base64") }));
  await storeOnly(file, JSON.stringify(stored)); // one set is enough: older ones are stale
  return downloads;
}

/** What the downloads are made from, as text: their own files, and the company line and shared checklists they print. */
export function documentsInput(content: SiteContent): string {
  const translations = Object.values(content.translations).map((t) => t && [t.lang, t.site, t.cityCommon, t.documents]);
  return JSON.stringify([content.documents, content.cityCommon, content.site, translations]);
}

/**
 * The browser script and stylesheet of `root` (src/engine/client-bundle.ts), from the cache when made before from the
 * same sources (client/, templates/styles/) by the same code: esbuild is then not even started.
 */
export async function cachedClientBundle(root: string, codeId: string): Promise<ClientBundle> {
  const hash = createHash("sha1").update(codeId);
  for (const folder of ["client", "templates/styles"]) {
    const names = readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const name of names) hash.update(path.relative(root, name)).update("\0").update(readFileSync(name)).update("\0");
  }
  const file = path.join(root, ".flightsite", "build-cache", "client", `${hash.digest("hex")}.json`);
  try {
    const stored = JSON.parse(await readFile(file, "utf8")) as StoredBundle;
    return { ...stored, files: stored.files.map(({ file, contents }) => ({ file, contents: new Uint8Array(Buffer.from(contents, "base64")) })) };
  } catch {
    // Not made before (or unreadable): make it.
  }
  const { bundleClient } = await import("./client-bundle");
  const bundle = await bundleClient({ root });
  await storeOnly(file, JSON.stringify({ ...bundle, files: bundle.files.map(({ file, contents }) => ({ file, contents: Buffer.from(contents).toString("base64") })) }));
  return bundle;
}

// --- internal ---

/** The whole cache from its stored text, whose first line `first` is (headOf). */
function wholeCache(stored: Buffer, { head, rest }: { head: StoredHead; rest: number }): (BuildCache & { last?: LastBuild }) | undefined {
  try {
    const { details, strings, pieces: storedPieces } = JSON.parse(stored.toString("utf8", rest)) as StoredDetails;
    const pieceOf = ([links, ids]: StoredPiece): FoundLinks => ({ links: links.map((n) => strings[n]!), ids: ids.map((n) => strings[n]!) });
    // Each shared part's piece once, as stored: the pages that show the part share its object again.
    const shared: FoundLinks[] = storedPieces.map((stored) => ({ ...pieceOf(stored), shared: true }));
    const cache: BuildCache & { last?: LastBuild } = new Map(
      head.files.map(([name, bytes, mtimeMs], index) => {
        const [key, sha256, pageKind, found] = details[index]!;
        return [name, { key, bytes, sha256, mtimeMs, ...(pageKind && { pageKind }), ...(found && { found: found.map((piece) => (typeof piece === "number" ? shared[piece]! : pieceOf(piece))) }) }];
      }),
    );
    if (head.last) cache.last = head.last;
    return cache;
  } catch {
    return undefined;
  }
}

/** The cache's first line, when this code (`codeId`) wrote it in this format, and where the second line starts. */
function headOf(stored: Buffer, codeId: string): { head: StoredHead; rest: number } | undefined {
  const newline = stored.indexOf(10);
  const head = JSON.parse(stored.toString("utf8", 0, newline < 0 ? stored.length : newline)) as StoredHead;
  return head.version === version && head.codeId === codeId ? { head, rest: newline + 1 } : undefined;
}

/** Writes `text` as the only stored file of its folder (older ones are stale), renamed into place when complete. */
async function storeOnly(file: string, text: string): Promise<void> {
  // Several builds may store at once (the test suite runs files side by side, issue 41): each writes a file of its own
  // and renames it into place, then removes the other stored files, never another build's file still being written.
  const folder = path.dirname(file);
  const temporary = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  await mkdir(folder, { recursive: true });
  await writeFile(temporary, text);
  await rename(temporary, file);
  const others = (await readdir(folder)).filter((name) => name !== path.basename(file) && !name.includes(".tmp-"));
  await Promise.all(others.map((name) => rm(path.join(folder, name), { force: true })));
}

type StoredBundle = Omit<ClientBundle, "files"> & { files: { file: string; contents: string }[] };

const version = 6;

/** The cache's first line: enough to tell whether anything changed (readBuildCache). */
interface StoredHead {
  version: number;
  codeId: string;
  last?: LastBuild;
  files: FileStamp[];
}

/**
 * The rest, file by file in the same order: the key, SHA-256, page kind and pieces of links and ids (a shared part's
 * by its number in `pieces`, a page's own as it is).
 */
interface StoredDetails {
  details: StoredDetail[];
  strings: string[];
  pieces: StoredPiece[];
}

type StoredDetail = [key: string, sha256: string, pageKind: PageKind | null, found: (number | StoredPiece)[] | null];

/** A piece of a file's links and ids, as numbers of strings. */
type StoredPiece = [links: number[], ids: number[]];

type StoredDownload = Omit<Download, "contents"> & { contents: string };
