// The stack's tests need each function's code on disk, as `cdk synth` does. What the stack says of a function does not
// depend on its code, so each is a one-line module in a temporary folder, written before each test file and removed
// after it (infra/test/setup.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LambdaCode } from "../lib/site-stack";

// The same folder for every test file a worker runs (this module is loaded once per worker: vitest.config.ts); made
// again by writeLambdaCode after removeLambdaCode.
const folder = mkdtempSync(path.join(os.tmpdir(), "flightsite-lambda-code-"));
const names = ["intake", "notifier", "reconcile", "rotateOriginSecret"] as const;

/** A folder for each function, holding an index.mjs that exports a handler (once writeLambdaCode has run). */
export const lambdaCode: LambdaCode = Object.fromEntries(names.map((name) => [name, path.join(folder, name)])) as unknown as LambdaCode;

/** Writes each function's index.mjs. */
export function writeLambdaCode(): void {
  for (const name of names) {
    mkdirSync(path.join(folder, name), { recursive: true });
    writeFileSync(path.join(folder, name, "index.mjs"), "export const handler = async () => ({});\n");
  }
}

/** Removes the functions' folder. */
export function removeLambdaCode(): void {
  rmSync(folder, { recursive: true, force: true });
}
