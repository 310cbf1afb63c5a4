import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { renderShare, type RenderedFile, type RenderInput, type Share } from "./share";
import type { SiteContent } from "../content/types";

/**
 * Below this many city and destination pages a site renders on the main thread alone: starting a worker (a fresh
 * module graph: tsx, React, the templates) takes about half a second, more than it saves on a small site.
 */
export const pagesWorthThreads = 1000;

/** How many threads to render a site with: one per core for a large site, else one. */
export function renderThreadsFor(content: SiteContent): number {
  const pages = content.cities.length * (1 + content.destinations.length);
  return pages >= pagesWorthThreads ? availableParallelism() : 1;
}

/**
 * Renders the site on `threads` threads: the main thread renders one share while worker threads render the
 * others, each creating the routes from the same content. Returns the files in route order, whatever the number
 * of threads, so that the output does not depend on the machine. A worker's exception rejects, like a throw on the
 * main thread would.
 */
export async function renderInParallel(input: RenderInput, threads: number): Promise<RenderedFile[]> {
  if (threads <= 1) return renderShare(input, { index: 0, count: 1 });
  const stop = new AbortController();
  const workers = Array.from({ length: threads - 1 }, (_, i) => renderShareInWorker(input, { index: i + 1, count: threads }, stop.signal));
  let own: RenderedFile[];
  try {
    // Rendering here blocks this thread, so a worker that fails early is only noticed afterwards; that is fine.
    own = renderShare(input, { index: 0, count: threads });
  } catch (error) {
    // This share's failure is the one to report: stop the workers, and let their ends go unremarked.
    stop.abort();
    await Promise.allSettled(workers);
    throw error;
  }
  const shares = [own, ...(await Promise.all(workers))];
  const total = shares.reduce((sum, share) => sum + share.length, 0);
  return Array.from({ length: total }, (_, i) => shares[i % threads]![Math.floor(i / threads)]!);
}

/** One share rendered on a worker thread of its own; rejects with what the worker threw, or when `signal` aborts. */
export function renderShareInWorker(input: RenderInput, share: Share, signal?: AbortSignal): Promise<RenderedFile[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./worker.mjs", import.meta.url), { workerData: { input, share } });
    signal?.addEventListener("abort", () => void worker.terminate(), { once: true });
    let result: RenderedFile[] | undefined;
    worker.once("message", (files: RenderedFile[]) => (result = files));
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (result) resolve(result);
      else reject(new Error(`a render worker stopped (exit code ${code}) without sending its pages`));
    });
  });
}
