import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { watchFolder } from "../../../src/serve/folder-watcher";

describe("watchFolder", () => {
  let root: string;
  let watcher: { close(): void } | undefined;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "flightsite-watch-"));
    await mkdir(path.join(root, "cities"));
    await writeFile(path.join(root, "cities/naples.yaml"), "a: 1\n");
  });
  afterEach(async () => {
    watcher?.close();
    await rm(root, { recursive: true, force: true });
  });

  /** Resolves once `file` has been reported. */
  const reported = (seen: Set<string>, file: string) =>
    new Promise<void>((resolve) => {
      const poll = () => (seen.has(file) ? resolve() : setTimeout(poll, 10));
      poll();
    });

  it("reports a saved file, a new file, and the files of a folder made after it started, by their paths", async () => {
    const seen = new Set<string>();
    watcher = watchFolder(root, (file) => seen.add(file), (error) => { throw error; });
    await writeFile(path.join(root, "cities/naples.yaml"), "a: 2\n");
    await reported(seen, path.join(root, "cities/naples.yaml"));
    await writeFile(path.join(root, "cities/venice.yaml"), "a: 1\n");
    await reported(seen, path.join(root, "cities/venice.yaml"));
    await mkdir(path.join(root, "episodes"));
    await reported(seen, path.join(root, "episodes"));
    await writeFile(path.join(root, "episodes/one.yaml"), "a: 1\n");
    await reported(seen, path.join(root, "episodes/one.yaml"));
    await rm(path.join(root, "cities"), { recursive: true });
    await reported(seen, path.join(root, "cities"));
    expect(seen.has(path.join(root, "cities"))).toBe(true);
  }, 20_000);
});
