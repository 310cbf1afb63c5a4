// A worker thread's share of the rendering (see parallel.ts): renders it into the output folder and sends back,
// in batches, what the build needs of each file, so that neither thread ever holds the site's text.
import { parentPort, workerData } from "node:worker_threads";
import { OutputFolder } from "./output-folder";
import { renderShareInto } from "./parallel";
import type { RenderInput, Share } from "./share";

const { input, share, outDir } = workerData as { input: RenderInput; share: Share; outDir: string };
let batch: Parameters<Parameters<typeof renderShareInto>[3]>[0] = [];
renderShareInto(input, share, new OutputFolder(outDir), (files) => {
  batch.push(...files);
  if (batch.length >= 200) {
    parentPort!.postMessage(batch);
    batch = [];
  }
});
parentPort!.postMessage(batch);
