import { hash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { mkdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { buildTargetFile, manifestFile, manifestText, type BuildTarget } from "./manifest";
import { folderStamps, type FolderStamp } from "./folder-stamps";
import { OutputFolder, type WrittenFile } from "./output-folder";
import type { OutputFile } from "../content/types";

// Where a run of the build engine (engine.ts) puts the site: one interface, OutputRun, and its outputs: a fresh
// folder swapped in whole (`flightsite build`), a folder updated in place (`serve --watch`), and memory (tests).

/** A file's contents, or the pieces they are made of (a page: its own text and shared parts' bytes). */
export type Contents = string | Uint8Array | readonly (string | Uint8Array)[];

/** What an output needs of a file it is told about: its SHA-256 (hex) and size. */
export interface FileDigest {
  sha256: string;
  bytes: number;
}

/** Where the engine's runs write; each run begins with `begin`, and ends with its run's commit or abort. */
export interface SiteOutput {
  begin(): Promise<OutputRun>;
}

/**
 * One run's changes to an output: nothing the output serves changes before `commit`, and `abort` drops them all, so
 * a run that fails leaves the last good output as it was.
 */
export interface OutputRun {
  /** Whether the output holds `file` exactly as it was written: by its SHA-256, or its size and time on disk. */
  holds(file: string, last: FileDigest & { mtimeMs: number }): boolean;
  /** Writes a file (now into a fresh folder, else at commit); its time on disk is 0 until then. */
  write(file: string, contents: Contents): WrittenFile;
  /**
   * Puts a file already on disk at `from` (a stored share card, `digest` its own) into the output as `file`: linked
   * (or copied) into a fresh folder, read only by an output that does not already hold those bytes.
   */
  place(file: string, from: string, digest: FileDigest): WrittenFile;
  /**
   * Where other threads may write this run's files themselves (a fresh folder: the render pool, src/render/pool.ts),
   * each then taken in with `adopt`; undefined for an output that takes files only from this thread (in place, memory).
   */
  readonly threads: ThreadFolder | undefined;
  /** Files of the last output kept as they are (`names`, each with its digest in `from`). */
  keep(names: readonly string[], from: ReadonlyMap<string, FileDigest>): void;
  /** A file of the last output that goes. */
  remove(file: string): void;
  /** Makes the run's changes the output's; `site`: the path and kind of site built, for the build target record. */
  commit(site?: Pick<BuildTarget, "basePath" | "preview">): Promise<Committed>;
  abort(): Promise<void>;
}

/** A run's folder as other threads see it: they write into `dir`, and each file they wrote is then `adopt`ed. */
export interface ThreadFolder {
  readonly dir: string;
  adopt(file: string, digest: FileDigest): void;
}

export interface Committed {
  /** The files written (every file of a site written whole, its manifest left out). */
  written: string[];
  removed: string[];
  /** The deploy manifest the output wrote beside the site, if it writes one. */
  manifest?: WrittenFile;
  /** The build target record written beside it (`buildTargetFile`), if the output writes one. */
  target?: WrittenFile;
  /** Every folder of the output with its time, when the output records them (src/engine/up-to-date.ts). */
  folders: FolderStamp[];
}

/**
 * `flightsite build`'s output: each run a fresh folder beside `outDir`, kept files hard-linked from the last one,
 * swapped in at commit (the previous one untouched until then), with the deploy manifest (`manifest`) and the
 * folders' times for the next build's up-to-date check (`folders`) when asked for.
 */
export function replacedOutput(outDir: string, { manifest = true, folders = true, origin }: ReplacedOutputOptions = {}): SiteOutput {
  return { begin: () => freshFolder(outDir, { manifest, folders, origin }) };
}

export interface ReplacedOutputOptions {
  /** Write the deploy manifest (and the build target record) beside the site; default true. */
  manifest?: boolean;
  /** Record the folders' times for the next build's up-to-date check; default true. */
  folders?: boolean;
  /** The commit and data the build is made from, for the build target record (awaited at commit). */
  origin?: () => Promise<Pick<BuildTarget, "commit" | "data">>;
}

/**
 * The dev server's output: written whole into a fresh folder the first time (nothing of an older build survives), then
 * updated in place: only the files whose bytes changed are written, and the files no longer produced deleted. No
 * manifest: nothing deploys it.
 */
export function updatedOutput(outDir: string): SiteOutput {
  let written: Map<string, string> | undefined;
  return {
    async begin() {
      if (written) return stagedRun(written, (files, removed) => writeChangedFiles(outDir, files, removed));
      const run = await freshFolder(outDir, { manifest: false, folders: false });
      const shas = new Map<string, string>();
      return {
        ...run,
        write: (file, contents) => remember(shas, file, run.write(file, contents)),
        place: (file, from, digest) => remember(shas, file, run.place(file, from, digest)),
        threads: { dir: run.threads!.dir, adopt: (file, digest) => (run.threads!.adopt(file, digest), void shas.set(file, digest.sha256)) },
        keep(names, from) {
          run.keep(names, from);
          for (const name of names) shas.set(name, from.get(name)!.sha256);
        },
        async commit(site) {
          const committed = await run.commit(site);
          written = shas;
          return committed;
        },
      };
    },
  };
}

/** The tests' output: the site in memory (`files`), changed only at a run's commit. */
export function memoryOutput(): SiteOutput & { files: Map<string, string | Uint8Array> } {
  const files = new Map<string, string | Uint8Array>();
  const written = new Map<string, string>();
  return {
    files,
    begin: async () =>
      stagedRun(written, async (changed, removed) => {
        for (const { file, contents } of changed) files.set(file, contents);
        for (const file of removed) files.delete(file);
      }),
  };
}

/**
 * Updates a written site in place: writes `files` and deletes `removed` (names relative to `outDir`). Each file is
 * written beside its place and renamed over it, so a server reading it meanwhile sends the old or the new file,
 * never half of one. Folders left empty by a removal go too.
 */
export async function writeChangedFiles(outDir: string, files: OutputFile[], removed: string[]): Promise<void> {
  const target = path.resolve(outDir);
  // One file at a time: a change to site.yaml rewrites every page, and thousands of writes at once run out of handles.
  for (const f of files) {
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
  }
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

/** A run into a fresh folder beside `outDir`, swapped in at commit; `previous`: the output it replaces, if any. */
async function freshFolder(outDir: string, options: { manifest: boolean; folders: boolean; origin?: ReplacedOutputOptions["origin"] }): Promise<OutputRun & { previous: string | undefined }> {
  const target = path.resolve(outDir);
  const fresh = `${target}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(fresh, { recursive: true });
  const previous = (await exists(target)) ? target : undefined;
  const folder = new OutputFolder(fresh);
  // Every file's size and SHA-256 as it is written or kept: the deploy's manifest.
  const digests = new Map<string, { sha256: string; size: number }>();
  const adopt = (file: string, { sha256, bytes }: FileDigest) => void digests.set(file, { sha256, size: bytes });
  return {
    previous,
    holds(file, last) {
      if (!previous || last.mtimeMs === 0) return false;
      try {
        // Only a file exactly as it was written: `flightsite serve` rewrites files of the output in place.
        const { size, mtimeMs } = statSync(path.join(previous, file));
        return size === last.bytes && mtimeMs === last.mtimeMs;
      } catch {
        return false; // gone from the last output (deleted by hand?)
      }
    },
    write(file, contents) {
      const written = folder.write(file, contents);
      digests.set(file, { sha256: written.sha256, size: written.bytes });
      return written;
    },
    place(file, from, digest) {
      const { mtimeMs } = statSync(folder.place(file, from));
      adopt(file, digest);
      return { ...digest, mtimeMs };
    },
    threads: { dir: fresh, adopt },
    keep(names, from) {
      for (const name of names) {
        const { sha256, bytes } = from.get(name)!;
        folder.reuse(name, previous!);
        digests.set(name, { sha256, size: bytes });
      }
    },
    remove: () => {}, // never put in the fresh folder
    async commit(site) {
      const manifest = options.manifest ? folder.write(manifestFile, manifestText(digests)) : undefined;
      // What the build is for, beside the manifest: the deploy refuses a preview to the live site by it.
      const origin = options.manifest && site ? ((await options.origin?.()) ?? { commit: null, data: "" }) : undefined;
      const record: BuildTarget | undefined = site && origin && { basePath: site.basePath, preview: site.preview, ...origin };
      const written = record ? folder.write(buildTargetFile, `${JSON.stringify(record, null, 1)}\n`) : undefined;
      // Before the swap, in the folder that becomes the output: the next build's up-to-date check compares them.
      const folders = options.folders ? folderStamps(fresh, digests.keys()) : [];
      const old = `${target}.old-${process.pid}-${Date.now()}`;
      if (previous) await rename(target, old);
      await rename(fresh, target);
      if (previous) await rm(old, { recursive: true, force: true });
      return { written: [...digests.keys()], removed: [], manifest, ...(written && { target: written }), folders };
    },
    abort: () => rm(fresh, { recursive: true, force: true }),
  };
}

/**
 * A run that changes an output in place at commit (`apply`): files whose bytes differ from what `written` (each file's
 * SHA-256, kept up to date here) says the output holds, and the files removed.
 */
function stagedRun(written: Map<string, string>, apply: (files: OutputFile[], removed: string[]) => Promise<void>): OutputRun {
  const changed: (OutputFile & { sha256: string })[] = [];
  const removed: string[] = [];
  return {
    holds: (file, last) => written.get(file) === last.sha256,
    write(file, contents) {
      const bytes = bytesOf(contents);
      const sha256 = hash("sha256", bytes, "hex");
      if (written.get(file) !== sha256) changed.push({ file, contents: bytes, sha256 });
      return { bytes: bytes.byteLength, sha256, mtimeMs: 0 };
    },
    place(file, from, digest) {
      // Read only when the output does not hold these bytes already.
      if (written.get(file) !== digest.sha256) changed.push({ file, contents: readFileSync(from), sha256: digest.sha256 });
      return { ...digest, mtimeMs: 0 };
    },
    threads: undefined,
    keep: () => {}, // the output holds them already
    remove: (file) => void removed.push(file),
    async commit() {
      await apply(changed, removed);
      for (const { file, sha256 } of changed) written.set(file, sha256);
      for (const file of removed) written.delete(file);
      return { written: changed.map((file) => file.file), removed, folders: [] };
    },
    abort: async () => {},
  };
}

function bytesOf(contents: Contents): Buffer {
  if (typeof contents === "string") return Buffer.from(contents);
  if (contents instanceof Uint8Array) return Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
  return Buffer.concat(contents.map((piece) => (typeof piece === "string" ? Buffer.from(piece) : piece)));
}

function remember(shas: Map<string, string>, file: string, written: WrittenFile): WrittenFile {
  shas.set(file, written.sha256);
  return written;
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}
