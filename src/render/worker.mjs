// Entry of a render worker thread. A new thread starts without the parent's TypeScript loader, so it registers
// tsx itself (as bin/flightsite.js does) before loading the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
