// The render pool: the one module that renders a site's routes into a folder, on this thread alone or with worker
// threads (worker.ts, speaking protocol.ts). renderAll renders; prewarm starts a large site's workers early, before
// the build loads its stages, and the pool they make also parses data files for validation (load-content.ts). Light
// to load: the renderer itself (React, the templates) is imported only when rendering starts.
import { availableParallelism } from "node:os";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { renderWorkerUrl } from "./code-location";
import type { ParseOutcome, WorkerReply, WorkerRequest } from "./protocol";
import type { RenderedFile, RenderInput } from "./route-renderer";
import type { FoundLinks } from "./scan-links";
import type { Contents } from "../output/write-output";
import type { Route, SiteContent, SourceFile } from "../content/types";

/**
 * Below this many city and destination pages a site renders on the main thread alone: starting a worker (a fresh
 * module graph: React, the templates) costs more than it saves on a small site.
 */
export const pagesWorthThreads = 1000;

/** How many threads to render a site with: one per core for a large site, else one. */
export function renderThreadsFor(content: SiteContent): number {
  return renderThreadsForPages(content.cities.length * (1 + content.destinations.length));
}

/** renderThreadsFor before the content is read: from its city and destination pages (cityPagesOfFiles). */
export function renderThreadsForPages(cityPages: number): number {
  return cityPages >= pagesWorthThreads ? availableParallelism() : 1;
}

/**
 * How many city and destination pages a site will have, from the names of its data files (cities/*.yaml,
 * destinations/*.yaml).
 */
export function cityPagesOfFiles(names: readonly string[]): number {
  const count = (folder: string) => {
    const pattern = new RegExp(`(^|/)${folder}/[^/]+\\.ya?ml$`);
    return names.filter((name) => pattern.test(name)).length;
  };
  return count("cities") * (1 + count("destinations"));
}

/**
 * A pool of `count` threads (this one and `count - 1` workers), the workers started now so that their start-up
 * (loading React and the templates) overlaps with what the build does meanwhile; `limits`: their heaps'.
 */
export function prewarm(count: number, limits?: ResourceLimits): RenderPool {
  return new RenderPool(count, limits);
}

/** Which routes renderAll renders: the site's routes as this thread made them, and the numbers of those to render. */
export interface RouteChoice {
  routes: Route[];
  numbers: readonly number[];
}

/**
 * Renders the site's routes (`only` those chosen, else every one) into `outDir` on `threads` threads and hands what was
 * found in each file to `onRendered` as it comes. With one thread it renders here; with more, this thread and the
 * workers take chunks of the routes in turn (RenderPool), each writing its files itself. The bytes on disk do not
 * depend on the number of threads; the order of `onRendered` calls does. A worker's exception rejects, like a throw
 * here would, and stops the others.
 */
export async function renderAll(
  input: RenderInput,
  { threads, outDir, onRendered, only }: { threads: number | RenderPool; outDir: string; onRendered: (files: RenderedFile[]) => void; only?: RouteChoice },
): Promise<void> {
  if (threads instanceof RenderPool) return threads.render(input, outDir, onRendered, only);
  if (threads <= 1) return renderHere(input, outDir, onRendered, only);
  const started = new RenderPool(threads);
  try {
    await started.render(input, outDir, onRendered, only);
  } finally {
    await started.close();
  }
}

/**
 * The threads of a large site: this one and `count - 1` worker threads, which parse data files and then render the
 * site, taking chunks of each in turn. The workers are started before the data is even read, so that their start-up
 * (loading React and the templates) happens while this thread reads; the bulk of parsing (most of validating a large
 * site) is then shared among them. This thread renders chunks too rather than wait: one isolate fewer, with
 * its copy of the content. The first failure stops every thread, and so does close().
 */
export class RenderPool {
  readonly #threads: RenderThread[];
  #closed: Promise<void> | undefined;

  /** `limits`: each worker's heap limits, V8's own when left out. Use prewarm() to start a pool. */
  constructor(
    readonly count: number,
    limits?: ResourceLimits,
  ) {
    this.#threads = Array.from({ length: count - 1 }, () => new RenderThread(limits));
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
   * renderAll on these threads, each writing what it renders into `outDir`; the workers are stopped at its end
   * (close() resolves once they have ended). The routes are handed out in chunks, to whichever thread is free: this
   * thread, which also takes in what the workers found, renders fewer, and no thread waits for another at the end.
   */
  async render(input: RenderInput, outDir: string, onRendered: (files: RenderedFile[]) => void, only?: RouteChoice): Promise<void> {
    // The workers get the site before this thread creates its routes: they take it in and create their own meanwhile
    // (time a worker otherwise spent waiting).
    for (const thread of this.#threads) thread.send({ kind: "prepare", input, outDir });
    // The renderer (React, the templates) loads only now: a pool is started before the build loads its stages.
    const { renderer, write, writeRoutes } = await renderHereInto(input, outDir, only);
    const numbers = only?.numbers ?? everyRoute(renderer.count);
    let next = 0;
    const take = (size = routesPerChunk): number[] | undefined => {
      if (next >= numbers.length) return undefined;
      const start = next;
      // Chunks shrink towards the end, so that the threads finish together rather than one waiting for another's last.
      next = Math.min(numbers.length, next + Math.min(size, Math.max(4, Math.ceil((numbers.length - next) / (4 * this.count)))));
      return numbers.slice(start, next);
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
          while (!stopped) {
            // A turn of the event loop before each chunk: the workers ask for their first chunks before this thread
            // takes one (its first pages, rendered cold, are slow, and a worker would wait for them).
            await new Promise((resolve) => setImmediate(resolve));
            // Smaller chunks here: a worker's next chunk is handed out only between two of them.
            const routes = take(routesHereChunk);
            if (!routes) break;
            for (const file of writeRoutes(renderer, routes, write)) onRendered([file]);
          }
        },
        () => (stopped = true),
      );
    } finally {
      // Not awaited: a worker's end (its heap freed) takes a while, which overlaps with what the
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

// --- internal ---

/** The routes rendered into `outDir` on this thread, each file written as soon as it is rendered. */
async function renderHere(input: RenderInput, outDir: string, onRendered: (files: RenderedFile[]) => void, only: RouteChoice | undefined): Promise<void> {
  const { renderer, write, writeRoutes } = await renderHereInto(input, outDir, only);
  for (const file of writeRoutes(renderer, only?.numbers ?? everyRoute(renderer.count), write)) onRendered([file]);
}

/**
 * This thread's side of the one render path (write-routes.ts) into `outDir`: the run's renderer (renderingOf, as a
 * worker loads it) over the routes chosen, or all the site's. Loaded only now: a pool is started before the build
 * loads its stages.
 */
async function renderHereInto(input: RenderInput, outDir: string, only: RouteChoice | undefined) {
  const [{ RouteRenderer, renderingOf }, { OutputFolder }, { writeRoutes }] = await Promise.all([import("./route-renderer"), import("../output/output-folder"), import("./write-routes")]);
  const renderer = new RouteRenderer(input, await renderingOf(input), { routes: only?.routes });
  const folder = new OutputFolder(outDir);
  return { renderer, writeRoutes, write: (file: string, contents: Contents) => folder.write(file, contents) };
}

function everyRoute(count: number): number[] {
  return Array.from({ length: count }, (_, number) => number);
}

/** One worker thread (worker.ts), answering its requests in turn; its end, expected or not, fails what is under way. */
class RenderThread {
  readonly #worker: Worker;
  /** The requests sent and not yet answered in full, oldest first: the worker answers them in turn. */
  readonly #pending: { onReply: (reply: WorkerReply) => boolean; resolve: () => void; reject: (error: unknown) => void }[] = [];
  #ended: unknown;
  #started!: { resolve: () => void; reject: (error: unknown) => void };
  /** Settled once the thread has loaded its modules and waits for work (or has failed to). */
  readonly ready = new Promise<void>((resolve, reject) => (this.#started = { resolve, reject }));

  constructor(limits?: ResourceLimits) {
    this.#worker = new Worker(renderWorkerUrl, limits && { resourceLimits: limits });
    this.ready.catch(() => {}); // a thread that fails before anyone waits for it fails the next request instead
    this.#worker.on("message", (reply: WorkerReply) => {
      if (reply.kind === "ready") return this.#started.resolve();
      const pending = this.#pending[0];
      if (pending?.onReply(reply)) {
        this.#pending.shift();
        pending.resolve();
      }
    });
    this.#worker.once("error", (error) => this.#end(error));
    this.#worker.once("exit", (code) => this.#end(new Error(`a render worker stopped (exit code ${code}) before it had done its work`)));
  }

  /** Sends a message that has no reply (the next request's context). */
  send(message: WorkerRequest): void {
    this.#worker.postMessage(message);
  }

  /** Sends `request`; each reply goes to `onReply` until it returns true, which ends the request. */
  request(request: WorkerRequest, onReply: (reply: WorkerReply) => boolean): Promise<void> {
    if (this.#ended !== undefined) return Promise.reject(this.#ended);
    return new Promise((resolve, reject) => {
      this.#pending.push({ onReply, resolve, reject });
      this.#worker.postMessage(request);
    });
  }

  async stop(): Promise<void> {
    this.#ended ??= new Error("rendering was stopped");
    await this.#worker.terminate();
  }

  #end(error: unknown): void {
    this.#ended ??= error;
    this.#started.reject(this.#ended);
    for (const pending of this.#pending.splice(0)) pending.reject(this.#ended);
  }
}


/**
 * One worker's batches as files whose shared pieces are objects again: each number stands for the object it was
 * first sent with, so that a part's links are one object here too, for the link check and the cache.
 */
function receivedFiles(): (batch: Extract<WorkerReply, { kind: "files" }>) => RenderedFile[] {
  const pieces = new Map<number, FoundLinks>();
  return ({ files, pieces: sent }) => {
    for (const [number, piece] of sent) pieces.set(number, piece);
    return files.map((file) =>
      file.found ? { ...file, found: file.found.map((piece) => (typeof piece === "number" ? pieces.get(piece)! : piece)) } : (file as RenderedFile),
    );
  };
}

/** Routes per chunk handed to a thread: a few tens of milliseconds of rendering. */
const routesPerChunk = 64;
/** Routes per chunk this thread renders itself between taking in the workers' replies (and giving them more). */
const routesHereChunk = 16;
