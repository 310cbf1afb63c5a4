import { hash } from "node:crypto";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { WrittenFile } from "../output/output-folder";
import type { Route, ShareCard } from "../content/types";
import type { FileDigest, OutputRun } from "../output/write-output";

// The share cards of a run (each page's og:image, src/images/share-card.ts): which the site has, and making those the
// plan says to make, beside the pages rather than before them. A card's name carries a hash of what it shows and of
// the code that draws it, so a card once drawn is the same file for ever: it is stored in .flightsite/cards/ and
// taken from there by every later build that needs it, whatever else changed.

/** Whether an output file is a share card (shareCardFor in src/site/page-route.ts names them). */
export function isShareCardFile(file: string): boolean {
  return file.startsWith("assets/cards/");
}

/** Each page's card, by file: a card named in no page is not made. */
export function shareCardsOf(routes: readonly Route[]): Map<string, ShareCard> {
  const cards = new Map<string, ShareCard>();
  for (const route of routes) if (route.kind === "page" && route.card) cards.set(route.card.file, route.card);
  return cards;
}

/** A card in the store: its digest, and its place on disk or its bytes. */
export interface StoredCard {
  digest: FileDigest;
  path?: string;
  bytes?: Uint8Array;
}

/** Where cards drawn before are kept, by the name of their file in the output. */
export interface CardStore {
  get(file: string): Promise<StoredCard | undefined>;
  put(file: string, bytes: Uint8Array): Promise<StoredCard>;
}

/**
 * A card store on disk: `<root>/.flightsite/cards/`, a PNG per card whose name adds its SHA-256 and size to the
 * card's ("naples.AXLD4RT4.<sha256>.<size>.png"), so that the folder is listed once and no card is read to be put into
 * an output: it is linked, or copied, from here. Deleting the folder only costs drawing the cards again.
 */
export function diskCardStore(root: string): CardStore {
  const folder = path.join(root, ".flightsite", "cards");
  let listing: Promise<Map<string, StoredCard>> | undefined;
  const list = () =>
    (listing ??= readdir(folder).then(
      (names) => new Map(names.map((name) => storedCardOf(folder, name)).filter((entry) => entry !== undefined)),
      () => new Map<string, StoredCard>(),
    ));
  return {
    get: async (file) => (await list()).get(path.basename(file)),
    async put(file, bytes) {
      const digest = { sha256: hash("sha256", bytes, "hex"), bytes: bytes.byteLength };
      const place = path.join(folder, `${path.basename(file, ".png")}.${digest.sha256}.${digest.bytes}.png`);
      await mkdir(folder, { recursive: true });
      // Renamed into place when complete: a build stopped halfway, or another one drawing the same card, leaves no half file.
      const temporary = `${place}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, place);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      const stored = { digest, path: place };
      (await list()).set(path.basename(file), stored);
      return stored;
    },
  };
}

/** What making a run's cards did: how many were drawn, and how many were taken from the store. */
export interface CardsMade {
  drawn: number;
  stored: number;
}

/**
 * Puts each card of `files` into the run's output: from the store, else drawn (and then stored). At most `concurrency`
 * at a time: drawing runs on libuv's threads (sharp) and, briefly, on this one (satori's layout), so a few in flight
 * keep them busy without holding many cards' pixels at once. Each card is handed to `onMade` once written; once
 * `stopped()` (the run failed), no more are begun.
 */
export async function makeShareCards(
  files: readonly string[],
  cards: ReadonlyMap<string, ShareCard>,
  {
    run,
    store,
    onMade,
    stopped = () => false,
    concurrency = 2,
  }: { run: OutputRun; store: CardStore; onMade: (file: string, written: WrittenFile) => void; stopped?: () => boolean; concurrency?: number },
): Promise<CardsMade> {
  const made: CardsMade = { drawn: 0, stored: 0 };
  if (files.length === 0) return made;
  let draw: ((card: ShareCard) => Promise<Uint8Array>) | undefined;
  let next = 0;
  const worker = async () => {
    while (next < files.length && !stopped()) {
      const file = files[next++]!;
      let stored = await store.get(file);
      if (stored) made.stored++;
      else {
        // Loaded only when a card is missing: satori and sharp are heavy, and most builds draw nothing.
        draw ??= (await import("./share-card")).drawShareCard;
        stored = await store.put(file, await draw(cards.get(file)!));
        made.drawn++;
      }
      onMade(file, putCard(run, file, stored));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return made;
}

// --- internal ---

/** A stored card as the run's file `file`: a card on disk is linked (or copied) into a fresh folder, not read, since its digest is known. */
function putCard(run: OutputRun, file: string, stored: StoredCard): WrittenFile {
  return stored.path ? run.place(file, stored.path, stored.digest) : run.write(file, stored.bytes!);
}

/** A file of the store's folder as the card it holds (by the card's name), or undefined for any other file. */
function storedCardOf(folder: string, name: string): [string, StoredCard] | undefined {
  const match = /^(.+)\.([0-9a-f]{64})\.(\d+)\.png$/.exec(name);
  if (!match) return undefined;
  return [`${match[1]}.png`, { digest: { sha256: match[2]!, bytes: Number(match[3]) }, path: path.join(folder, name) }];
}
