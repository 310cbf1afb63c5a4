// A worker thread's share of the rendering (see render-parallel.ts): renders it and sends the files back.
import { parentPort, workerData } from "node:worker_threads";
import { renderShare, type RenderInput, type Share } from "./render-share";

const { input, share } = workerData as { input: RenderInput; share: Share };
parentPort!.postMessage(renderShare(input, share));
