// A worker thread's share of the rendering (see parallel.ts): renders it into the output folder and sends back,
// in batches, what the build needs of each file, so that neither thread ever holds the site's text.
import { parentPort, workerData } from "node:worker_threads";
import { OutputFolder } from "./output-folder";
import { renderShare, type RenderedFile, type RenderInput, type Share } from "./share";

const { input, share, outDir } = workerData as { input: RenderInput; share: Share; outDir: string };
const folder = new OutputFolder(outDir);
let batch: RenderedFile[] = [];
for (const { output, rendered } of renderShare(input, share)) {
  folder.write(output.file, output.contents);
  batch.push(rendered);
  if (batch.length === 200) {
    parentPort!.postMessage(batch);
    batch = [];
  }
}
parentPort!.postMessage(batch);
