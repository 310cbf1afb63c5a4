// A render worker thread (see pool.ts). It waits for requests: to parse a chunk of the data files, whose checked
// data it sends back, or, once told which site, to render a chunk of its routes into the output folder, sending back
// in batches what the build needs of each file, so that neither thread ever holds the site's text.
import { parentPort } from "node:worker_threads";
import { parseDataFile } from "../content/parse";
import { schemaForFile } from "../translation/file-schemas";
import { OutputFolder } from "../output/output-folder";
import { writeRoutes } from "./write-routes";
import type { ParseOutcome, SentFile, WorkerReply, WorkerRequest } from "./protocol";
import { renderingOf, RouteRenderer } from "./route-renderer";
import type { FoundLinks } from "./scan-links";
import { pieceMemo } from "./shared-pieces";

const port = parentPort;
/** The shared pieces sent so far, by number (see WorkerReply). */
const sentPieces = pieceMemo<number>();
let nextPiece = 0;
/** The site the render requests are about: its routes, created by the run's renderer (renderingOf), and its folder. */
let site: Promise<{ renderer: RouteRenderer; folder: OutputFolder }> | undefined;
port?.on("message", async (request: WorkerRequest) => {
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
    const { input, outDir } = request;
    site = renderingOf(input).then((rendering) => ({ renderer: new RouteRenderer(input, rendering), folder: new OutputFolder(outDir) }));
  } else {
    if (!site) throw new Error("a render request came before the site it is about");
    // Requests wait here in the order they came (the renderer's module loads once, on the first).
    const { renderer, folder } = await site;
    let batch: SentFile[] = [];
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
    for (const file of writeRoutes(renderer, request.routes, (name, contents) => folder.write(name, contents))) {
      batch.push(file.found ? { ...file, found: file.found.map(numbered) } : file);
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
