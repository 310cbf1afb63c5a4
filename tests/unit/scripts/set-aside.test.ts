// scripts/set-aside.ts: what bench:eleventy --fresh and bench:all-cards move away so that a build finds nothing a
// fresh clone would not have, and put back as it was, whatever the builds made meanwhile.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freshCloneFolders, setAside } from "../../../scripts/set-aside";

let root: string;
const folder = (...parts: string[]) => path.join(root, ".flightsite", ...parts);

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "flightsite-set-aside-test-"));
  await mkdir(folder("cards"), { recursive: true });
  await writeFile(folder("cards", "naples.AAAA.png"), "stored card");
  await mkdir(folder("build-cache", "downloads"), { recursive: true });
  await writeFile(folder("build-cache", "downloads", "set.json"), "[]");
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("the folders a fresh clone lacks", () => {
  it("are the card store, and with the caches the build cache's downloads and browser bundle", () => {
    expect(freshCloneFolders(root, { caches: false })).toEqual([folder("cards")]);
    expect(freshCloneFolders(root, { caches: true })).toEqual([folder("cards"), folder("build-cache", "downloads"), folder("build-cache", "client")]);
  });

  it("are gone while set aside, emptied of what builds made, and back as they were at the end", async () => {
    const aside = await setAside(freshCloneFolders(root, { caches: true }), "bench");
    expect(["cards", "build-cache/downloads", "build-cache/client"].filter((name) => existsSync(folder(name)))).toEqual([]);
    // A build makes them again; emptied before the next build, and whatever the last build made goes at the end.
    await mkdir(folder("cards"));
    await writeFile(folder("cards", "naples.BBBB.png"), "drawn card");
    await aside.empty();
    expect(existsSync(folder("cards"))).toBe(false);
    await mkdir(folder("build-cache", "client"), { recursive: true });
    await writeFile(folder("build-cache", "client", "bundle.json"), "{}");
    await aside.restore();
    expect(await readdir(folder("cards"))).toEqual(["naples.AAAA.png"]);
    expect(await readdir(folder("build-cache", "downloads"))).toEqual(["set.json"]);
    // It had none before: it has none after.
    expect(existsSync(folder("build-cache", "client"))).toBe(false);
    expect((await readdir(folder("build-cache"))).sort()).toEqual(["downloads"]);
  });
});
