// Entry of a share card drawer process from the sources: a new process starts without the parent's TypeScript loader,
// so it registers tsx itself (as bin/flightsite.js does) before loading the TypeScript drawer.
import { register } from "tsx/esm/api";

register();
await import("./card-drawer-process.ts");
