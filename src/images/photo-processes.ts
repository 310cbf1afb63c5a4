import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { PhotoSlot } from "../content/photo";
import { runsCompiled } from "../render/code-location";
import type { EncodedPhoto } from "./photo-store";

// Photos encoded in processes of their own (photo-encoder.ts), each ended after `photosPerProcess` photos: the native
// memory libvips leaves behind in glibc's arenas is given back only when its process ends, so a build's memory stays
// bounded however many photos it encodes (docs/photos.md).

export interface EncodeRequest {
  source: Uint8Array;
  src: string;
  slot: PhotoSlot;
  key: string;
}

export type EncodeReply = { ok: true; photo: EncodedPhoto; files: [string, Uint8Array][] } | { ok: false; message: string };

/** How many photos one encoder process takes before it is ended and another started. */
export const photosPerProcess = 20;

/** One encoder process at a time per caller: `encode` a photo, `close` at the end. */
export class EncoderProcess {
  #child: ChildProcess | undefined;
  #taken = 0;

  /** The photo encoded in the current process (a fresh one every photosPerProcess photos). */
  async encode(request: EncodeRequest): Promise<{ photo: EncodedPhoto; files: Map<string, Uint8Array> }> {
    if (this.#taken >= photosPerProcess) await this.close();
    this.#taken++;
    const child = (this.#child ??= startEncoder());
    const reply = await new Promise<EncodeReply>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the photo encoder process ended (exit code ${code}) while encoding ${request.src}`));
      child.once("exit", onExit);
      child.once("message", (message: EncodeReply) => {
        child.off("exit", onExit);
        resolve(message);
      });
      child.send(request);
    });
    if (!reply.ok) throw new Error(reply.message);
    return { photo: reply.photo, files: new Map(reply.files) };
  }

  /** Ends the process, if one is running. */
  async close(): Promise<void> {
    const child = this.#child;
    [this.#child, this.#taken] = [undefined, 0];
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
  }
}

// --- internal ---

function startEncoder(): ChildProcess {
  // From the sources, photo-encoder.mjs registers tsx first; compiled, the encoder bundled beside the CLI.
  const entry = runsCompiled ? new URL("./photo-encoder.js", import.meta.url) : new URL("./photo-encoder.mjs", import.meta.url);
  // "advanced": Uint8Arrays cross as bytes, not as JSON arrays of numbers.
  // No execArgv of the parent's (a test runner's flags): the entry brings what it needs.
  return fork(fileURLToPath(entry), [], { serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"], execArgv: [] });
}
