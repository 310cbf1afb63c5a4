import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../../src/cli";
import { createTempProject, projectRoot, type TempProject } from "../support/temp-project";

describe("the serve command", () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await createTempProject();
  });
  afterAll(() => project?.remove());

  it("prints the URL, serves the site, and stops cleanly on Ctrl-C (SIGINT) with exit code 0", async () => {
    const child = spawn(process.execPath, [path.join(projectRoot, "bin/flightsite.js"), "serve", "--watch", "--port", "0"], {
      cwd: project.root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const output = collect(child);
      const url = await waitFor(() => /serving dist\/ at (http:\/\/127\.0\.0\.1:\d+\/) and watching for changes; Ctrl-C stops/.exec(output.text)?.[1]);
      expect((await fetch(url)).status).toBe(200);

      child.kill("SIGINT");
      const [code] = (await once(child, "exit")) as [number | null];
      expect(code).toBe(0);
      expect(output.errors).toBe("");
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 60_000);

  it("refuses a port that is not a number", async () => {
    const errors: string[] = [];
    const code = await main(["serve", "--port", "eighty"], { stdout: () => {}, stderr: (text) => void errors.push(text), cwd: project.root });
    expect(code).toBe(1);
    expect(errors.join("")).toContain("error: option '--port <n>' argument 'eighty' is invalid. must be a port number from 0 to 65535");
  });

  it("stops when told to, after serving, when called directly", async () => {
    let stop = () => {};
    const lines: string[] = [];
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const running = main(["serve", "--port", "0"], {
      stdout: (text) => {
        lines.push(text);
        if (text.includes("Ctrl-C stops")) stop();
      },
      stderr: (text) => void lines.push(text),
      cwd: project.root,
      untilStopped: () => stopped,
    });
    expect(await running).toBe(0);
    expect(lines.join("")).toMatch(/^flightsite: built \d+ files into dist\/ in \d+ ms\nflightsite: serving dist\/ at http:\/\/127\.0\.0\.1:\d+\/; Ctrl-C stops\n$/);
  }, 60_000);
});

function collect(child: ChildProcess) {
  const output = { text: "", errors: "" };
  child.stdout!.on("data", (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output.errors += chunk.toString()));
  return output;
}

async function waitFor<T>(check: () => T | undefined, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
