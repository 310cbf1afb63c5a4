// A worker thread's share of the rendering (see parallel.ts): renders it and sends the files back.
import { parentPort, workerData } from "node:worker_threads";
import { renderShare, type RenderInput, type Share } from "./share";

const { input, share } = workerData as { input: RenderInput; share: Share };
parentPort!.postMessage(renderShare(input, share));
