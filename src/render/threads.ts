import { availableParallelism } from "node:os";
import { Worker, type ResourceLimits } from "node:worker_threads";
import type { WorkerReply, WorkerRequest } from "./protocol";
import type { SiteContent } from "../content/types";

// The worker threads of a large site, apart from what they render (parallel.ts): how many, and one thread's messages.
// Light to load, so that the build starts its threads before it loads the stages (React, the templates) itself.

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
 * Workers started now, to be handed to RenderThreads (parallel.ts) once the build has loaded its stages; `limits`:
 * their heap's, V8's own when left out.
 */
export function startRenderThreads(count: number, limits?: ResourceLimits): RenderThread[] {
  return Array.from({ length: count }, () => new RenderThread(limits));
}

/** One worker thread (worker.ts), answering its requests in turn; its end, expected or not, fails what is under way. */
export class RenderThread {
  readonly #worker: Worker;
  /** The requests sent and not yet answered in full, oldest first: the worker answers them in turn. */
  readonly #pending: { onReply: (reply: WorkerReply) => boolean; resolve: () => void; reject: (error: unknown) => void }[] = [];
  #ended: unknown;
  #started!: { resolve: () => void; reject: (error: unknown) => void };
  /** Settled once the thread has loaded its modules and waits for work (or has failed to). */
  readonly ready = new Promise<void>((resolve, reject) => (this.#started = { resolve, reject }));

  constructor(limits?: ResourceLimits) {
    this.#worker = new Worker(workerUrl, limits && { resourceLimits: limits });
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

// --- internal ---

// From the TypeScript sources, worker.mjs registers tsx before loading worker.ts; the bundle of the CLI built at
// install (scripts/compile.ts) has the worker compiled beside it.
const workerUrl = import.meta.url.endsWith(".ts") ? new URL("./worker.mjs", import.meta.url) : new URL("./render-worker.js", import.meta.url);
