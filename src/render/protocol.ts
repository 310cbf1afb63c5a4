// The messages between the build and a render worker thread (worker.ts), as plain data: types only, so that the
// worker and the pool that drives it (pool.ts) both import them and neither imports the other.
import type { RenderedFile, RenderInput } from "./route-renderer";
import type { FoundLinks } from "./scan-links";
import type { ContentProblem } from "../errors";
import type { SourceFile } from "../content/types";

export type WorkerRequest =
  | { kind: "parse"; files: SourceFile[] }
  /** What the render requests that follow are about: the site, and where its files go. */
  | { kind: "prepare"; input: RenderInput; outDir: string }
  /** The routes to render, by their number in the site's routes. */
  | { kind: "render"; routes: number[] };

export type WorkerReply =
  | { kind: "parsed"; outcomes: [file: string, outcome: ParseOutcome][] }
  /**
   * What was found in a batch of files. A piece of a shared part goes by a number, with its links the first time
   * (in `pieces`): the main thread keeps one object for it, as this thread does, and the batch stays small.
   */
  | { kind: "files"; files: SentFile[]; pieces: [number, FoundLinks][] }
  | { kind: "rendered" }
  | { kind: "ready" };

/** A rendered file as sent: a shared piece by its number. */
export type SentFile = Omit<RenderedFile, "found"> & { found?: (FoundLinks | number)[] };

/** What parseDataFile found, as plain data: the checked data, or every problem with its place. */
export type ParseOutcome = { ok: true; data: unknown } | { ok: false; problems: ContentProblem[] };
