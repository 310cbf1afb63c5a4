import { scanHtml, scanXml, type FoundLinks } from "./scan-links";
import { renderNonPage, renderPage, type PagePieces } from "./render-route";
import { routeKey, sharedInputs } from "./route-key";
import { createRoutes } from "../site/routes";
import type { AssetUrls, Download, OutputFile, PageKind, SiteContent } from "../content/types";

/** Everything rendering needs, as plain data that can be sent to a worker thread. */
export interface RenderInput {
  content: SiteContent;
  assets: AssetUrls;
  downloads: Download[];
  /**
   * The build cache: the id of the code that renders (see src/engine/code-id.ts), and the last good output with the
   * key each of its files was rendered from. A route whose key is unchanged is not rendered but taken from there.
   */
  cache?: { codeId: string; previousDir?: string; previous?: Map<string, RenderedStamp> };
}

/**
 * What the rest of the build needs of a rendered file once its bytes are written: its kind and size, and the
 * links (and, on a page, the ids) the link check needs, found on the thread that rendered it.
 */
export interface RenderedFile {
  file: string;
  pageKind?: PageKind;
  bytes: number;
  /**
   * The links and ids the link check needs, for a page or a feed, in document order: the file's own, and each shared
   * part's (the same object on every page of this thread that shows the part).
   */
  found?: FoundLinks[];
  /** The SHA-256 of its bytes, in hex, for the deploy's manifest. */
  sha256?: string;
  /** The hash of what the file was made from, and its modification time once written (with a cache only). */
  key?: string;
  mtimeMs?: number;
}

/** What the cache knows of a file it made: the key it was rendered from, and its size and time on disk then. */
export interface RenderedStamp {
  key: string;
  bytes: number;
  mtimeMs: number;
}

/** A file taken unchanged from the last good output (the cache knows the rest about it). */
export interface ReusedFile {
  file: string;
  key: string;
  reused: true;
}

/** Every route of the site rendered on this thread, one file at a time, with what was found in each (see RouteRenderer). */
export function* renderEveryRoute(input: RenderInput): Generator<RenderedItem> {
  const renderer = new RouteRenderer(input);
  yield* renderer.render({ start: 0, end: renderer.count, step: 1 }, () => false);
}

/** Routes by number: from `start` up to `end` (excluded), every `step`-th. */
export interface RouteRange {
  start: number;
  end: number;
  step: number;
}

/** A file rendered, with what was found in it, or one taken unchanged from the last good output. */
export type RenderedItem = { output: OutputFile | PagePieces; rendered: Omit<RenderedFile, "bytes"> } | { reused: ReusedFile };

/**
 * The routes of a site, rendered by number, one file at a time, with what was found in each: the caller writes the
 * file and keeps only the summary, so no more than one page's text is held at once. With a cache, a route whose key
 * is the one its file was last made from is handed to `reuse` instead of being rendered. Each thread that renders
 * creates the routes itself from the content (routes hold templates, which cannot cross threads), once; that is
 * cheap next to rendering, and every thread numbers them alike.
 */
export class RouteRenderer {
  readonly #routes;
  readonly #context;
  readonly #cache;
  readonly #common;

  constructor(input: RenderInput) {
    this.#routes = createRoutes(input.content, input.assets, input.downloads);
    this.#context = { site: input.content.site };
    this.#cache = input.cache;
    this.#common = input.cache && sharedInputs(input.cache.codeId, input.content, input.assets);
  }

  /** How many routes (files) the site has. */
  get count(): number {
    return this.#routes.length;
  }

  *render(range: RouteRange, reuse: (file: string) => boolean = () => false): Generator<RenderedItem> {
    const common = this.#common;
    const cache = this.#cache;
    const context = this.#context;
    for (let i = range.start; i < Math.min(range.end, this.#routes.length); i += range.step) {
      const lazyRoute = this.#routes[i]!;
      // A city's page has its key without being made (madeFrom); `reuse` takes the file from the last good output, and
      // says whether it could (it may have been deleted there).
      const key = common === undefined ? undefined : routeKey(lazyRoute, common);
      if (key !== undefined && cache?.previous?.get(lazyRoute.file)?.key === key && reuse(lazyRoute.file)) {
        yield { reused: { file: lazyRoute.file, key, reused: true } };
        continue;
      }
      if (lazyRoute.kind === "page") {
        // A city's page is made when its element is read (src/site/routes.tsx): read it once.
        const page = renderPage({ ...lazyRoute }, context.site.basePath);
        // The page's own text is scanned here; each shared part was scanned once, the first time a page showed it.
        const found: FoundLinks[] = [];
        for (const piece of page.pieces) {
          if (typeof piece === "string") {
            const { links, ids } = scanHtml(piece);
            if (links.length > 0 || ids.size > 0) found.push({ links, ids: [...ids] });
          } else {
            found.push(piece.found);
          }
        }
        yield { output: page, rendered: { file: page.file, pageKind: lazyRoute.pageKind, found, key } };
        continue;
      }
      const output = renderNonPage(lazyRoute, context);
      if (lazyRoute.kind === "feed") {
        yield { output, rendered: { file: output.file, found: [{ links: scanXml(String(output.contents)), ids: [] }], key } };
      } else {
        yield { output, rendered: { file: output.file, key } };
      }
    }
  }
}
