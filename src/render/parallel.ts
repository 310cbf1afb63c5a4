import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { OutputFolder } from "./output-folder";
import { renderShare, type RenderedFile, type RenderInput, type ReusedFile, type Share } from "./share";
import type { SiteContent } from "../content/types";

/**
 * Below this many city and destination pages a site renders on the main thread alone: starting a worker (a fresh
 * module graph: React, the templates) costs more than it saves on a small site.
 */
export const pagesWorthThreads = 1000;

/** How many threads to render a site with: one per core for a large site, else one. */
export function renderThreadsFor(content: SiteContent): number {
  const pages = content.cities.length * (1 + content.destinations.length);
  return pages >= pagesWorthThreads ? availableParallelism() : 1;
}

/**
 * Renders the site into `outDir` on `threads` threads and hands what was found in each file to `onRendered` as it
 * comes. With one thread it renders here; with more, each of `threads` workers renders an interleaved share and
 * writes its files itself, while this thread only collects. The bytes on disk do not depend on the number of
 * threads; the order of `onRendered` calls does. A worker's exception rejects, like a throw here would, and stops
 * the other workers.
 */
export async function renderInParallel(
  input: RenderInput,
  threads: number,
  outDir: string,
  onRendered: (files: (RenderedFile | ReusedFile)[]) => void,
): Promise<void> {
  if (threads <= 1) return renderShareInto(input, { index: 0, count: 1 }, new OutputFolder(outDir), onRendered);
  const stop = new AbortController();
  let failure: { error: unknown } | undefined;
  const workers = Array.from({ length: threads }, (_, index) =>
    renderShareInWorker(input, { index, count: threads }, outDir, onRendered, stop.signal).catch((error: unknown) => {
      // The first failure is the one to report: stop the other workers, and let their ends go unremarked.
      failure ??= { error };
      stop.abort();
    }),
  );
  await Promise.all(workers);
  if (failure) throw failure.error;
}

/** One share rendered into `outDir` on a worker thread of its own; rejects with what the worker threw, or when `signal` aborts. */
export function renderShareInWorker(
  input: RenderInput,
  share: Share,
  outDir: string,
  onRendered: (files: (RenderedFile | ReusedFile)[]) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error("rendering was stopped"));
    const worker = new Worker(workerUrl, { workerData: { input, share, outDir } });
    signal?.addEventListener("abort", () => void worker.terminate(), { once: true });
    let failure: unknown;
    worker.on("message", (files: (RenderedFile | ReusedFile)[]) => onRendered(files));
    worker.once("error", (error) => (failure = error));
    worker.once("exit", (code) => {
      if (failure !== undefined) reject(failure);
      else if (code === 0) resolve();
      else reject(new Error(`a render worker stopped (exit code ${code}) before it had rendered its pages`));
    });
  });
}

/**
 * Renders one share into `folder` on this thread: each file is written as soon as it is rendered, or, when the cache
 * says it is unchanged, linked from the last good output (rendered after all if that file is missing there).
 */
export function renderShareInto(
  input: RenderInput,
  share: Share,
  folder: OutputFolder,
  onRendered: (files: (RenderedFile | ReusedFile)[]) => void,
): void {
  const { cache } = input;
  // Only a file exactly as this cache wrote it is taken: `flightsite serve` rewrites files of the output in place.
  const reuse = (file: string) => {
    const stamp = cache?.previous?.get(file);
    if (!stamp || !cache?.previousDir) return false;
    try {
      const { size, mtimeMs } = statSync(path.join(cache.previousDir, file));
      if (size !== stamp.bytes || mtimeMs !== stamp.mtimeMs) return false;
      folder.reuse(file, cache.previousDir);
      return true;
    } catch {
      return false; // gone from the last output (deleted by hand?): render it after all
    }
  };
  for (const item of renderShare(input, share, reuse)) {
    if ("reused" in item) {
      onRendered([item.reused]);
    } else {
      const { output } = item;
      const contents = "pieces" in output ? output.pieces.map((piece) => (typeof piece === "string" ? piece : piece.bytes)) : output.contents;
      const { sha256, mtimeMs } = folder.write(output.file, contents);
      item.rendered.sha256 = sha256;
      if (cache) item.rendered.mtimeMs = mtimeMs;
      onRendered([item.rendered]);
    }
  }
}

// --- internal ---

// From the TypeScript sources, worker.mjs registers tsx before loading worker.ts; the bundle of the CLI built at
// install (scripts/compile.ts) has the worker compiled beside it.
const workerUrl = import.meta.url.endsWith(".ts") ? new URL("./worker.mjs", import.meta.url) : new URL("./render-worker.js", import.meta.url);
