// Issue 38: the cache's record keeps each file's details as their JSON text while the site renders (39 MB of arrays
// at 30,000 pages before), and saving joins them: the file holds the same bytes, and reads back the same.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BuildCacheWriter, readBuildCache, type CachedFile } from "../../../src/engine/build-cache";
import type { FoundLinks } from "../../../src/render/scan-links";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "flightsite-cache-writer-"));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const sha = (letter: string) => letter.repeat(64);
// One shared part's piece (the same object on both pages), and each page's own.
const header: FoundLinks = { links: ["/", "/contact/"], ids: ["main"], shared: true };
const files: [string, CachedFile][] = [
  ["naples/index.html", { key: "k1", bytes: 10, sha256: sha("a"), mtimeMs: 1.5, pageKind: "city", found: [header, { links: ["/tampa/", "#faq"], ids: ["faq", 'say-"hi"'] }] }],
  ["tampa/index.html", { key: "k2", bytes: 11, sha256: sha("b"), mtimeMs: 2, pageKind: "city", found: [header, { links: ["/naples/"], ids: [] }] }],
  ["sitemap.xml", { key: "k3", bytes: 12, sha256: sha("c"), mtimeMs: 3 }],
];

describe("the build cache's record of a build under way", () => {
  it("writes each file's details as the JSON of the stored form: shared pieces once by number, strings once by number", async () => {
    const writer = new BuildCacheWriter();
    for (const [name, file] of files) writer.add(name, file);
    const file = path.join(folder, "cache.json");
    await writer.save(file, "code");
    const [, second] = (await readFile(file, "utf8")).split("\n");
    const strings = ["/", "/contact/", "main", "/tampa/", "#faq", "faq", 'say-"hi"', "/naples/"];
    const details = [
      ["k1", sha("a"), "city", [0, [[3, 4], [5, 6]]]],
      ["k2", sha("b"), "city", [0, [[7], []]]],
      ["k3", sha("c"), null, null],
    ];
    expect(second).toBe(JSON.stringify({ details, strings, pieces: [[[0, 1], [2]]] }));
  });

  it("reads back every file with its key, digest, kind and links as they were added", async () => {
    const writer = new BuildCacheWriter();
    for (const [name, file] of files) writer.add(name, file);
    const file = path.join(folder, "cache.json");
    await writer.save(file, "code");
    const whole = (await readBuildCache(file, "code"))!.whole()!;
    expect([...whole.keys()]).toEqual(files.map(([name]) => name));
    for (const [name, added] of files) {
      const { found, ...rest } = whole.get(name)!;
      expect(rest).toEqual({ key: added.key, bytes: added.bytes, sha256: added.sha256, mtimeMs: added.mtimeMs, ...(added.pageKind && { pageKind: added.pageKind }) });
      expect(found?.map(({ links, ids }) => ({ links, ids }))).toEqual(added.found?.map(({ links, ids }) => ({ links, ids })));
    }
    // The shared piece is one object again on both pages.
    expect(whole.get("naples/index.html")!.found![0]).toBe(whole.get("tampa/index.html")!.found![0]);
  });
});
