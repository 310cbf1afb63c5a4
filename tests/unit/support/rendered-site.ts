// The site of data/ as the build engine makes it, into its in-memory output: the tests that look at a whole site
// render it through the same sequence `flightsite build` and `serve` run.
import path from "node:path";
import { BuildEngine } from "../../../src/engine/engine";
import { memoryCache, staticRenderer } from "../../../src/engine/engine-parts";
import { memoryOutput } from "../../../src/output/write-output";
import type { BuildCache } from "../../../src/engine/build-cache";
import type { EngineResult } from "../../../src/engine/stages";
import type { OutputFile } from "../../../src/content/types";
import { projectRoot } from "./site";

export interface RenderedSite {
  /** Every file of the site, as the output holds it. */
  files: OutputFile[];
  /** What the engine knows of each file rendered from a route: its links and ids as found while rendering, its kind… */
  routes: BuildCache;
  result: EngineResult;
}

let rendered: Promise<RenderedSite> | undefined;

/** data/ built once per test file by the build engine, in memory, on this thread. */
export function renderedSite(): Promise<RenderedSite> {
  rendered ??= (async () => {
    const cache = memoryCache();
    const output = memoryOutput();
    const options = { root: projectRoot, dataDir: path.join(projectRoot, "data"), outDir: path.join(projectRoot, "dist"), threads: 1 };
    const result = await new BuildEngine(options, { cache, output, renderer: staticRenderer("test") }).run();
    const files = [...output.files].map(([file, contents]) => ({ file, contents }));
    // The engine keeps what it knows of its last output in the cache's `files`.
    return { files, routes: cache.files, result };
  })();
  return rendered;
}
