import { OutputFolder } from "./output-folder";
import { RouteRenderer, type RenderedFile, type RenderInput, type ReusedFile, type RouteRange, type Share } from "./share";
import { RenderThread, startRenderThreads } from "./threads";
import { writeRoutes } from "./write-routes";
import type { ParseOutcome, WorkerReply } from "./protocol";
import type { FoundLinks } from "./scan-links";
import type { SourceFile } from "../content/types";

export { pagesWorthThreads, renderThreadsFor, renderThreadsForPages } from "./threads";

/**
 * The threads of a large site: this one and `count - 1` worker threads, which parse data files and then render the
 * site, taking chunks of each in turn. The workers are started before the data is even read, so that their start-up
 * (loading React and the templates) happens while this thread reads; the bulk of parsing (a site of 10,000 cities has
 * 40 MB of YAML) is then shared among them. This thread renders chunks too rather than wait: one isolate fewer, with
 * its copy of the content. The first failure stops every thread, and so does close().
 */
export class RenderThreads {
  readonly #threads: RenderThread[];
  #closed: Promise<void> | undefined;

  /** `started`: the workers, if the caller started them already (see startRenderThreads). */
  constructor(
    readonly count: number,
    started?: RenderThread[],
  ) {
    this.#threads = started ?? startRenderThreads(count - 1);
  }

  /**
   * Data files parsed and checked against their schemas (src/content/parse.ts) on the threads, by path: what
   * validateContent's `parse` then takes instead of parsing again. Each thread, once started, takes the chunks
   * `next` hands out until there are none left, so a thread that is slow to start takes fewer (the caller parses
   * from the same chunks meanwhile). Files of no known kind are left out.
   */
  async parse(next: () => SourceFile[] | undefined): Promise<Map<string, ParseOutcome>> {
    const outcomes = new Map<string, ParseOutcome>();
    await this.#all(async (thread) => {
      await thread.ready;
      const ask = (files = next()) =>
        files &&
        thread.request({ kind: "parse", files }, (reply) => {
          if (reply.kind !== "parsed") return false;
          for (const [file, outcome] of reply.outcomes) outcomes.set(file, outcome);
          return true;
        });
      // Two chunks asked for at a time, as for rendering: the worker parses the second while this thread, busy with a
      // chunk of its own, has not yet taken in the first one's reply (one at a time, it waited half the time).
      for (let [current, following] = [ask(), ask()]; current; [current, following] = [following, ask()]) await current;
    });
    return outcomes;
  }

  /**
   * renderInParallel on these threads, each writing what it renders into `outDir`; the workers are stopped at its end
   * (close() resolves once they have ended). The routes are handed out in chunks, to whichever thread is free: this
   * thread, which also takes in what the workers found, renders fewer, and no thread waits for another at the end.
   */
  async render(input: RenderInput, outDir: string, onRendered: (files: (RenderedFile | ReusedFile)[]) => void): Promise<void> {
    // The workers get the site before this thread creates its routes: they take it in and create their own meanwhile
    // (at 10,000 cities each is a few tenths of a second, which a worker otherwise spent waiting).
    for (const thread of this.#threads) thread.send({ kind: "prepare", input, outDir });
    const renderer = new RouteRenderer(input);
    let next = 0;
    const take = (size = routesPerChunk): RouteRange | undefined => {
      if (next >= renderer.count) return undefined;
      const start = next;
      // Chunks shrink towards the end, so that the threads finish together rather than one waiting for another's last.
      next = Math.min(renderer.count, next + Math.min(size, Math.max(4, Math.ceil((renderer.count - next) / (4 * this.count)))));
      return { start, end: next, step: 1 };
    };
    let stopped = false;
    try {
      await this.#all(
        async (thread) => {
          // A thread still starting takes no chunk yet: the others render meanwhile.
          await thread.ready;
          const received = receivedFiles();
          const ask = (routes = take()) =>
            routes &&
            thread.request({ kind: "render", routes }, (reply) => {
              if (reply.kind === "files") onRendered(received(reply));
              return reply.kind === "rendered";
            });
          // Two chunks asked for at a time: the worker starts the second while this thread, busy with a chunk of its
          // own, has not yet taken in the first one's end.
          for (let [current, following] = [ask(), ask()]; current; [current, following] = [following, ask()]) await current;
        },
        // This thread's chunks, one at a time, so that the workers' batches come in (and are let go) in between.
        async () => {
          const folder = new OutputFolder(outDir);
          while (!stopped) {
            // A turn of the event loop before each chunk: the workers ask for their first chunks before this thread
            // takes one (its first pages, rendered cold, took a tenth of a second while a worker waited).
            await new Promise((resolve) => setImmediate(resolve));
            // Smaller chunks here: a worker's next chunk is handed out only between two of them.
            const routes = take(routesHereChunk);
            if (!routes) break;
            for (const file of writeRoutes(renderer, routes, folder, input.cache)) onRendered([file]);
          }
        },
        () => (stopped = true),
      );
    } finally {
      // Not awaited: a worker's end (its heap freed) takes it up to a tenth of a second, which overlaps with what the
      // build does next (the link check, the swap, the cache saved). close() tells when the workers have ended.
      void this.close();
    }
  }

  /** Stops every thread (a build that failed before rendering must not leave them running); resolves once they have ended. */
  close(): Promise<void> {
    return (this.#closed ??= Promise.all(this.#threads.map((thread) => thread.stop())).then(() => undefined));
  }

  /**
   * `run` on every worker and `here` on this thread, all at once. On the first failure the workers are stopped and
   * `stop` is called, and that failure is thrown once all have ended.
   */
  async #all(run: (thread: RenderThread) => Promise<void>, here?: () => Promise<void>, stop?: () => void): Promise<void> {
    let failure: { error: unknown } | undefined;
    const fail = (error: unknown) => {
      // The first failure is the one to report: stop the other threads, and let their ends go unremarked.
      failure ??= { error };
      stop?.();
      void this.close();
    };
    await Promise.all([...(here ? [here().catch(fail)] : []), ...this.#threads.map((thread) => run(thread).catch(fail))]);
    if (failure) throw failure.error;
  }
}

/**
 * Renders the site into `outDir` on `threads` threads and hands what was found in each file to `onRendered` as it
 * comes. With one thread it renders here; with more, this thread and the workers take chunks of the routes in turn
 * (RenderThreads), each writing its files itself. The bytes on disk do not depend on the number of threads; the
 * order of `onRendered` calls does. A worker's exception rejects, like a throw here would, and stops the others.
 */
export async function renderInParallel(
  input: RenderInput,
  threads: number | RenderThreads,
  outDir: string,
  onRendered: (files: (RenderedFile | ReusedFile)[]) => void,
): Promise<void> {
  if (threads instanceof RenderThreads) return threads.render(input, outDir, onRendered);
  if (threads <= 1) return renderShareInto(input, { index: 0, count: 1 }, new OutputFolder(outDir), onRendered);
  const started = new RenderThreads(threads);
  try {
    await started.render(input, outDir, onRendered);
  } finally {
    await started.close();
  }
}

/** One share rendered into `outDir` on a worker thread of its own; rejects with what the worker threw. */
export async function renderShareInWorker(
  input: RenderInput,
  share: Share,
  outDir: string,
  onRendered: (files: (RenderedFile | ReusedFile)[]) => void,
): Promise<void> {
  const thread = new RenderThread();
  try {
    thread.send({ kind: "prepare", input, outDir });
    const received = receivedFiles();
    await thread.request({ kind: "render", routes: { start: share.index, end: Infinity, step: share.count } }, (reply) => {
      if (reply.kind === "files") onRendered(received(reply));
      return reply.kind === "rendered";
    });
  } finally {
    await thread.stop();
  }
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
  const renderer = new RouteRenderer(input);
  for (const file of writeRoutes(renderer, { start: share.index, end: renderer.count, step: share.count }, folder, input.cache)) onRendered([file]);
}

// --- internal ---

/**
 * One worker's batches as files whose shared pieces are objects again: each number stands for the object it was
 * first sent with, so that a part's links are one object here too, for the link check and the cache.
 */
function receivedFiles(): (batch: Extract<WorkerReply, { kind: "files" }>) => (RenderedFile | ReusedFile)[] {
  const pieces = new Map<number, FoundLinks>();
  return ({ files, pieces: sent }) => {
    for (const [number, piece] of sent) pieces.set(number, piece);
    return files.map((file) =>
      "found" in file && file.found ? { ...file, found: file.found.map((piece) => (typeof piece === "number" ? pieces.get(piece)! : piece)) } : (file as RenderedFile | ReusedFile),
    );
  };
}

/** Routes per chunk handed to a thread: a few tens of milliseconds of rendering. */
const routesPerChunk = 64;
/** Routes per chunk this thread renders itself between taking in the workers' replies (and giving them more). */
const routesHereChunk = 16;
