// s3rver in a child process, for tests that list more than 1,000 objects: s3rver's continuation tokens use DES,
// which Node's OpenSSL 3 offers only with --openssl-legacy-provider, a flag the test process itself should not take.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

/** Starts s3rver on a free port of 127.0.0.1 with an empty bucket; `close` stops it and removes its folder. */
export async function startS3ServerProcess(bucket: string): Promise<{ endpoint: string; close(): Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "flightsite-s3-"));
  const script = `
    const S3rver = require("s3rver");
    const server = new S3rver({ address: "127.0.0.1", port: 0, directory: ${JSON.stringify(directory)}, silent: true,
      configureBuckets: [{ name: ${JSON.stringify(bucket)}, configs: [] }] });
    server.run().then((address) => console.log(address.port));
  `;
  const child = spawn(process.execPath, ["--openssl-legacy-provider", "-e", script], { stdio: ["ignore", "pipe", "inherit"], cwd: process.cwd() });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`s3rver exited with ${code} before it listened`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port.trim()}`,
    async close() {
      child.kill();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
