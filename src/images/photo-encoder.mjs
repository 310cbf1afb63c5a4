// Entry of a photo encoder process from the sources: a new process starts without the parent's TypeScript loader, so
// it registers tsx itself (as bin/flightsite.js does) before loading the TypeScript encoder.
import { register } from "tsx/esm/api";

register();
await import("./photo-encoder.ts");
