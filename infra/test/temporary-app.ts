// CDK Apps for a test file. Without an outdir the CDK synthesizes each App into a new cdk.out* folder in the
// temporary folder, with a copy of the intake function's code, and leaves it there after every run.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { App } from "aws-cdk-lib";
import { afterAll } from "vitest";

// One folder per test file (this module is loaded once for each), removed after it; a test's App may be made
// inside the test, where no hook can be added.
const folder = mkdtempSync(path.join(os.tmpdir(), "flightsite-cdk-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let apps = 0;

/** An App that synthesizes into a folder of its own, removed after the test file. */
export function temporaryApp(): App {
  return new App({ outdir: path.join(folder, String(++apps)) });
}
