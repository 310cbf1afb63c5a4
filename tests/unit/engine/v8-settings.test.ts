import { describe, expect, it } from "vitest";
import { optimizationBudgetFor, renderWorkerLimitsFor, shortBuildPages } from "../../../src/engine/v8-settings";

describe("optimizationBudgetFor", () => {
  it("gives a short build four times Node 20's interrupt budget", () => {
    expect(optimizationBudgetFor(80, [])).toBe(270_336);
    expect(optimizationBudgetFor(shortBuildPages - 1, [])).toBe(270_336);
  });

  it("leaves a long build with V8's own", () => {
    expect(optimizationBudgetFor(shortBuildPages, [])).toBeUndefined();
    expect(optimizationBudgetFor(30_000, [])).toBeUndefined();
  });

  it("leaves a budget given on node's command line alone", () => {
    expect(optimizationBudgetFor(80, ["--interrupt-budget=1000"])).toBeUndefined();
    expect(optimizationBudgetFor(80, ["--stack-size=984"])).toBe(270_336);
  });
});

describe("renderWorkerLimitsFor", () => {
  it("gives a long build's render worker a 192 MB young generation and a 1.5 GB old one", () => {
    expect(renderWorkerLimitsFor(shortBuildPages, [])).toEqual({ maxYoungGenerationSizeMb: 192, maxOldGenerationSizeMb: 1536 });
    expect(renderWorkerLimitsFor(30_063, ["--stack-size=984"])).toEqual({ maxYoungGenerationSizeMb: 192, maxOldGenerationSizeMb: 1536 });
  });

  it("leaves a short build's worker with V8's own", () => {
    expect(renderWorkerLimitsFor(shortBuildPages - 1, [])).toBeUndefined();
    expect(renderWorkerLimitsFor(3_063, [])).toBeUndefined();
  });

  it("leaves a young generation sized on node's command line alone", () => {
    expect(renderWorkerLimitsFor(30_063, ["--max-semi-space-size=64"])).toEqual({ maxOldGenerationSizeMb: 1536 });
    expect(renderWorkerLimitsFor(30_063, ["--max-young-generation-size=96"])).toEqual({ maxOldGenerationSizeMb: 1536 });
  });

  // Issue 38: bounded, the worker's old generation grows 1.8 times between full collections instead of 4.
  it("leaves an old generation sized on node's command line alone", () => {
    expect(renderWorkerLimitsFor(30_063, ["--max-old-space-size=2048"])).toEqual({ maxYoungGenerationSizeMb: 192 });
    expect(renderWorkerLimitsFor(30_063, ["--max-old-space-size=2048", "--max-semi-space-size=64"])).toBeUndefined();
  });
});
