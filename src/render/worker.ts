// A render worker thread (see parallel.ts). It waits for requests: to parse a chunk of the data files, whose checked
// data it sends back, or, once told which site, to render a chunk of its routes into the output folder, sending back
// in batches what the build needs of each file, so that neither thread ever holds the site's text.
import { parentPort } from "node:worker_threads";
import { parseDataFile } from "../content/parse";
import { schemaForFile } from "../content/validate";
import { OutputFolder } from "./output-folder";
import { writeRoutes } from "./parallel";
import { RouteRenderer, type RenderedFile, type RenderInput, type ReusedFile, type RouteRange } from "./share";
import type { FoundLinks } from "./scan-links";
import type { ContentProblem } from "../errors";
import type { SourceFile } from "../content/types";

export type WorkerRequest =
  | { kind: "parse"; files: SourceFile[] }
  /** What the render requests that follow are about: the site, and where its files go. */
  | { kind: "prepare"; input: RenderInput; outDir: string }
  | { kind: "render"; routes: RouteRange };

export type WorkerReply =
  | { kind: "parsed"; outcomes: [file: string, outcome: ParseOutcome][] }
  /**
   * What was found in a batch of files. A piece of a shared part goes by a number, with its links the first time
   * (in `pieces`): the main thread keeps one object for it, as this thread does, and the batch stays small.
   */
  | { kind: "files"; files: (SentFile | ReusedFile)[]; pieces: [number, FoundLinks][] }
  | { kind: "rendered" }
  | { kind: "ready" };

/** A rendered file as sent: a shared piece by its number. */
export type SentFile = Omit<RenderedFile, "found"> & { found?: (FoundLinks | number)[] };

/** What parseDataFile found, as plain data: the checked data, or every problem with its place. */
export type ParseOutcome = { ok: true; data: unknown } | { ok: false; problems: ContentProblem[] };

const port = parentPort;
/** The shared pieces sent so far, by number (see WorkerReply). */
const sentPieces = new WeakMap<FoundLinks, number>();
let nextPiece = 0;
let site: { renderer: RouteRenderer; folder: OutputFolder; cache: RenderInput["cache"] } | undefined;
port?.on("message", (request: WorkerRequest) => {
  if (request.kind === "parse") {
    const outcomes: [string, ParseOutcome][] = [];
    for (const file of request.files) {
      const schema = schemaForFile(file.path);
      if (!schema) continue;
      const result = parseDataFile(file, schema);
      outcomes.push([file.path, result.ok ? { ok: true, data: result.parsed.data } : result]);
    }
    port.postMessage({ kind: "parsed", outcomes } satisfies WorkerReply);
  } else if (request.kind === "prepare") {
    site = { renderer: new RouteRenderer(request.input), folder: new OutputFolder(request.outDir), cache: request.input.cache };
  } else {
    if (!site) throw new Error("a render request came before the site it is about");
    let batch: (SentFile | ReusedFile)[] = [];
    let pieces: [number, FoundLinks][] = [];
    // A shared part's links (one object on every page of this thread that shows the part) cross once, by number.
    const numbered = (piece: FoundLinks): FoundLinks | number => {
      if (!piece.shared) return piece;
      let number = sentPieces.get(piece);
      if (number === undefined) {
        sentPieces.set(piece, (number = nextPiece++));
        pieces.push([number, piece]);
      }
      return number;
    };
    for (const file of writeRoutes(site.renderer, request.routes, site.folder, site.cache)) {
      batch.push("found" in file && file.found ? { ...file, found: file.found.map(numbered) } : file);
      if (batch.length >= 200) {
        port.postMessage({ kind: "files", files: batch, pieces } satisfies WorkerReply);
        batch = [];
        pieces = [];
      }
    }
    port.postMessage({ kind: "files", files: batch, pieces } satisfies WorkerReply);
    port.postMessage({ kind: "rendered" } satisfies WorkerReply);
  }
});
port?.postMessage({ kind: "ready" } satisfies WorkerReply);
