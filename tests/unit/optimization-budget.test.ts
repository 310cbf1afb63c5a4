import { describe, expect, it } from "vitest";
import { optimizationBudgetFor, shortBuildPages } from "../../src/build/optimization-budget";

describe("optimizationBudgetFor", () => {
  it("gives a short build four times Node 20's interrupt budget", () => {
    expect(optimizationBudgetFor(84, [])).toBe(270_336);
    expect(optimizationBudgetFor(shortBuildPages - 1, [])).toBe(270_336);
  });

  it("leaves a long build with V8's own", () => {
    expect(optimizationBudgetFor(shortBuildPages, [])).toBeUndefined();
    expect(optimizationBudgetFor(30_000, [])).toBeUndefined();
  });

  it("leaves a budget given on node's command line alone", () => {
    expect(optimizationBudgetFor(84, ["--interrupt-budget=1000"])).toBeUndefined();
    expect(optimizationBudgetFor(84, ["--stack-size=984"])).toBe(270_336);
  });
});
