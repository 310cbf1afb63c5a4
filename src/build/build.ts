import { sourceFileNames } from "../content/load";
import { buildCacheFile, readBuildCache } from "./build-cache";
import { codeId } from "./code-id";
import { inputsDigest, outputIntact } from "./up-to-date";
import { renderWorkerLimitsFor, setOptimizationBudgetFor } from "./v8-settings";
import { cityPagesOfFiles, renderThreadsForPages, startRenderThreads } from "../render/threads";
import type { PageKind } from "../content/types";

export interface BuildOptions {
  /** The project root: holds client/ and templates/. */
  root: string;
  dataDir: string;
  outDir: string;
  /** Threads to render with; default: one per core for a large site, else one (see src/render/parallel.ts). */
  threads?: number;
  /**
   * Keep a build cache in .flightsite/build-cache/ (src/build/build-cache.ts): render only the files whose inputs or
   * code changed and link the others from the last output. `flightsite build` does; default: off.
   */
  cache?: boolean;
}

export interface BuildResult {
  /** Whether nothing had changed since the last build (with the cache), so that the output was kept as it was. */
  upToDate?: boolean;
  /** How many files the site has. */
  files: number;
  /** How many of them were taken unchanged from the last build (with the cache). */
  reused: number;
  /** The pages, feed, sitemap and robots.txt rendered this time (all of them without the cache), in no set order. */
  rendered: string[];
  pagesByKind: Partial<Record<PageKind, number>>;
  bytes: number;
  /** Things an editor may want to fix that do not stop the build, one line each. */
  warnings: string[];
  /** Gzipped JavaScript a page loads: every page, and a page with a quote form. */
  javascriptGzip?: { everyPage: number; withForm: number };
  /** Milliseconds per stage (of a build with nothing changed, only the time it took to find that out). */
  timings: Partial<Record<"load" | "validate" | "bundle" | "documents" | "render" | "check" | "swap" | "up-to-date check", number>>;
  /** The process's peak memory at the start and by the end of each stage of `timings`. */
  memory: StageMemory;
}

/**
 * Loads, validates, renders, checks and writes the site. Pages are written as they are rendered (on one thread per
 * core for a large site) into a fresh folder beside outDir, and only their links are kept for the check at the
 * end; the folder is swapped in when every link resolves. On any failure the previous outDir is left as it was.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const timer = stageTimer();
  const names = await sourceFileNames(options.dataDir);
  const code = options.cache ? codeId() : undefined;
  const cacheFile = code && buildCacheFile(options.root, options.outDir);
  const stored = cacheFile ? await readBuildCache(cacheFile, code!) : undefined;
  const inputs = code && inputsDigest(code, options.root, options.dataDir, names);
  // Made from the same files by the same code, into an output nobody touched since: the build would write the same bytes.
  const last = stored?.last;
  if (last && last.inputs === inputs && outputIntact(options.outDir, [...stored.files, ...last.others], last.folders)) {
    timer.lap("up-to-date check");
    return { ...last.summary, upToDate: true, reused: stored.files.length, rendered: [], timings: timer.laps, memory: timer.memory };
  }
  // Something changed: the whole cache, with each file's key, links and ids.
  const previous = stored?.whole();
  const cityPages = cityPagesOfFiles(names);
  // Before any code that renders is loaded, here or on a worker.
  setOptimizationBudgetFor(cityPages);
  // A large site's worker starts now, loading React and the templates while this thread loads the stages.
  const threads = options.threads ?? renderThreadsForPages(cityPages);
  const started = threads > 1 ? startRenderThreads(threads - 1, renderWorkerLimitsFor(cityPages, process.execArgv)) : [];
  // Only a build with something to do loads the stages (zod, React, the templates…): the check above starts at once.
  const [{ BuildEngine }, { diskCache, staticRenderer }, { replacedOutput }] = await Promise.all([import("./engine"), import("./engine-parts"), import("./write-output")]).catch(
    async (error: unknown) => {
      await Promise.all(started.map((thread) => thread.stop()));
      throw error;
    },
  );
  const engine = new BuildEngine(options, {
    cache: code ? diskCache({ root: options.root, file: cacheFile!, code, previous, inputs: inputs! }) : undefined,
    output: replacedOutput(options.outDir),
    renderer: staticRenderer(code ?? ""),
  });
  const { files, bytes, pagesByKind, warnings, javascriptGzip, reused, rendered } = await engine.run(undefined, { timer, names, threads: { count: threads, started } });
  return { files, bytes, pagesByKind, warnings, javascriptGzip, reused, rendered, timings: timer.laps, memory: timer.memory };
}

/** Milliseconds per stage, each lap from the last. */
export type StageTimer = ReturnType<typeof stageTimer>;

export function stageTimer() {
  let last = performance.now();
  const laps: Record<string, number> = {};
  const memory: StageMemory = { start: peakMemory(), stages: {} };
  return {
    laps,
    memory,
    lap(name: string) {
      const now = performance.now();
      laps[name] = Math.round(now - last);
      memory.stages[name] = peakMemory();
      last = now;
    },
  };
}

/**
 * The process's peak resident memory, every thread's (getrusage), in bytes: when the build started, and by the end of
 * each stage. What a stage adds to it, per page, tells which stage holds memory in proportion to the site
 * (`npm run bench:build` prints it).
 */
export interface StageMemory {
  start: number;
  stages: Record<string, number>;
}

// --- internal ---

function peakMemory(): number {
  return process.resourceUsage().maxRSS * 1024; // kilobytes
}
