// The types handed between the build's stages and its command, and the stage timer: a leaf module (it imports only
// types of content/), so that the stages and the command that runs them both import it and never each other.
import type { PageKind } from "../content/types";

export interface BuildOptions {
  /** The project root: holds client/ and templates/. */
  root: string;
  dataDir: string;
  outDir: string;
  /** Threads to render with; default: one per core for a large site, else one (see src/render/parallel.ts). */
  threads?: number;
  /**
   * Keep a build cache in .flightsite/build-cache/ (src/engine/build-cache.ts): render only the files whose inputs or
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
