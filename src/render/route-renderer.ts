import { scanHtml, scanXml, type FoundLinks } from "./scan-links";
import { renderNonPage, renderPage, type PagePieces, type RenderContext } from "./render-route";
import { routeKey, sharedInputs } from "./route-key";
import { createRoutes } from "../site/routes";
import type { AssetUrls, Download, OutputFile, PageKind, Route, SiteContent } from "../content/types";

/** Everything rendering needs, as plain data that can be sent to a worker thread. */
export interface RenderInput {
  content: SiteContent;
  assets: AssetUrls;
  downloads: Download[];
  /** The id of the code that renders (see src/engine/code-id.ts): with it, each rendered file carries its key. */
  codeId?: string;
  /**
   * Where the code that renders can be imported from by any thread (a file URL): the dev server's renderer, bundled
   * again after each edit (src/render/renderer-bundle.ts). Left out, the routes and templates this module graph
   * imported render, which is then the run's renderer (`flightsite build`, src/engine/engine-parts.ts staticRenderer).
   */
  rendererModule?: string;
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
  /** The hash of what the file was made from (with a code id only), and its modification time once written. */
  key?: string;
  mtimeMs?: number;
}

/** A file rendered, with what was found in it. */
export interface RenderedItem {
  output: OutputFile | PagePieces;
  rendered: Omit<RenderedFile, "bytes">;
}

/** The functions that turn a route into a file: this module graph's, or those of a renderer bundle (the dev server's). */
export interface RouteRendering {
  createRoutes: typeof createRoutes;
  renderPage: typeof renderPage;
  renderNonPage: typeof renderNonPage;
}

/** The code `input` is rendered with, on whichever thread asks: its renderer module, else this module graph's. */
export async function renderingOf(input: RenderInput): Promise<RouteRendering> {
  if (input.rendererModule === undefined) return { createRoutes, renderPage, renderNonPage };
  const module = (await import(input.rendererModule)) as RouteRendering;
  return { createRoutes: module.createRoutes, renderPage: module.renderPage, renderNonPage: module.renderNonPage };
}

/**
 * One route rendered, with the links and ids found in it: a page as its pieces (the page's own text scanned here; each
 * shared part was scanned once, the first time a page showed it), the feed with its links. `key`: the route's, when known.
 */
export function renderFile(route: Route, context: RenderContext, rendering: Omit<RouteRendering, "createRoutes">, key?: string): RenderedItem {
  if (route.kind === "page") {
    // A city's page is made when its element is read (src/site/routes.tsx): read it once.
    const page = rendering.renderPage({ ...route }, context.site.basePath);
    const found: FoundLinks[] = [];
    for (const piece of page.pieces) {
      if (typeof piece === "string") {
        const { links, ids } = scanHtml(piece);
        if (links.length > 0 || ids.size > 0) found.push({ links, ids: [...ids] });
      } else {
        found.push(piece.found);
      }
    }
    return { output: page, rendered: { file: page.file, pageKind: route.pageKind, found, key } };
  }
  const output = rendering.renderNonPage(route, context);
  if (route.kind === "feed") return { output, rendered: { file: output.file, found: [{ links: scanXml(String(output.contents)), ids: [] }], key } };
  return { output, rendered: { file: output.file, key } };
}

/**
 * The routes of a site, rendered by number, one file at a time, with what was found in each: the caller writes the
 * file and keeps only the summary, so no more than one page's text is held at once. Each thread that renders creates
 * the routes itself from the content with the same code (routes hold templates, which cannot cross threads), once,
 * unless given them; that is cheap next to rendering, and every thread numbers them alike. `common`: what every key
 * starts with (sharedInputs), when the caller has it already.
 */
export class RouteRenderer {
  readonly #routes;
  readonly #context;
  readonly #common;
  readonly #rendering;

  constructor(input: RenderInput, rendering: RouteRendering, { routes, common }: { routes?: Route[]; common?: string } = {}) {
    this.#rendering = rendering;
    this.#routes = routes ?? rendering.createRoutes(input.content, input.assets, input.downloads);
    this.#context = { site: input.content.site };
    this.#common = common ?? (input.codeId === undefined ? undefined : sharedInputs(input.codeId, input.content, input.assets));
  }

  /** The route numbered `number`. */
  route(number: number): Route {
    return this.#routes[number]!;
  }

  /** How many routes (files) the site has. */
  get count(): number {
    return this.#routes.length;
  }

  /** The routes numbered `numbers`, rendered in turn. */
  *render(numbers: readonly number[]): Generator<RenderedItem> {
    for (const number of numbers) {
      const route = this.#routes[number]!;
      // A city's page has its key without being made (madeFrom).
      const key = this.#common === undefined ? undefined : routeKey(route, this.#common);
      yield renderFile(route, this.#context, this.#rendering, key);
    }
  }
}
