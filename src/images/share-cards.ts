import { mkdir } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import type { WrittenFile } from "../output/output-folder";
import type { Route, ShareCard } from "../content/types";
import type { FileDigest, OutputRun } from "../output/write-output";
import pLimit from "p-limit";
import { createCardDrawer, type CardDrawer } from "./card-drawer";
import { cardDrawing, type CardCode } from "./card-code";
import { digestName, digestOf, listedOnce, parseDigestName, writeWholeNow } from "./image-store";

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
  const names = listedOnce(folder);
  // The store holds the cards of every site this code built (a large site's tens of thousands): its listing is kept as
  // names only, each card's entry made when a build asks for it.
  let listing: Promise<Map<string, string>> | undefined;
  const list = () => (listing ??= names().then(storedNamesByCard));
  // Listed from the start, while the build validates the content: the run looks for its cards before it renders.
  void list();
  const made = new Map<string, StoredCard>();
  let madeFolder: Promise<unknown> | undefined;
  return {
    async get(file) {
      const card = path.basename(file);
      const known = made.get(card);
      if (known) return known;
      const stored = (await list()).get(card);
      const entry = stored === undefined ? undefined : storedCardOf(folder, stored);
      if (entry) made.set(card, entry);
      return entry;
    },
    async put(file, bytes) {
      const digest = digestOf(bytes);
      const place = path.join(folder, digestName(path.basename(file), digest));
      await (madeFolder ??= mkdir(folder, { recursive: true }));
      writeWholeNow(place, bytes);
      const stored = { digest, path: place };
      made.set(path.basename(file), stored);
      return stored;
    },
  };
}

/** What making a run's cards did: how many were drawn, and how many were taken from the store. */
export interface CardsMade {
  drawn: number;
  stored: number;
  /** Milliseconds during which at least one card was being drawn (0 when none was). */
  drawingMs: number;
}

/**
 * Before the pages render: a card drawer, ready, when a card of `files` is not in the store (a fresh clone's first
 * build, a retitled page). Its renderer then loads before the pages keep this thread busy rather than between them,
 * and the cards are drawn beside the pages from the first one on.
 */
export async function prepareCardDrawer(files: readonly string[], { store, code }: { store: CardStore; code?: CardCode }): Promise<CardDrawer | undefined> {
  for (const file of files) {
    if (await store.get(file)) continue;
    const drawer = cardDrawerFor(files.length, code);
    await drawer.ready();
    return drawer;
  }
  return undefined;
}

/**
 * Puts each card of `files` into the run's output: from the store, else drawn (and then stored). At most `concurrency`
 * at a time: cards are drawn in processes of their own, one per core (card-drawer.ts), two in flight for each so that
 * none waits for the next card. Each card is handed to `onMade` once written; once `stopped()` (the run failed), no
 * more are begun. `drawer`: one made ready before (prepareCardDrawer), else one is made when a card is missing; it is
 * closed at the end either way.
 */
export async function makeShareCards(
  files: readonly string[],
  cards: ReadonlyMap<string, ShareCard>,
  {
    run,
    store,
    onMade,
    stopped = () => false,
    concurrency = 2 * availableParallelism(),
    code,
    drawer,
    later,
  }: {
    run: OutputRun;
    store: CardStore;
    onMade: (file: string, written: WrittenFile) => void;
    stopped?: () => boolean;
    concurrency?: number;
    /** The code that draws the cards: this process's own when left out. */
    code?: CardCode;
    drawer?: CardDrawer;
    /** When given, a card missing from the store is not put into this run: it is drawn and stored meanwhile (`drawing`). */
    later?: (file: string, drawing: Promise<void>) => void;
  },
): Promise<CardsMade> {
  const made: CardsMade = { drawn: 0, stored: 0, drawingMs: 0 };
  if (files.length === 0) {
    await drawer?.close();
    return made;
  }
  let next = 0;
  // The time spent drawing is the time any card was being drawn: cards drawn side by side count once.
  let drawing = 0;
  let drawingSince = 0;
  const draw = async (card: ShareCard) => {
    if (drawing++ === 0) drawingSince = performance.now();
    try {
      // Started only when a card is missing: most builds draw nothing.
      return await (drawer ??= cardDrawerFor(files.length, code)).draw(card);
    } finally {
      if (--drawing === 0) made.drawingMs += performance.now() - drawingSince;
    }
  };
  // The cards that follow the run (a save's) are drawn in this process, a few at a time, after the run has ended.
  const following = pLimit(availableParallelism());
  // The drawn cards being put into the store: the run waits for them at its end.
  const storing: Promise<unknown>[] = [];
  const worker = async () => {
    while (next < files.length && !stopped()) {
      const file = files[next++]!;
      const stored = await store.get(file);
      if (stored) {
        made.stored++;
        onMade(file, putCard(run, file, stored));
      } else if (later) {
        // Drawn meanwhile, and stored for the next run: this one goes on without it.
        const card = cards.get(file)!;
        later(file, following(async () => void (await store.put(file, await (await cardDrawing(code)).drawShareCard(card)))));
        continue;
      } else {
        const png = await draw(cards.get(file)!);
        made.drawn++;
        // Into the output from the bytes at hand (not copied back out of the store), and into the store for the next run.
        onMade(file, run.write(file, png));
        storing.push(store.put(file, png));
      }
      // A store that answers at once (every card drawn before) would keep this thread from rendering pages and from
      // handing the render threads their next routes until every card is in: give way between cards.
      if ((made.drawn + made.stored) % cardsBetweenTurns === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  } finally {
    await drawer?.close();
    await Promise.allSettled(storing);
  }
  // A card that could not be stored fails the run, as one that could not be drawn does.
  await Promise.all(storing);
  return made;
}

// --- internal ---

/** Up to this many cards to make, they are drawn in this process rather than in helper processes (card-drawer.ts). */
const fewCards = 500;

/**
 * The drawer for a run that makes `count` cards: a site with few draws them all in this process (takumi renders on
 * libuv's threads, beside the pages), since starting helper processes would cost more than drawing them.
 */
function cardDrawerFor(count: number, code: CardCode | undefined): CardDrawer {
  return createCardDrawer({ drawnHere: count <= fewCards ? count : 0, code });
}

/** Cards taken from the store between two turns of the event loop. */
const cardsBetweenTurns = 32;

/** A stored card as the run's file `file`: a card on disk is linked (or copied) into a fresh folder, not read, since its digest is known. */
function putCard(run: OutputRun, file: string, stored: StoredCard): WrittenFile {
  return stored.path ? run.place(file, stored.path, stored.digest) : run.write(file, stored.bytes!);
}

/** Each card's stored file by the card's name ("naples.AXLD4RT4.<sha256>.<size>.png" under "naples.AXLD4RT4.png"). */
function storedNamesByCard(stored: readonly string[]): Map<string, string> {
  const byCard = new Map<string, string>();
  for (const name of stored) {
    // Cut at the last two dots before ".png" with string searches alone: no pattern, no object per file.
    if (!name.endsWith(".png")) continue;
    const sizeAt = name.lastIndexOf(".", name.length - 5);
    const hashAt = name.lastIndexOf(".", sizeAt - 1);
    if (hashAt > 0 && sizeAt - hashAt === 65) byCard.set(`${name.slice(0, hashAt)}.png`, name);
  }
  return byCard;
}

/** A file of the store's folder as the card it holds, or undefined for a name that is not a stored card's. */
function storedCardOf(folder: string, name: string): StoredCard | undefined {
  const card = parseDigestName(name);
  if (!card || !card.name.endsWith(".png")) return undefined;
  return { digest: card.digest, path: path.join(folder, name) };
}
