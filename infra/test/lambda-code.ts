// The stack's tests need each function's code on disk, as `cdk synth` does. What the stack says of a function does not
// depend on its code, so each is a one-line module in a temporary folder, made once per test file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { LambdaCode } from "../lib/site-stack";

const folder = mkdtempSync(path.join(os.tmpdir(), "flightsite-lambda-code-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A folder for each function, holding an index.mjs that exports a handler. */
export const lambdaCode: LambdaCode = Object.fromEntries(
  (["intake", "notifier", "reconcile", "rotateOriginSecret"] as const).map((name) => {
    const directory = path.join(folder, name);
    mkdirSync(directory);
    writeFileSync(path.join(directory, "index.mjs"), "export const handler = async () => ({});\n");
    return [name, directory];
  }),
) as unknown as LambdaCode;
