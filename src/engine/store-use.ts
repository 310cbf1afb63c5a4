import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { manifestFile } from "../output/manifest";
import { packageRoot } from "../render/code-location";

// What each `flightsite build` used of the stores under .flightsite/ (the share cards of share-cards.ts, the photos
// of photo-store.ts), so that `flightsite prune` can remove what no recent build used: CI keeps .flightsite/ from run
// to run (docs/publishing.md, "The publish workflow"), and without pruning every card a title ever had stays in it.
// A store's records are files of its own `used/` folder, one per build, named by time: two builds at once never
// write the same file. Recording never removes anything; only `prune`, run when no build is, does.

/** The folders of the two stores: `.flightsite/cards/` beside the flightsite code, `.flightsite/photos/` of the project. */
export interface StoreFolders {
  cards: string;
  photos: string;
}

/** What a prune removed and kept of each store. */
export interface Pruned {
  cards: { removed: number; kept: number };
  photos: { removed: number; kept: number };
  /** The builds whose use was considered (at most the number asked for). */
  builds: number;
}

/** The stores' folders of a project `root`: its photos, and the cards kept beside the flightsite code (share-cards.ts). */
export function storeFolders(root: string, codeRoot = packageRoot): StoreFolders {
  return { cards: path.join(codeRoot, ".flightsite", "cards"), photos: path.join(root, ".flightsite", "photos") };
}

/**
 * Records that a build's output in `outDir` uses the cards and photos its manifest lists. Each store keeps the
 * newest `recordsKept` records: the tests' builds record too, and prune never looks further back.
 */
export async function recordStoreUse(stores: StoreFolders, outDir: string, at = new Date()): Promise<void> {
  const written = await readFile(path.join(outDir, manifestFile), "utf8").catch(() => undefined);
  if (written === undefined) return; // an output without a manifest was not written by a build
  const files = storedFilesOf(written);
  const namesUnder = (folder: string) => files.filter((file) => file.startsWith(folder)).map((file) => path.posix.basename(file));
  // ISO time first, so that names sort as the builds ran; the rest keeps two builds of one millisecond apart.
  const name = `${at.toISOString().replace(/[:.]/g, "-")}-${process.pid}-${randomBytes(4).toString("hex")}.json`;
  for (const [folder, used] of [
    [stores.cards, namesUnder("assets/cards/")],
    [stores.photos, namesUnder("assets/photos/")],
  ] as const) {
    await mkdir(path.join(folder, usedFolder), { recursive: true });
    await writeFile(path.join(folder, usedFolder, name), `${JSON.stringify({ at: at.toISOString(), files: used })}\n`);
    const records = (await readdir(path.join(folder, usedFolder))).filter((file) => file.endsWith(".json")).sort();
    for (const old of records.slice(0, -recordsKept)) await rm(path.join(folder, usedFolder, old), { force: true });
  }
}

/** The most builds a store remembers, and so the most `flightsite prune --builds` can look back. */
export const recordsKept = 100;

/**
 * Removes from each store every entry that none of the last `builds` recorded builds used, and the older records. A
 * store with no record at all (one kept from before builds recorded their use) is left whole.
 */
export async function pruneStores(stores: StoreFolders, builds: number): Promise<Pruned> {
  const cards = await lastUses(stores.cards, builds);
  const photos = await lastUses(stores.photos, builds);
  return {
    cards: cards ? await pruneCards(stores.cards, cards.files) : { removed: 0, kept: await countCards(stores.cards) },
    photos: photos ? await prunePhotos(stores.photos, photos.files) : { removed: 0, kept: (await photoFolders(stores.photos)).length },
    builds: Math.max(cards?.builds ?? 0, photos?.builds ?? 0),
  };
}

/** The line `flightsite prune` prints. */
export function formatPruned(pruned: Pruned, builds: number): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (pruned.builds === 0) return "flightsite: no build has recorded what it used yet; nothing was removed from .flightsite/\n";
  return (
    `flightsite: removed ${count(pruned.cards.removed, "share card", "share cards")} and ${count(pruned.photos.removed, "photo", "photos")} ` +
    `that none of the last ${count(Math.min(builds, pruned.builds), "build", "builds")} used; ` +
    `kept ${count(pruned.cards.kept, "share card", "share cards")} and ${count(pruned.photos.kept, "photo", "photos")} in .flightsite/\n`
  );
}

// --- internal ---

const usedFolder = "used";

/**
 * The files of a manifest's text under the stores' folders (assets/cards/, assets/photos/), in its order. Every build
 * records its use, the up-to-date ones too, and needs only these few names of a manifest of every file of the site:
 * they are found in its text rather than by parsing it whole. A key is a JSON string followed by a colon, and no
 * value (hex digests, sizes, content types) is a string of that form.
 */
function storedFilesOf(manifest: string): string[] {
  return [...manifest.matchAll(/"(assets\/(?:cards|photos)\/(?:[^"\\]|\\.)*)"\s*:/g)].map(([, key]) => JSON.parse(`"${key}"`) as string);
}

/** The names used by the last `builds` records of a store, after deleting the older records; undefined: no record. */
async function lastUses(folder: string, builds: number): Promise<{ files: Set<string>; builds: number } | undefined> {
  const records = (await readdir(path.join(folder, usedFolder)).catch(() => [] as string[])).filter((name) => name.endsWith(".json")).sort();
  if (records.length === 0) return undefined;
  const kept = records.slice(-builds);
  const files = new Set<string>();
  for (const record of kept) {
    const { files: used } = JSON.parse(await readFile(path.join(folder, usedFolder, record), "utf8")) as { files: string[] };
    for (const file of used) files.add(file);
  }
  for (const record of records.slice(0, records.length - kept.length)) await rm(path.join(folder, usedFolder, record), { force: true });
  return { files, builds: kept.length };
}

/** A stored card's file ("naples.AXLD4RT4.<sha256>.<size>.png", share-cards.ts) → the card's name in the output. */
const cardNameOf = (file: string) => /^(.+)\.[0-9a-f]{64}\.\d+\.png$/.exec(file)?.[1];

async function countCards(folder: string): Promise<number> {
  return (await readdir(folder).catch(() => [] as string[])).filter((file) => cardNameOf(file) !== undefined).length;
}

async function pruneCards(folder: string, used: ReadonlySet<string>): Promise<{ removed: number; kept: number }> {
  let removed = 0;
  let kept = 0;
  for (const file of await readdir(folder).catch(() => [] as string[])) {
    const name = cardNameOf(file);
    if (name === undefined) continue; // the records, and a half-written card of a build that was stopped
    if (used.has(`${name}.png`)) kept++;
    else {
      await rm(path.join(folder, file), { force: true });
      removed++;
    }
  }
  return { removed, kept };
}

/** The folders of encoded photos, by key (the records' folder is not one). */
async function photoFolders(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory() && entry.name !== usedFolder).map((entry) => entry.name);
}

async function prunePhotos(folder: string, used: ReadonlySet<string>): Promise<{ removed: number; kept: number }> {
  let removed = 0;
  let kept = 0;
  for (const key of await photoFolders(folder)) {
    // A photo without its photo.json was cut short (photo-store.ts writes it last): no build can take it.
    const photo = await readFile(path.join(folder, key, "photo.json"), "utf8").then(
      (text) => JSON.parse(text) as { variants: { file: string }[] },
      () => undefined,
    );
    if (photo?.variants.some((variant) => used.has(path.posix.basename(variant.file)))) kept++;
    else {
      await rm(path.join(folder, key), { recursive: true, force: true });
      removed++;
    }
  }
  return { removed, kept };
}
