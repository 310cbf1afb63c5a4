import type { OutputFile } from "../content/types";
import { quoteApiPath } from "../content/urls";
import { scanHtml, scanXml, type FoundLinks, type PageScan } from "../render/scan-links";

export interface BrokenLink {
  /** The page the link is on, relative to dist/. */
  page: string;
  link: string;
}

/**
 * The link check of a whole site, fed as the site is rendered and decided at the end: every internal link, asset and
 * anchor reference in the HTML pages (and the files a feed points at) must resolve to a file (or an id on the
 * target page) of the output. Absolute links to the site's own baseUrl count as internal; other origins, tel:,
 * mailto: and the quote forms' /api/quote (answered by the intake function or the dev server, not a file) are not checked. It keeps no page's text: each link is resolved when it arrives and kept as a page number
 * under its target, so its memory grows with the number of links, not with the size of the site's HTML.
 */
export class LinkCheck {
  readonly #siteOrigin: string;
  readonly #baseUrl: string;
  readonly #names = new Set<string>();
  readonly #pages: string[] = [];
  /** Each page's number, and the links it added (for removePage). */
  readonly #pageNumbers = new Map<string, { page: number; keys: string[] }>();
  /** The ids on each page, in sets kept once per piece: a part shared by many pages has one set for all of them. */
  readonly #ids = new Map<string, ReadonlySet<string>[]>();
  readonly #idSets = new WeakMap<FoundLinks, ReadonlySet<string>>();
  /** Each distinct link (a relative one together with the page it is on) and the pages it is on, in order. */
  readonly #links = new Map<string, LinkEntry>();
  /**
   * For each piece, the entry of each of its links that resolves the same on any page (root-relative or absolute),
   * null for the others: a part shared by every page has its links looked up once, not once per page.
   */
  readonly #pieceEntries = new WeakMap<FoundLinks, (LinkEntry | null)[]>();

  constructor(baseUrl: string) {
    this.#baseUrl = baseUrl;
    this.#siteOrigin = new URL(baseUrl).origin;
  }

  /** A file of the output, which links may point at. */
  addFile(file: string): void {
    this.#names.add(file);
  }

  /** A file no longer in the output, with what it added as a page. */
  removeFile(file: string): void {
    this.removePage(file);
    this.#names.delete(file);
  }

  /**
   * The links on one page or feed (`file`), and for a page the ids on it; the file itself counts as added. A page
   * added again replaces what it added before (the dev server checks only the pages a save changed).
   */
  addPage(file: string, links: readonly string[], ids?: Iterable<string>): void {
    this.addFound(file, [{ links: [...links], ids: ids ? [...ids] : [] }], ids !== undefined);
  }

  /**
   * addPage for a file whose links and ids come in pieces (src/render/share.ts), in document order; pieces shared by
   * many pages are resolved and kept once. `withIds`: whether the file is a page, whose ids anchors may point at.
   */
  addFound(file: string, found: readonly FoundLinks[], withIds = file.endsWith(".html")): void {
    this.removePage(file);
    this.#names.add(file);
    const page = this.#pages.push(file) - 1;
    const keys: string[] = [];
    this.#pageNumbers.set(file, { page, keys });
    if (withIds) this.#ids.set(file, found.filter((piece) => piece.ids.length > 0).map((piece) => this.#idSetOf(piece)));
    const pagePath = `/${file.replace(/index\.html$/, "")}`;
    let position = 0;
    for (const piece of found) {
      let shared = this.#pieceEntries.get(piece);
      if (!shared) this.#pieceEntries.set(piece, (shared = piece.links.map(() => null)));
      for (let i = 0; i < piece.links.length; i++) {
        const link = piece.links[i]!;
        const at = position++;
        let entry = shared[i];
        if (!entry || entry.dropped) {
          // Most links (the header's, the footer's) are on every page: resolve each distinct one once.
          const sameOnEveryPage = (link.charCodeAt(0) === 47 /* "/" */ && link.charCodeAt(1) !== 47) || /^[a-z][a-z0-9+.-]*:/i.test(link);
          entry = this.#entryFor(sameOnEveryPage ? link : `${pagePath} ${link}`, link, pagePath);
          if (sameOnEveryPage) shared[i] = entry;
        }
        if (entry.target === null) continue;
        // A link twice on one page is one entry with two positions.
        entry.pages.push(page);
        entry.positions.push(at);
        keys.push(entry.key);
      }
    }
  }

  #entryFor(key: string, link: string, pagePath: string): LinkEntry {
    let entry = this.#links.get(key);
    if (!entry) {
      const url = new URL(link, new URL(pagePath, this.#baseUrl));
      const served = url.origin === this.#siteOrigin && url.pathname !== quoteApiPath;
      const target = served ? { file: fileFor(url.pathname), anchor: decodeURIComponent(url.hash.slice(1)) } : null;
      entry = { key, link, target, pages: [], positions: [], dropped: false };
      this.#links.set(key, entry);
    }
    return entry;
  }

  /** Forgets the links and ids `file` added as a page (it stays a file of the output). */
  removePage(file: string): void {
    const added = this.#pageNumbers.get(file);
    if (!added) return;
    this.#pageNumbers.delete(file);
    this.#ids.delete(file);
    for (const key of new Set(added.keys)) {
      const entry = this.#links.get(key)!;
      // Page numbers only grow, so each entry's pages are in ascending order: the page's run is found by halving.
      const start = firstAtLeast(entry.pages, added.page);
      const end = firstAtLeast(entry.pages, added.page + 1);
      entry.pages.splice(start, end - start);
      entry.positions.splice(start, end - start);
      if (entry.pages.length === 0) {
        entry.dropped = true; // a piece that still names it looks it up again
        this.#links.delete(key);
      }
    }
  }

  /** The links that lead nowhere, by page name and then in the order they appear on the page. */
  broken(): BrokenLink[] {
    const found: { page: string; position: number; link: string }[] = [];
    for (const { link, target, pages, positions } of this.#links.values()) {
      if (target === null || this.#resolves(target)) continue;
      pages.forEach((page, i) => found.push({ page: this.#pages[page]!, position: positions[i]!, link }));
    }
    return inPageOrder(found);
  }

  /**
   * broken(), of the links on the pages `files` alone: all that adding those pages again can break while no file
   * came or went and no page's ids changed (the dev server's save of one city).
   */
  brokenOn(files: Iterable<string>): BrokenLink[] {
    const found: { page: string; position: number; link: string }[] = [];
    for (const file of files) {
      const added = this.#pageNumbers.get(file);
      for (const key of new Set(added?.keys)) {
        const { link, target, pages, positions } = this.#links.get(key)!;
        if (this.#resolves(target)) continue;
        const end = firstAtLeast(pages, added!.page + 1);
        for (let i = firstAtLeast(pages, added!.page); i < end; i++) found.push({ page: file, position: positions[i]!, link });
      }
    }
    return inPageOrder(found);
  }

  /** The ids on the page `file`, as last added. */
  idsOf(file: string): ReadonlySet<string> | undefined {
    const pieces = this.#ids.get(file);
    return pieces && new Set(pieces.flatMap((ids) => [...ids]));
  }

  #resolves(target: Target | null): boolean {
    if (target === null) return true;
    const { file, anchor } = target;
    return file !== undefined && this.#names.has(file) && (!anchor || this.#ids.get(file)?.some((ids) => ids.has(anchor)) === true);
  }

  #idSetOf(piece: FoundLinks): ReadonlySet<string> {
    let ids = this.#idSets.get(piece);
    if (!ids) this.#idSets.set(piece, (ids = new Set(piece.ids)));
    return ids;
  }
}

/** What the link check takes from a page or a feed, found where it was rendered (or scanned from its text). */
export interface FileLinks {
  links: string[];
  ids?: string[];
}

/** The links and ids of one output file: HTML pages and XML feeds have some; other files none. */
export function linksOf(file: OutputFile): FileLinks | undefined {
  if (file.file.endsWith(".html")) {
    const { links, ids }: PageScan = scanHtml(String(file.contents));
    return { links, ids: [...ids] };
  }
  if (file.file.endsWith(".xml")) return { links: scanXml(String(file.contents)) };
  return undefined;
}

/** The link check over a whole site held in memory (the quality gates read dist/ this way; tests too). */
export function findBrokenLinks(files: OutputFile[], baseUrl: string): BrokenLink[] {
  const check = new LinkCheck(baseUrl);
  for (const file of files) {
    const found = linksOf(file);
    if (found) check.addPage(file.file, found.links, found.ids);
    else check.addFile(file.file);
  }
  return check.broken();
}

// --- internal ---

/** A distinct link (a relative one together with the page it is on) and the pages it is on, in order. */
interface LinkEntry {
  key: string;
  link: string;
  target: Target | null;
  pages: number[];
  positions: number[];
  /** Removed from the check with the last page it was on. */
  dropped: boolean;
}

interface Target {
  file: string | undefined;
  anchor: string;
}

function inPageOrder(found: { page: string; position: number; link: string }[]): BrokenLink[] {
  found.sort((a, b) => (a.page < b.page ? -1 : a.page > b.page ? 1 : a.position - b.position));
  return found.map(({ page, link }) => ({ page, link }));
}

/** The index of the first number in ascending `numbers` that is at least `value` (numbers.length if none). */
function firstAtLeast(numbers: number[], value: number): number {
  let low = 0;
  let high = numbers.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (numbers[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The output file a URL path is served from: "/about/" → about/index.html, "/a/b.css" → a/b.css. */
function fileFor(pathname: string): string | undefined {
  const path = decodeURIComponent(pathname).replace(/^\//, "");
  if (path === "" || path.endsWith("/")) return `${path}index.html`;
  // An extensionless URL without the slash breaks the trailing-slash policy (S3 would answer with a redirect).
  return /\.[a-z0-9]+$/i.test(path) ? path : undefined;
}
