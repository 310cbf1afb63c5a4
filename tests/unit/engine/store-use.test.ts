// Issue 35 (point 5): CI keeps .flightsite/ between runs, so its stores of share cards and photos are pruned of what
// none of the last builds used. The prune runs on stores made here in a temporary folder, never on the project's own.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { manifestFile, manifestText } from "../../../src/output/manifest";
import { formatPruned, pruneStores, recordStoreUse, recordsKept, storeFolders, type StoreFolders } from "../../../src/engine/store-use";

let root: string;
let stores: StoreFolders;
const sha = (letter: string) => letter.repeat(64);

/** A card as diskCardStore keeps it: "<name>.<sha256>.<size>.png". */
async function storeCard(name: string, letter = "a") {
  await mkdir(stores.cards, { recursive: true });
  await writeFile(path.join(stores.cards, `${name}.${sha(letter)}.3.png`), "png");
}

/** A photo as diskPhotoStore keeps it: its files and photo.json in a folder named by its key. */
async function storePhoto(key: string, files: string[], { complete = true } = {}) {
  await mkdir(path.join(stores.photos, key), { recursive: true });
  for (const file of files) await writeFile(path.join(stores.photos, key, file), "image");
  const photo = { key, variants: files.map((file) => ({ file: `assets/photos/${file}`, format: "avif", width: 1, height: 1, bytes: 5 })) };
  if (complete) await writeFile(path.join(stores.photos, key, "photo.json"), JSON.stringify(photo));
}

/** A build whose output (its manifest) holds `files`, recorded at `at`. */
async function recordBuild(files: string[], at: Date) {
  const outDir = await mkdtemp(path.join(root, "dist-"));
  await writeFile(path.join(outDir, manifestFile), JSON.stringify(Object.fromEntries(files.map((file) => [file, { sha256: sha("0"), size: 1, contentType: "x" }]))));
  await recordStoreUse(stores, outDir, at);
}

const minute = (n: number) => new Date(Date.UTC(2026, 10, 26, 12, n));
const listing = async (folder: string) => (await readdir(folder).catch(() => [])).filter((name) => name !== "used").sort();

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "flightsite-store-use-"));
  stores = storeFolders(path.join(root, "project"), path.join(root, "code"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("flightsite prune", () => {
  it("removes the cards and photos that none of the last builds used, and keeps what any of them used", async () => {
    await storeCard("naples.AAAA");
    await storeCard("naples.BBBB", "b");
    await storeCard("tampa.CCCC", "c");
    await storePhoto("k1", ["cabin-750.X.avif", "cabin-750.X.jpg"]);
    await storePhoto("k2", ["nurse-400.Y.avif"]);
    // Three builds: the first used the old Naples card and the nurse; the two last the new Naples card and the cabin.
    await recordBuild(["index.html", "assets/cards/naples.AAAA.png", "assets/photos/nurse-400.Y.avif"], minute(1));
    await recordBuild(["index.html", "assets/cards/naples.BBBB.png", "assets/photos/cabin-750.X.jpg"], minute(2));
    await recordBuild(["index.html", "assets/cards/naples.BBBB.png", "assets/cards/tampa.CCCC.png", "assets/photos/cabin-750.X.avif"], minute(3));

    const pruned = await pruneStores(stores, 2);

    expect(pruned).toEqual({ cards: { removed: 1, kept: 2 }, photos: { removed: 1, kept: 1 }, builds: 2 });
    expect(await listing(stores.cards)).toEqual([`naples.BBBB.${sha("b")}.3.png`, `tampa.CCCC.${sha("c")}.3.png`]);
    expect(await listing(stores.photos)).toEqual(["k1"]);
    expect(formatPruned(pruned, 2)).toBe(
      "flightsite: removed 1 share card and 1 photo that none of the last 2 builds used; kept 2 share cards and 1 photo in .flightsite/\n",
    );
  });

  it("keeps everything that the last builds used when asked to look back further than builds were recorded", async () => {
    await storeCard("naples.AAAA");
    await storePhoto("k1", ["cabin-750.X.avif"]);
    await recordBuild(["assets/cards/naples.AAAA.png", "assets/photos/cabin-750.X.avif"], minute(1));
    expect(await pruneStores(stores, 10)).toEqual({ cards: { removed: 0, kept: 1 }, photos: { removed: 0, kept: 1 }, builds: 1 });
    expect(formatPruned({ cards: { removed: 0, kept: 1 }, photos: { removed: 0, kept: 1 }, builds: 1 }, 10)).toContain("none of the last 1 build used");
  });

  it("leaves a store whole when no build has recorded its use (a cache kept from before the records)", async () => {
    await storeCard("naples.AAAA");
    await storePhoto("k1", ["cabin-750.X.avif"]);
    const pruned = await pruneStores(stores, 1);
    expect(pruned).toEqual({ cards: { removed: 0, kept: 1 }, photos: { removed: 0, kept: 1 }, builds: 0 });
    expect(formatPruned(pruned, 1)).toBe("flightsite: no build has recorded what it used yet; nothing was removed from .flightsite/\n");
  });

  it("removes a photo cut short (no photo.json) and leaves a half-written card's file to the build that writes it", async () => {
    await storePhoto("cut", ["cabin-750.X.avif"], { complete: false });
    await mkdir(stores.cards, { recursive: true });
    const halfWritten = `naples.AAAA.${sha("a")}.3.png.tmp-123-abc`;
    await writeFile(path.join(stores.cards, halfWritten), "");
    await recordBuild(["assets/photos/cabin-750.X.avif"], minute(1));
    expect((await pruneStores(stores, 1)).photos).toEqual({ removed: 1, kept: 0 });
    expect(await listing(stores.photos)).toEqual([]);
    expect(await listing(stores.cards)).toEqual([halfWritten]);
  });

  it("forgets the records older than the builds it looked at, so the next prune reads no more than those", async () => {
    for (let n = 1; n <= 4; n++) await recordBuild([`assets/cards/c${n}.png`], minute(n));
    await pruneStores(stores, 2);
    const records = await readdir(path.join(stores.cards, "used"));
    expect(records).toHaveLength(2);
    const kept = await Promise.all(records.sort().map(async (name) => JSON.parse(await readFile(path.join(stores.cards, "used", name), "utf8")) as { files: string[] }));
    expect(kept.map((record) => record.files)).toEqual([["c3.png"], ["c4.png"]]);
  });
});

describe("a build's record of what it used", () => {
  it("names the output's cards in the card store and its photo files in the photo store, nothing else", async () => {
    await recordBuild(["index.html", "naples/index.html", "assets/cards/naples.AAAA.png", "assets/photos/cabin-750.X.avif", "assets/client.Q.js"], minute(1));
    const [cards] = await readdir(path.join(stores.cards, "used"));
    const [photos] = await readdir(path.join(stores.photos, "used"));
    expect(JSON.parse(await readFile(path.join(stores.cards, "used", cards!), "utf8"))).toEqual({ at: minute(1).toISOString(), files: ["naples.AAAA.png"] });
    expect(JSON.parse(await readFile(path.join(stores.photos, "used", photos!), "utf8"))).toEqual({ at: minute(1).toISOString(), files: ["cabin-750.X.avif"] });
  });

  it("keeps at most the newest records a prune may look at, however many builds ran", async () => {
    for (let n = 0; n < recordsKept + 3; n++) await recordBuild([], new Date(Date.UTC(2026, 10, 26, 0, 0, n)));
    const records = (await readdir(path.join(stores.photos, "used"))).sort();
    expect(records).toHaveLength(recordsKept);
    expect(records[0]!.startsWith("2026-11-26T00-00-03")).toBe(true);
  });

  // Issue 38: the names are found in the manifest's text, not by parsing it whole.
  it("reads the names from a manifest written as the build writes it, its keys alone and unescaped", async () => {
    const outDir = await mkdtemp(path.join(root, "dist-"));
    const entry = (sha256: string) => ({ sha256, size: 1, contentType: "image/png" });
    const manifest = {
      "assets/cards/naples.AAAA.png": entry(sha("a")),
      "es/assets/cards/not-a-card.png": entry(sha("b")),
      'assets/photos/say-\u00e9-"hi".avif': entry(sha("c")),
      "index.html": { sha256: sha("d"), size: 2, contentType: "assets/cards/in-a-value.png" },
    };
    await writeFile(path.join(outDir, manifestFile), `${JSON.stringify(manifest, null, 1)}\n`);
    await recordStoreUse(stores, outDir, minute(1));
    const recorded = async (folder: string) => {
      const [record] = await readdir(path.join(folder, "used"));
      return (JSON.parse(await readFile(path.join(folder, "used", record!), "utf8")) as { files: string[] }).files;
    };
    expect(await recorded(stores.cards)).toEqual(["naples.AAAA.png"]);
    expect(await recorded(stores.photos)).toEqual(['say-\u00e9-"hi".avif']);
  });

  // Issue 38: the build writes its manifest on one line now; an older build's, indented, is read as well (above).
  it("reads the names from the manifest the build writes, on one line", async () => {
    const outDir = await mkdtemp(path.join(root, "dist-"));
    const written = new Map([
      ["assets/cards/naples.AAAA.png", { sha256: sha("a"), size: 1 }],
      ["es/assets/cards/not-a-card.png", { sha256: sha("b"), size: 1 }],
      ['assets/photos/say-\u00e9-"hi".avif', { sha256: sha("c"), size: 1 }],
      ["assets/cards/tampa.BBBB.png", { sha256: sha("d"), size: 1 }],
      ["index.html", { sha256: sha("e"), size: 2 }],
    ]);
    await writeFile(path.join(outDir, manifestFile), manifestText(written));
    await recordStoreUse(stores, outDir, minute(1));
    const recorded = async (folder: string) => {
      const [record] = await readdir(path.join(folder, "used"));
      return (JSON.parse(await readFile(path.join(folder, "used", record!), "utf8")) as { files: string[] }).files;
    };
    expect(await recorded(stores.cards)).toEqual(["naples.AAAA.png", "tampa.BBBB.png"]);
    expect(await recorded(stores.photos)).toEqual(['say-\u00e9-"hi".avif']);
  });

  it("records nothing for a folder without a build's manifest", async () => {
    await recordStoreUse(stores, path.join(root, "nothing-here"));
    expect(existsSync(path.join(stores.cards, "used"))).toBe(false);
  });
});
