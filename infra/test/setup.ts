// Run before each infra test file (vitest.config.ts, setupFiles): the functions' stand-in code is written before the
// file's stacks are made, and the temporary folders of its Apps and functions are removed after it. A worker runs
// several files in one module graph (isolate: false), so these cannot be hooks of the modules that make the folders.
import { afterAll } from "vitest";
import { removeLambdaCode, writeLambdaCode } from "./lambda-code";
import { removeTemporaryApps } from "./temporary-app";

writeLambdaCode();
afterAll(() => {
  removeTemporaryApps();
  removeLambdaCode();
});
