// A render worker thread (see parallel.ts). It waits for requests: to parse a share of the data files, whose checked
// data it sends back, or to render a share of the routes into the output folder, sending back in batches what the
// build needs of each file, so that neither thread ever holds the site's text.
import { parentPort } from "node:worker_threads";
import { parseDataFile } from "../content/parse";
import { schemaForFile } from "../content/validate";
import { OutputFolder } from "./output-folder";
import { renderShareInto } from "./parallel";
import type { RenderedFile, RenderInput, ReusedFile, Share } from "./share";
import type { ContentProblem } from "../errors";
import type { SourceFile } from "../content/types";

export type WorkerRequest = { kind: "parse"; files: SourceFile[] } | { kind: "render"; input: RenderInput; share: Share; outDir: string };

export type WorkerReply =
  | { kind: "parsed"; outcomes: [file: string, outcome: ParseOutcome][] }
  | { kind: "files"; files: (RenderedFile | ReusedFile)[] }
  | { kind: "rendered" }
  | { kind: "ready" };

/** What parseDataFile found, as plain data: the checked data, or every problem with its place. */
export type ParseOutcome = { ok: true; data: unknown } | { ok: false; problems: ContentProblem[] };

const port = parentPort;
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
  } else {
    let batch: (RenderedFile | ReusedFile)[] = [];
    renderShareInto(request.input, request.share, new OutputFolder(request.outDir), (files) => {
      batch.push(...files);
      if (batch.length >= 200) {
        port.postMessage({ kind: "files", files: batch } satisfies WorkerReply);
        batch = [];
      }
    });
    port.postMessage({ kind: "files", files: batch } satisfies WorkerReply);
    port.postMessage({ kind: "rendered" } satisfies WorkerReply);
  }
});
port?.postMessage({ kind: "ready" } satisfies WorkerReply);
