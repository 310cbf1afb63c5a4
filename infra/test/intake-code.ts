// The stack's tests need the intake function's code on disk, as `cdk synth` does: `npm run build:intake` into a
// temporary folder, once per test file (no Docker, no network).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { buildLambdas } from "../../scripts/build-intake";

let built: Promise<string> | undefined;

/** The folder holding the bundled intake function (index.mjs), built on first use. */
export function intakeCode(): Promise<string> {
  built ??= (async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
    const outDir = await mkdtemp(path.join(os.tmpdir(), "flightsite-intake-code-"));
    // Removed after the test file that built it, not left in the temporary folder after every run.
    afterAll(() => rm(outDir, { recursive: true, force: true }));
    return (await buildLambdas({ root, outDir })).intake;
  })();
  return built;
}
