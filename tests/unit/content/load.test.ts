import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SourceFileReader } from "../../../src/content/load";

describe("SourceFileReader", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "flightsite-load-"));
    await writeFile(path.join(root, "a.yaml"), "a: 1\n");
    await writeFile(path.join(root, "b.yaml"), "b: 1\n");
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("reads a file again only when it changed, and keeps the same object for the others", async () => {
    const reader = new SourceFileReader(root, root);
    const [a, b] = await reader.load();
    expect([a, b]).toEqual([{ path: "a.yaml", text: "a: 1\n" }, { path: "b.yaml", text: "b: 1\n" }]);
    await writeFile(path.join(root, "b.yaml"), "b: 22\n");
    const [a2, b2] = await reader.load();
    expect(a2).toBe(a);
    expect(b2).toEqual({ path: "b.yaml", text: "b: 22\n" });
  });

  it("reads a file named as changed even when its size and time look the same, and drops deleted files", async () => {
    const reader = new SourceFileReader(root, root);
    await reader.load();
    const file = path.join(root, "a.yaml");
    await writeFile(file, "a: 2\n");
    await utimes(file, new Date(0), new Date(0));
    await reader.load();
    await writeFile(file, "a: 3\n");
    await utimes(file, new Date(0), new Date(0));
    await rm(path.join(root, "b.yaml"));
    expect(await reader.load([file, path.join(root, "b.yaml")])).toEqual([{ path: "a.yaml", text: "a: 3\n" }]);
  });

  it("with the changed files named, reads those alone, and lists the folder again for a new file", async () => {
    const reader = new SourceFileReader(root, root);
    const [a] = await reader.load();
    await writeFile(path.join(root, "a.yaml"), "a: 2\n");
    await writeFile(path.join(root, "b.yaml"), "b: 2\n");
    const [a2, b2] = await reader.load([path.join(root, "b.yaml")]);
    expect(a2).toBe(a); // not named, so not looked at: a watcher names every file that changed
    expect(b2).toEqual({ path: "b.yaml", text: "b: 2\n" });
    await writeFile(path.join(root, "c.yaml"), "c: 1\n");
    expect((await reader.load([path.join(root, "c.yaml")])).map((f) => f.text)).toEqual(["a: 2\n", "b: 2\n", "c: 1\n"]);
  });
});
