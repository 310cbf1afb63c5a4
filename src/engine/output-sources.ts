import type { PlannedFile } from "./plan";
import type { RunLedger } from "./run-ledger";
import { renderRoutes, type RenderStep } from "./render-step";
import { makeShareCards, prepareCardDrawer, type CardStore } from "../images/share-cards";
import type { CardDrawer } from "../images/card-drawer";
import type { CardCode } from "../images/card-code";
import type { PhotoFile } from "../images/photos";
import type { OutputFile, Route, ShareCard } from "../content/types";

// The sources of a run's output (engine.ts): pages, share cards, photos and the files made elsewhere (the downloads,
// the browser bundle, templates/static/). Each says which files it makes this run and the key each is made from; the
// plan (plan.ts) decides over all of them at once which are made, kept and removed; each source then makes the files
// the plan gives it and reports every one to the run's ledger (run-ledger.ts), which puts it into the output.

/** One kind of output file: what it makes this run (with keys), and making the files the plan says to make. */
export interface OutputSource {
  /** The files this source makes this run, each with the key it is made from (undefined: made every run). */
  planned(): readonly PlannedFile[];
  /**
   * Gets ready to make `files`, before any source makes anything: what a source loads here is not held up by another
   * source keeping the thread busy (the pages rendered here, between which a card's renderer would load slowly).
   * `make` is called after it in any case, with no files when the run cannot go on, to let go of what it holds.
   */
  prepare?(files: readonly string[]): Promise<void>;
  /** Makes `files` (those of `planned` the plan says to make) into the run's output, each reported to `ledger` once. */
  make(files: readonly string[], ledger: RunLedger): Promise<void>;
}

/**
 * Each source makes the files the plan gives it (`make`), all at once, once every source is ready (`prepare`): a large
 * site's pages render on other threads while this one draws cards and writes photos. On the first failure the others
 * begin no more files; once all have ended, the failure of the first source in `sources`' order that failed is thrown.
 */
export async function makeAll(sources: readonly OutputSource[], make: ReadonlyMap<OutputSource, readonly string[]>, ledger: RunLedger): Promise<void> {
  const ready = await Promise.allSettled(sources.map((source) => source.prepare?.(make.get(source) ?? [])));
  const unready = ready.find((outcome) => outcome.status === "rejected");
  if (unready) {
    ledger.stopped = true;
    await Promise.allSettled(sources.map((source) => source.make([], ledger)));
    throw unready.reason;
  }
  const outcomes = await Promise.allSettled(
    sources.map((source) =>
      source.make(make.get(source) ?? [], ledger).catch((error: unknown) => {
        ledger.stopped = true;
        throw error;
      }),
    ),
  );
  for (const outcome of outcomes) if (outcome.status === "rejected") throw outcome.reason;
}

export type PageSource = ReturnType<typeof pageSource>;
export type ShareCardSource = ReturnType<typeof shareCardSource>;

/**
 * The pages, feed, sitemap and robots.txt: one file per route, keyed by what the route declares it is made from
 * (src/render/route-key.ts), rendered through one render path (render-step.ts). `made`: the files rendered, once each.
 */
export function pageSource(routes: Route[], keyOf: (route: Route) => string | undefined, step: Omit<RenderStep, "routes" | "render" | "run" | "onRendered">) {
  const made: string[] = [];
  const source = {
    made,
    /** The threads the pages were rendered on. */
    threads: 1,
    planned: () => routes.map((route) => ({ file: route.file, key: keyOf(route) })),
    async make(files: readonly string[], ledger: RunLedger) {
      source.threads = await renderRoutes({
        ...step,
        run: ledger.run,
        routes,
        render: files,
        onRendered: (file) => {
          if (ledger.add(file.file, { ...file, sha256: file.sha256!, mtimeMs: file.mtimeMs ?? 0 })) made.push(file.file);
        },
      });
    },
  };
  return source satisfies OutputSource;
}

/**
 * Each page's share card (src/images/share-cards.ts): keyed by its name, which carries a hash of what it shows and of
 * the code that draws it, so a card the last output holds under its name is the card. Made from the card store, or
 * drawn with `code`; `made`: how many of each. With `later`, a card missing from the store follows the run.
 */
export function shareCardSource(
  cards: ReadonlyMap<string, ShareCard>,
  { store, code, later }: { store: CardStore; code: CardCode; later?: (file: string, drawing: Promise<void>) => void },
) {
  let drawer: CardDrawer | undefined;
  const source = {
    made: { drawn: 0, stored: 0, drawingMs: 0 },
    total: cards.size,
    planned: () => [...cards.keys()].map((file) => ({ file, key: file })),
    async prepare(files: readonly string[]) {
      // The cards that follow a run are drawn after it, a few at a time (makeShareCards).
      if (!later) drawer = await prepareCardDrawer(files, { store, code });
    },
    async make(files: readonly string[], ledger: RunLedger) {
      source.made = await makeShareCards(files, cards, {
        run: ledger.run,
        store,
        onMade: (file, written) => void ledger.add(file, { ...written, key: file }),
        stopped: () => ledger.stopped,
        code,
        drawer,
        later,
      });
    },
  };
  return source satisfies OutputSource;
}

/**
 * The photos' encoded files (src/images/photos.ts): keyed by their names, which carry the encoded file's hash from
 * the photo store. One file in memory at a time, however many photos the site has: each is read from the store as written.
 */
export function photoSource(photos: readonly PhotoFile[]): OutputSource {
  const byName = new Map(photos.map((photo) => [photo.file, photo]));
  return {
    planned: () => photos.map((photo) => ({ file: photo.file, key: photo.file })),
    async make(files, ledger) {
      for (const file of files) {
        if (ledger.stopped) return;
        ledger.add(file, { ...ledger.run.write(file, await byName.get(file)!.read()), key: file });
      }
    },
  };
}

/**
 * Files whose bytes are at hand (the downloads, the browser bundle, templates/static/): few and small, written every
 * run (an output updated in place writes only those whose bytes changed), with no key.
 */
export function fileSource(files: readonly OutputFile[]): OutputSource {
  const byName = new Map(files.map((file) => [file.file, file]));
  return {
    planned: () => files.map((file) => ({ file: file.file, key: undefined })),
    async make(names, ledger) {
      for (const name of names) ledger.add(name, ledger.run.write(name, byName.get(name)!.contents));
    },
  };
}
