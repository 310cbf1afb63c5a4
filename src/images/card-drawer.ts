import { fork, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { runsCompiled } from "../render/code-location";
import { cardDrawing, type CardCode } from "./card-code";
import type { ShareCard } from "../content/types";

// Share cards drawn on every core: a few processes of their own (card-drawer-process.ts), each drawing with takumi
// (share-card.ts), so that laying out and encoding a card never waits for the build's main thread, nor it for them.
// Processes rather than threads, like the photo encoders (photo-processes.ts): each is ended after `cardsPerProcess`
// cards, which gives back whatever native memory the renderer held, so the build's memory stays bounded however many
// cards it draws; and its memory is its own, apart from the pages'.

/** Draws cards: `draw` one (in whichever process is free), `close` at the end. */
export interface CardDrawer {
  draw(card: ShareCard): Promise<Uint8Array>;
  /**
   * Loads what draws the next card: the renderer and its fonts when it is drawn in this process, else the helper
   * processes are started (not waited for). A build asks for its first card while its pages keep this thread busy.
   */
  ready(): Promise<void>;
  /** Ends every process: the cards it held are rejected (one retired after its share ends once they are drawn). */
  close(): Promise<void>;
}

export interface CardDrawerOptions {
  /** How many processes draw at once: one per core by default. */
  processes?: number;
  /** How many cards a process draws before it is ended and another started. */
  cardsPerProcess?: number;
  /**
   * How many cards, the first asked for, are drawn in this process: a save in the dev server redraws a card or
   * two, and starting a process would take longer than drawing them (a few ms each).
   */
  drawnHere?: number;
  /** The code that draws (the dev server's, bundled again after an edit); this process's own when left out. */
  code?: CardCode;
}

/** A message to a drawer process, and its answer. */
export type DrawRequest = { id: number; card: ShareCard };
export type DrawReply = { id: number; ok: true; png: Uint8Array } | { id: number; ok: false; message: string };

/** Starts no process until more than `drawnHere` cards are asked for: a build whose cards are all stored starts none. */
export function createCardDrawer({ processes = availableParallelism(), cardsPerProcess = 2000, drawnHere = 4, code }: CardDrawerOptions = {}): CardDrawer {
  const drawers = Array.from({ length: Math.max(1, processes) }, () => new DrawerProcess(cardsPerProcess, code?.module));
  let closed = false;
  let asked = 0;
  // Imported once: an import() per card costs a look-up in the module map each time.
  let drawing: ReturnType<typeof cardDrawing> | undefined;
  const drawingHere = () => (drawing ??= cardDrawing(code));
  return {
    async draw(card) {
      if (closed) throw new Error("the card drawer is closed");
      // Loaded only then: the renderer is native and most builds draw nothing.
      if (++asked <= drawnHere) return (await drawingHere()).drawShareCard(card);
      // The least busy process: each draws a card while the next one crosses to it.
      const drawer = drawers.reduce((best, next) => (next.busy < best.busy ? next : best));
      return drawer.draw(card);
    },
    async ready() {
      if (drawnHere > asked) await (await drawingHere()).startDrawing();
      else for (const drawer of drawers) drawer.start();
    },
    async close() {
      closed = true;
      await Promise.all(drawers.map((drawer) => drawer.close()));
    },
  };
}

// --- internal ---

/** One slot of the pool: a process at a time, replaced every `cardsPerProcess` cards. */
class DrawerProcess {
  #current: Drawing | undefined;
  readonly #cardsPerProcess: number;
  readonly #module: string | undefined;

  constructor(cardsPerProcess: number, module: string | undefined) {
    this.#cardsPerProcess = cardsPerProcess;
    this.#module = module;
  }

  /** Starts this slot's process, if none runs: it loads its renderer while the build goes on. */
  start(): void {
    if (this.#current?.ended) this.#current = undefined;
    this.#current ??= new Drawing(this.#module);
  }

  /** Cards sent to this slot's process and not yet drawn. */
  get busy(): number {
    return this.#current?.waiting.size ?? 0;
  }

  draw(card: ShareCard): Promise<Uint8Array> {
    // A process that took its share is ended once it has drawn what it holds; the card goes to a new one.
    if (this.#current && this.#current.taken >= this.#cardsPerProcess) {
      this.#current.retire();
      this.#current = undefined;
    }
    this.start();
    return this.#current!.draw(card);
  }

  async close(): Promise<void> {
    const current = this.#current;
    this.#current = undefined;
    await current?.end();
  }
}

type Waiting = { resolve: (png: Uint8Array) => void; reject: (error: Error) => void; title: string };

/** One drawer process and the cards it holds. */
class Drawing {
  readonly waiting = new Map<number, Waiting>();
  taken = 0;
  readonly #child: ChildProcess;
  #retired = false;
  #broken = false;

  constructor(module: string | undefined) {
    this.#child = startDrawer(module);
    this.#child.on("message", (reply: DrawReply) => {
      const request = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.ok) request?.resolve(new Uint8Array(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
      else request?.reject(new Error(reply.message));
      if (this.#retired && this.waiting.size === 0) void this.end();
    });
    // A process that cannot be started, is written to once ended, or ends: its cards fail, rather than the build
    // crashing or waiting for ever; the slot starts another process for the next card.
    this.#child.on("error", (error) => this.#fail(`failed (${error.message})`));
    this.#child.once("exit", (code, signal) => this.#fail(`ended (${signal ?? `exit code ${code}`})`));
  }

  draw(card: ShareCard): Promise<Uint8Array> {
    const id = this.taken++;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, title: card.title });
      this.#child.send({ id, card } satisfies DrawRequest);
    });
  }

  /** Whether the process ended or failed: a card sent to it now would never be drawn. */
  get ended(): boolean {
    return this.#broken || this.#child.exitCode !== null || this.#child.signalCode !== null;
  }

  /** Ends the process when the cards it holds are drawn. */
  retire(): void {
    this.#retired = true;
    if (this.waiting.size === 0) void this.end();
  }

  async end(): Promise<void> {
    const child = this.#child;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
  }

  #fail(what: string): void {
    this.#broken = true;
    for (const request of this.waiting.values()) {
      request.reject(new Error(`the share card drawer process ${what} while drawing the card "${request.title}"`));
    }
    this.waiting.clear();
  }
}

/** A drawer process drawing with the card code `module` (a file URL), else with its own. */
function startDrawer(module: string | undefined): ChildProcess {
  // From the sources, card-drawer-process.mjs registers tsx first; compiled, the drawer bundled beside the CLI.
  const entry = runsCompiled ? new URL("./card-drawer.js", import.meta.url) : new URL("./card-drawer-process.mjs", import.meta.url);
  // "advanced": the PNG crosses as bytes, not as a JSON array of numbers. No execArgv of the parent's (a test runner's).
  return fork(fileURLToPath(entry), module === undefined ? [] : [module], { serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"], execArgv: [] });
}
