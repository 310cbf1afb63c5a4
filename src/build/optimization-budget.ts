import { setFlagsFromString } from "node:v8";

/**
 * City and destination pages below which a build is short enough that V8's optimizing compiler costs it more than it
 * saves (about 3,300 cities with two destinations each): see optimizationBudgetFor.
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

// --- internal ---

/** Four times the default budget of Node 20's V8 (67,584 bytes of bytecode run), where it was measured. */
const shortBuildBudget = 270_336;
