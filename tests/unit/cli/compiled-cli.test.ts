import { execFile } from "node:child_process";
import { appendFile, cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../support/site";

const run = promisify(execFile);

// bin/flightsite.js runs the CLI compiled at install (scripts/compile.ts) only while every source it was compiled
// from is unchanged (issue 14): a developer who edits src/ and runs the CLI must never get the old code.
describe("the compiled CLI", () => {
  let root: string;
  const help = async () => (await run(process.execPath, [path.join(root, "bin/flightsite.js"), "--help"], { cwd: root })).stdout;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "flightsite-compiled-"));
    for (const entry of ["bin", "src", "templates", "client", "scripts", "package.json"]) {
      await cp(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
    }
    await symlink(path.join(projectRoot, "node_modules"), path.join(root, "node_modules"), "dir");
    await run(process.execPath, [path.join(projectRoot, "node_modules/tsx/dist/cli.mjs"), "scripts/compile.ts"], { cwd: root });
    // Marks the compiled code, so the tests can tell which one ran.
    const cli = path.join(root, ".compiled/cli.js");
    await writeFile(cli, (await readFile(cli, "utf8")).replace("Builds and serves", "Compiled: builds and serves"));
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("runs the compiled code while the sources are as they were compiled", async () => {
    expect(await help()).toContain("Compiled: builds and serves");
  }, 30_000);

  it("runs the sources through tsx once a source file changed", async () => {
    await appendFile(path.join(root, "templates/Layout.tsx"), "\n// edited\n");
    const text = await help();
    expect(text).toContain("Builds and serves");
    expect(text).not.toContain("Compiled:");
  }, 30_000);
});
