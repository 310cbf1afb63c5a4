import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SharedPartsContext, type SharedParts } from "../../templates/Once";
import { markPhoneNumbers } from "../../templates/phone-numbers";
import { renderFeed } from "../site/feed";
import { renderSitemap } from "../site/sitemap";
import { rebaseHtml } from "./base-path";
import { scanHtml, type FoundLinks } from "./scan-links";
import { translateBodies, translateLinks } from "./translated-links";
import type { OutputFile, Route, SiteConfig, TranslatedLinks } from "../content/types";

/** What rendering needs besides the route: the site settings. */
export interface RenderContext {
  site: SiteConfig;
}

/** One route → one output file. Pure: the same route and context always give the same bytes. */
export function renderRoute(route: Route, context: RenderContext): OutputFile {
  if (route.kind === "page") {
    const page = renderPage(route, context.site.basePath);
    return { file: page.file, contents: pageText(page) };
  }
  return renderNonPage(route, context);
}

/**
 * A page as the pieces it is made of, in order: the text React rendered for this page alone, and the parts shared
 * with other pages (templates/Once.tsx) in between. Joined, they are renderRoute's page. The build writes the pieces
 * as they are, takes each shared part's bytes and links once, and so never builds the whole page's text.
 */
export interface PagePieces {
  file: string;
  pieces: (string | SharedPart)[];
}

/** Markup shown by many pages, rendered once per thread: as text, as bytes, and what the link check needs of it. */
export interface SharedPart {
  readonly markup: string;
  readonly bytes: Buffer;
  readonly found: FoundLinks;
}

/** The whole text of a page rendered in pieces. */
export function pageText(page: PagePieces): string {
  return page.pieces.map((piece) => (typeof piece === "string" ? piece : piece.markup)).join("");
}

/**
 * A page in pieces; on a page in another language, its links and its shared parts' lead to the pages of that language
 * (src/render/translated-links.ts); off the root (`basePath` other than "/"), every root-relative link in it under the
 * base path (src/render/base-path.ts).
 */
export function renderPage(route: Extract<Route, { kind: "page" }>, basePath = "/"): PagePieces {
  sharedParts.startPage(basePath, route.translated);
  const markup = renderToStaticMarkup(<SharedPartsContext.Provider value={sharedParts}>{route.element}</SharedPartsContext.Provider>);
  const own = translateLinks(markPhoneNumbers(markup), route.translated);
  const page = rebaseHtml(translateBodies(own, route.translatedBodies ?? []), basePath);
  return { file: route.file, pieces: ["<!DOCTYPE html>", ...sharedParts.split(page)] };
}

/** The sitemap, the feed and robots.txt. */
export function renderNonPage(route: Exclude<Route, { kind: "page" }>, context: RenderContext): OutputFile {
  switch (route.kind) {
    case "sitemap":
      return { file: route.file, contents: renderSitemap(route.urls) };
    case "text":
      return { file: route.file, contents: route.contents };
    case "feed":
      return { file: route.file, contents: renderFeed(context.site, route.episodes) };
  }
}

// --- internal ---


/**
 * The parts that many pages share (templates/Once.tsx), rendered the first time a page shows them. Kept for the life
 * of this module, one per thread (and per renderer bundle of the dev server); the parts are few (the header, footer,
 * forms, a destination's sections), but a session of edits to site.yaml makes new ones, so it starts afresh past a
 * few hundred.
 *
 * A part is known by its component and its props, and a prop that is an object by its identity, not its text:
 * content is never changed once validated, so the same object gives the same markup, and a page costs a lookup
 * per part instead of serializing the site settings each time. (Equal copies only cost a second rendering.)
 */
class SharedPartsCache implements SharedParts {
  #byKey = new Map<string, number>();
  #parts: LazyPart[] = [];
  #components = new Map<ComponentType<never>, number>();
  #objects = new WeakMap<object, number>();
  #nextObject = 0;
  #basePath = "/";
  #translated: TranslatedLinks | undefined;

  /**
   * Called before each page, never during one: the placeholders of a page must stay valid until it is split. Parts
   * are rendered under the page's base path and with its language's links, and known by both too: the same props give
   * other links under another.
   */
  startPage(basePath: string, translated?: TranslatedLinks): void {
    this.#basePath = basePath;
    this.#translated = translated;
    if (this.#parts.length > 500) {
      this.#byKey.clear();
      this.#parts = [];
    }
  }

  placeholder(component: ComponentType<never>, props: object): number {
    const key = this.#keyOf(component, props);
    let index = this.#byKey.get(key);
    if (index === undefined) this.#byKey.set(key, (index = this.#parts.push(new LazyPart(component, props, this.#basePath, this.#translated)) - 1));
    return index;
  }

  /** `html` cut at its placeholders: its own text, with each placeholder's part in its place. */
  split(html: string): (string | SharedPart)[] {
    const pieces: (string | SharedPart)[] = [];
    let start = 0;
    for (let at = html.indexOf(placeholderStart); at !== -1; at = html.indexOf(placeholderStart, start)) {
      const end = html.indexOf(placeholderEnd, at);
      if (at > start) pieces.push(html.slice(start, at));
      pieces.push(this.#parts[Number(html.slice(at + placeholderStart.length, end))]!);
      start = end + placeholderEnd.length;
    }
    if (start < html.length) pieces.push(start === 0 ? html : html.slice(start));
    return pieces;
  }

  #keyOf(component: ComponentType<never>, props: object): string {
    const links = this.#translated ? this.#idOf(this.#objects, this.#translated) : "";
    let key = `${this.#basePath}\u0000${links}\u0000${this.#idOf(this.#components, component)}`;
    for (const [name, value] of Object.entries(props)) {
      key += `\u0000${name}=${value !== null && typeof value === "object" ? `#${this.#idOf(this.#objects, value)}` : JSON.stringify(value)}`;
    }
    return key;
  }

  #idOf<K>(ids: { get(key: K): number | undefined; set(key: K, id: number): unknown }, value: K): number {
    let id = ids.get(value);
    if (id === undefined) ids.set(value, (id = this.#nextObject++));
    return id;
  }
}

/** A part rendered when first used, its bytes and links taken when first asked for. */
class LazyPart implements SharedPart {
  #markup: string | undefined;
  #bytes: Buffer | undefined;
  #found: FoundLinks | undefined;

  constructor(
    readonly component: ComponentType<never>,
    readonly props: object,
    readonly basePath: string,
    readonly translated: TranslatedLinks | undefined,
  ) {}

  get markup(): string {
    const rendered = () => markPhoneNumbers(renderToStaticMarkup(createElement(this.component, this.props as never)));
    return (this.#markup ??= rebaseHtml(translateLinks(rendered(), this.translated), this.basePath));
  }

  get bytes(): Buffer {
    return (this.#bytes ??= Buffer.from(this.markup));
  }

  get found(): FoundLinks {
    if (!this.#found) {
      const { links, ids } = scanHtml(this.markup);
      this.#found = { links, ids: [...ids], shared: true };
    }
    return this.#found;
  }
}

const placeholderStart = '<template data-shared-part="';
const placeholderEnd = '"></template>';
const sharedParts = new SharedPartsCache();
