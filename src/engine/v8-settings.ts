import { setFlagsFromString } from "node:v8";
import type { ResourceLimits } from "node:worker_threads";

// How V8 is set for a build of a given size: when its optimizing compiler starts (optimizationBudgetFor) and how large
// a render worker's young generation is (renderWorkerLimitsFor). The measurements behind both: docs/performance.md.

/**
 * City and destination pages below which a build is short enough that V8's optimizing compiler costs it more than it
 * saves: see optimizationBudgetFor. From there on a build is long,
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
 * renderer and the templates are optimized while their types still settle, then thrown away. A larger budget
 * compiles fewer of them, which a short build gains by; a long build earns its compiles back, and keeps V8's own.
 */
export function optimizationBudgetFor(cityPages: number, execArgv: readonly string[]): number | undefined {
  if (cityPages >= shortBuildPages || execArgv.some((arg) => arg.startsWith("--interrupt-budget"))) return undefined;
  return shortBuildBudget;
}

/**
 * The heap limits of a render worker in a build of `cityPages` city and destination pages; undefined: V8's own (a
 * short build). A limit given on node's command line (`execArgv`) is left to it.
 *
 * Rendering makes much short-lived garbage (each page's elements and text), which V8 collects in its young
 * generation; what lives through it is copied out each time. A long build's worker holds the whole site's content
 * and routes besides, so a larger young generation collects less often and copies less; a short build gains
 * nothing by it. The main thread's young generation can only be set on node's command line, before it starts.
 *
 * Its old generation is bounded too, far above what it holds, because V8 scales how far a heap may grow between two
 * full collections by its limit: with V8's own, up to four times what was alive at the last one, so a large site's
 * worker grew to several times its live heap in garbage before its next collection in some builds and not in others,
 * and the build's peak memory with it (docs/performance.md). Bounded, V8 lets it grow less and collects more often,
 * and the build takes as long.
 */
export function renderWorkerLimitsFor(cityPages: number, execArgv: readonly string[]): ResourceLimits | undefined {
  if (cityPages < shortBuildPages) return undefined;
  const given = (pattern: RegExp) => execArgv.some((arg) => pattern.test(arg));
  const young = given(/^--(max-semi-space-size|max-young-generation-size)\b/) ? undefined : longBuildYoungGenerationMb;
  const old = given(/^--max-old-space-size\b/) ? undefined : longBuildOldGenerationMb;
  if (young === undefined && old === undefined) return undefined;
  return { ...(young !== undefined && { maxYoungGenerationSizeMb: young }), ...(old !== undefined && { maxOldGenerationSizeMb: old }) };
}

// --- internal ---

/** Four times V8's default on a 64-bit machine; twice as much again gained little and cost much memory. */
const longBuildYoungGenerationMb = 192;

/**
 * A render worker's old generation in a long build: many times what a large site's worker holds, and under the
 * size from which V8 lets a heap grow four times between full collections.
 */
const longBuildOldGenerationMb = 1536;

/** Four times the default budget of Node 20's V8 (67,584 bytes of bytecode run). */
const shortBuildBudget = 270_336;
