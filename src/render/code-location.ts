// Where flightsite's own code runs from: its TypeScript sources (through tsx, as in the tests and for an edited
// checkout), or the bundle scripts/compile.ts writes into .compiled/. The one place that tells them apart; it knows
// by its own address, as every module of one run comes from the same place.
import { fileURLToPath } from "node:url";

/** Whether this process runs the compiled bundle in .compiled/ rather than the sources. */
export const runsCompiled = !import.meta.url.endsWith(".ts");

/** The folder holding flightsite's package.json: two up from src/render/, one up from .compiled/. */
export const packageRoot = fileURLToPath(new URL(runsCompiled ? "../" : "../../", import.meta.url));

/**
 * The render worker's entry: from the sources, worker.mjs, which registers tsx before it loads worker.ts (a new
 * thread starts without the parent's TypeScript loader); compiled, the worker bundled beside the CLI.
 */
export const renderWorkerUrl = runsCompiled ? new URL("./render-worker.js", import.meta.url) : new URL("./worker.mjs", import.meta.url);
