// The types handed between the build's stages and its command, and the stage timer: a leaf module (it imports only
// types of content/), so that the stages and the command that runs them both import it and never each other.
import type { BuildSummary } from "./build-cache";
import type { RenderPool } from "../render/pool";
import type { PageKind, SiteContent } from "../content/types";
import type { ContentProblem } from "../errors";

/**
 * What every driver of the build says about the project: where it is, where its output goes, and what the command
 * adds to data/ (a day, a base path, a preview, strictness). `flightsite build` (BuildOptions), the engine itself
 * (EngineOptions) and `serve` (DevBuildOptions) each add their own few fields to it.
 */
export interface ProjectOptions {
  /** The project root: holds client/ and templates/. */
  root: string;
  dataDir: string;
  outDir: string;
  /** Threads to render a whole site with; default: one per core for a large site, else one (src/render/pool.ts). */
  threads?: number;
  /**
   * The day of this build, like "2026-11-24": /accessibility/ gives it as the day the site's checks last ran (CI
   * builds and checks together). Left out, the page names no day (tests, whose output must not depend on the clock).
   */
  builtOn?: string;
  /**
   * The path the site is built for, like "/previews/pr-42/", replacing data/site.yaml's basePath: every link, asset
   * and absolute address is under it (`flightsite build --base-path`).
   */
  basePath?: string;
  /**
   * A preview of the site (`flightsite build --preview`): canonical addresses at the live site (site.yaml's baseUrl
   * and basePath), every page noindex, nothing in the sitemap, and quote forms that show how to call instead of sending.
   */
  preview?: boolean;
  /**
   * Treat the translations' review reminders (content.translationNotes.warnings: a field whose English changed since
   * it was translated, a glossary term translated another way…) and the photos' warnings (a photo narrower than its
   * slot shows it, photos.ts) as content errors: `flightsite build --strict`, which the content-check workflow runs.
   * Without it they are warnings and the build goes on.
   */
  strict?: boolean;
}

/** `flightsite build`'s options: the project, and the command's own. */
export interface BuildOptions extends ProjectOptions {
  /**
   * Keep a build cache in .flightsite/build-cache/ (src/engine/build-cache.ts): render only the files whose inputs or
   * code changed and link the others from the last output. `flightsite build` does; default: off.
   */
  cache?: boolean;
  /** The git commit the project is at, recorded in the build target record (`.build-target.json`). */
  commit?: string;
}

export interface BuildResult {
  /** Whether nothing had changed since the last build (with the cache), so that the output was kept as it was. */
  upToDate?: boolean;
  /** How many files the site has. */
  files: number;
  /** How many of them were taken unchanged from the last build (with the cache). */
  reused: number;
  /** The pages, feed, sitemap and robots.txt rendered this time (all of them without the cache), in no set order. */
  rendered: string[];
  /** The site's share cards, how many were drawn this time and how many taken from .flightsite/cards/ (the rest were kept). */
  shareCards?: ShareCardCounts;
  pagesByKind: Partial<Record<PageKind, number>>;
  bytes: number;
  /** Things an editor may want to fix that do not stop the build, one line each. */
  warnings: string[];
  /** The translations' review reminders, each at its place in data/<lang>/ (errors instead with `strict`). */
  contentWarnings?: ContentProblem[];
  /** Photos narrower than their slot shows them, each at its `photo.src` (errors instead with `strict`). */
  photoWarnings?: ContentProblem[];
  /** Gzipped JavaScript a page loads: every page, and a page with a quote form. */
  javascriptGzip?: { everyPage: number; withForm: number };
  /** For each language with a translation: its pages, and the English pages it has no version of (by URL). */
  languages?: { lang: string; pages: number; englishOnly: string[] }[];
  /** Milliseconds per stage (of a build with nothing changed, only the time it took to find that out). */
  /** Photos (a file in a slot) encoded by this build, and those its cache already held. */
  photos?: { encoded: number; cached: number };
  timings: Partial<Record<"load" | "validate" | "photos" | "bundle" | "documents" | "render" | "check" | "swap" | "up-to-date check", number>>;
  /** The process's peak memory at the start and by the end of each stage of `timings`. */
  memory: StageMemory;
}

/** The project a BuildEngine builds, and where. */
export interface EngineOptions extends ProjectOptions {
  /**
   * Where quote forms post when data/site.yaml sets no quote.endpoint, like "/api/quote" of the dev server. It
   * replaces the setting in the validated content (site.yaml itself only takes https:// addresses), and the link
   * check lets it through, since a server answers it rather than a file.
   */
  quoteEndpoint?: string;
}

/** What changed since the last run; a run without it looks at everything. */
export interface Changes {
  /** Data files that changed (absolute paths, every one as a watcher reports them). */
  data: string[];
  /** Templates (or islands, which render on the server too): the renderer is loaded again. */
  renderer?: boolean;
  /** client/ or templates/styles/: the browser bundle is made again. */
  client?: boolean;
  /** templates/static/. */
  staticFiles?: boolean;
}

/** What one run is given besides the changes: its timer, and (`flightsite build`) what it found before loading the engine. */
export interface RunContext {
  timer?: StageTimer;
  /** The data files' names (sourceFileNames), when already listed. */
  names?: string[];
  /**
   * The threads to render with, as build.ts decided before loading the engine: a count, or a large site's pool with
   * its workers already started (render/pool.ts prewarm), which the run closes at its end.
   */
  threads?: number | RenderPool;
  /**
   * Let the share cards missing from the store follow the run instead of holding it up (a save in `serve --watch`):
   * the run commits its pages without them and starts drawing them; the result's `cardsFollowing` settles once they
   * are stored, and the next run puts them into the output.
   */
  cardsFollow?: boolean;
}

/** A run's share cards: every page's (`total`), those drawn and those taken from the card store; the others were kept. */
export interface ShareCardCounts {
  total: number;
  drawn: number;
  stored: number;
  /** Milliseconds during which cards were being drawn. */
  drawingMs: number;
}

/** What a run did, and the figures of the output it left. */
export interface EngineResult extends BuildSummary {
  /** With `cardsFollow`, the cards this run left to draw: settles once they are stored (undefined when none). */
  cardsFollowing?: Promise<void>;
  shareCards: ShareCardCounts;
  /** The files rendered from routes this run (every one without a cache), in no set order. */
  rendered: string[];
  /** The files taken unchanged from the last output (a whole run with the cache). */
  reused: number;
  /** Files written into the output (every file when it was written whole; the manifest left out), relative to outDir. */
  written: string[];
  /** Files deleted from the output. */
  removed: string[];
  /** Threads the pages were rendered on. */
  threads: number;
  /** Photos encoded this run, and those the store already held. */
  photos: { encoded: number; cached: number };
  timings: Record<string, number>;
  /** The content the output was built from (with the quote endpoint put in). */
  content: SiteContent;
}

/** Milliseconds per stage, each lap from the last. */
export type StageTimer = ReturnType<typeof stageTimer>;

export function stageTimer() {
  let last = performance.now();
  const laps: Record<string, number> = {};
  const memory: StageMemory = { start: peakMemory(), stages: {} };
  return {
    laps,
    memory,
    lap(name: string) {
      const now = performance.now();
      laps[name] = Math.round(now - last);
      memory.stages[name] = peakMemory();
      last = now;
    },
  };
}

/**
 * The process's peak resident memory, every thread's (getrusage), in bytes: when the build started, and by the end of
 * each stage. What a stage adds to it, per page, tells which stage holds memory in proportion to the site
 * (`npm run bench:build` prints it).
 */
export interface StageMemory {
  start: number;
  stages: Record<string, number>;
}

// --- internal ---

function peakMemory(): number {
  return process.resourceUsage().maxRSS * 1024; // kilobytes
}
