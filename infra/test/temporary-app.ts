// CDK Apps for a test file. Without an outdir the CDK synthesizes each App into a new cdk.out* folder in the
// temporary folder, with a copy of the intake function's code, and leaves it there after every run.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { App } from "aws-cdk-lib";

// One folder for the Apps of a test file, made at the first App and removed after the file by infra/test/setup.ts:
// this module is loaded once per worker, which runs several test files (vitest.config.ts, isolate: false), and a
// test's App may be made inside the test, where no hook can be added.
let folder: string | undefined;
let apps = 0;

/** An App that synthesizes into a folder of its own, removed after the test file. */
export function temporaryApp(): App {
  folder ??= mkdtempSync(path.join(os.tmpdir(), "flightsite-cdk-"));
  return new App({ outdir: path.join(folder, String(++apps)) });
}

/** Removes the folders of the Apps made since the last call. */
export function removeTemporaryApps(): void {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
}
