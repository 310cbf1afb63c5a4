import { setFlagsFromString } from "node:v8";
import type { ResourceLimits } from "node:worker_threads";

// How V8 is set for a build of a given size, measured on two cores: when its optimizing compiler starts
// (optimizationBudgetFor) and how large a render worker's young generation is (renderWorkerLimitsFor).

/**
 * City and destination pages below which a build is short enough that V8's optimizing compiler costs it more than it
 * saves (about 3,300 cities with two destinations each): see optimizationBudgetFor. From there on a build is long,
 * and its render worker gets a larger young generation (renderWorkerLimitsFor).
 */
export const shortBuildPages = 10_000;

/**
 * Lets V8 optimize later in a short build (optimizationBudgetFor), before the build loads React and the templates;
 * worker threads started after it share the setting, which holds for the rest of the process.
 */
export function setOptimizationBudgetFor(cityPages: number): void {
  const budget = optimizationBudgetFor(cityPages, process.execArgv);
  if (budget !== undefined) setFlagsFromString(`--interrupt-budget=${budget}`);
}

/**
 * The interrupt budget for a build of `cityPages` city and destination pages; undefined: V8's own (a long build, or
 * one given a budget on node's command line, `execArgv`).
 *
 * V8 optimizes a function (TurboFan, on threads of its own) once it has run a set amount of bytecode, its interrupt
 * budget. A build renders on every core, so those compiles take turns with rendering, and many are wasted: React's
 * renderer and the templates are optimized while their types still settle, then thrown away. At 1,000 cities the
 * default budget made 337 optimized functions and threw 97 of them away again; four times the budget made 146 and 33,
 * and the build 12 % faster (1.61 to 1.42 s, CPU 2.92 to 2.51 s, faster in 6 of 6 runs in turn); at 2,000 cities
 * 10 % faster (2.82 to 2.54 s). A long build earns its compiles back: at 3,000 cities the larger budget made no
 * difference (3.11 and 3.09 s), at 10,000 it was 6 to 8 % slower. (Turning off TurboFan's inlining instead was 9 %
 * faster at 1,000 cities but 2 % slower at 10,000.)
 */
export function optimizationBudgetFor(cityPages: number, execArgv: readonly string[]): number | undefined {
  if (cityPages >= shortBuildPages || execArgv.some((arg) => arg.startsWith("--interrupt-budget"))) return undefined;
  return shortBuildBudget;
}

/**
 * The heap limits of a render worker in a build of `cityPages` city and destination pages; undefined: V8's own (a
 * short build, or one given a young generation's size on node's command line, `execArgv`).
 *
 * Rendering makes much short-lived garbage (each page's elements and text), which V8 collects in its young
 * generation, 48 MB at most by default; what lives through it is copied out each time. At 10,000 cities the worker
 * (which holds the whole site's content and routes besides) spent 883 ms in 165 such collections; with 192 MB, 409 ms
 * in 80. The build was faster in 5 of 6 runs in turn against the default and again against 96 MB (medians 9.15 to
 * 8.16 s, and 8.44 to 7.54 s), peaking at 601 MB. At 1,000 and 3,000 cities it made no difference (1.36 and 1.35 s,
 * 2.84 and 2.86 s). The main thread's young generation can only be set on node's command line, before it starts.
 */
export function renderWorkerLimitsFor(cityPages: number, execArgv: readonly string[]): ResourceLimits | undefined {
  if (cityPages < shortBuildPages || execArgv.some((arg) => /^--(max-semi-space-size|max-young-generation-size)\b/.test(arg))) return undefined;
  return { maxYoungGenerationSizeMb: longBuildYoungGenerationMb };
}

// --- internal ---

/** Four times V8's default of 48 MB (16 MB semi-spaces) on a 64-bit machine; 384 MB was little faster, in 730 MB. */
const longBuildYoungGenerationMb = 192;

/** Four times the default budget of Node 20's V8 (67,584 bytes of bytecode run), where it was measured. */
const shortBuildBudget = 270_336;
