import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { WrittenFile } from "../render/output-folder";
import type { Route, ShareCard } from "../content/types";
import type { OutputRun } from "./write-output";

// The share cards of a run (each page's og:image, src/render/share-card.ts): which the site has, and making those the
// plan says to make, beside the pages rather than before them. A card's name carries a hash of what it shows and of
// the code that draws it, so a card once drawn is the same file for ever: it is stored in .flightsite/cards/ and
// taken from there by every later build that needs it, whatever else changed.

/** The key every card is planned by: its name says what it is made from, so a card the output holds is up to date. */
export const shareCardKey = "share card";

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

/** Where cards drawn before are kept, by name. */
export interface CardStore {
  get(file: string): Promise<Uint8Array | undefined>;
  put(file: string, bytes: Uint8Array): Promise<void>;
}

/** A card store on disk: `<root>/.flightsite/cards/`, a PNG file per card. Deleting it only costs drawing them again. */
export function diskCardStore(root: string): CardStore {
  const folder = path.join(root, ".flightsite", "cards");
  const place = (file: string) => path.join(folder, path.basename(file));
  return {
    get: (file) => readFile(place(file)).then((bytes) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), () => undefined),
    async put(file, bytes) {
      await mkdir(folder, { recursive: true });
      // Renamed into place when complete: a build stopped halfway, or another one drawing the same card, leaves no half file.
      const temporary = `${place(file)}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, place(file));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
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
 * keep them busy without holding many cards' pixels at once. Each card is handed to `onMade` once written.
 */
export async function makeShareCards(
  files: readonly string[],
  cards: ReadonlyMap<string, ShareCard>,
  { run, store, onMade, concurrency = 2 }: { run: OutputRun; store: CardStore; onMade: (file: string, written: WrittenFile) => void; concurrency?: number },
): Promise<CardsMade> {
  const made: CardsMade = { drawn: 0, stored: 0 };
  if (files.length === 0) return made;
  let draw: ((card: ShareCard) => Promise<Uint8Array>) | undefined;
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      let bytes = await store.get(file);
      if (bytes) made.stored++;
      else {
        // Loaded only when a card is missing: satori and sharp are heavy, and most builds draw nothing.
        draw ??= (await import("../render/share-card")).drawShareCard;
        bytes = await draw(cards.get(file)!);
        await store.put(file, bytes);
        made.drawn++;
      }
      onMade(file, run.write(file, bytes));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return made;
}
