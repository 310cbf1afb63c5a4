import type { OutputFile } from "../content/types";
import { quoteApiPath } from "../content/urls";
import { scanHtml, scanXml, type FoundLinks, type PageScan } from "../render/scan-links";
import { pieceMemo } from "../render/shared-pieces";

export interface BrokenLink {
  /** The page the link is on, relative to dist/. */
  page: string;
  link: string;
  /** What is wrong when it is not that nothing is there: a link from the root that escaped the base path. */
  problem?: string;
}

/**
 * The link check of a whole site, fed as the site is rendered and decided at the end: every internal link, asset and
 * anchor reference in the HTML pages (and the files a feed points at) must resolve to a file (or an id on the
 * target page) of the output. Off the root (a base path like "/previews/pr-42/"), a link resolves to the file at its
 * path less the base path, and a root-relative link outside the base path is broken: it escaped the site. Absolute
 * links to the site's own baseUrl under the base path count as internal; other origins (and, on the same host,
 * addresses outside the base path: the live site a preview points at), tel:,
 * mailto: and the quote forms' /api/quote (answered by the intake function or the dev server, not a file) are not
 * checked. It keeps no page's text: each distinct link is resolved once, when it first arrives, and a page keeps its
 * links' entries piece by piece (one list for a piece that many pages share), so its memory grows with the distinct
 * links and a few pointers per page, not with the site's HTML. At the end each distinct link is decided once, and
 * only a link that leads nowhere sends it looking for the pages it is on.
 */
export class LinkCheck {
  readonly #siteOrigin: string;
  readonly #baseUrl: string;
  readonly #basePath: string;
  readonly #names = new Set<string>();
  /** Each page's links, in document order, piece by piece: a piece shared by many pages has one list for all. */
  readonly #pages = new Map<string, (readonly LinkEntry[])[]>();
  /**
   * The ids on each page, a text per piece: "\nid\nother\n" (a part shared by many pages has one for all of them).
   * A page's own ids come as new strings from its thread; kept joined, they are one string a page, not one an id. (An id holds no whitespace, so the newlines never split one.)
   */
  readonly #ids = new Map<string, readonly string[]>();
  readonly #joinedIds = pieceMemo<string>();
  /** Each distinct link (a relative one together with the page it is on), resolved once. */
  readonly #links = new Map<string, LinkEntry>();
  /** The links to an anchor on the page they are on ("#main"), one entry each for every page. */
  readonly #selfLinks = new Map<string, LinkEntry>();
  /** The pages with a link to an anchor of their own that they do not have (decided when the page is added). */
  readonly #missingOwnAnchor = new Set<string>();
  /**
   * For each shared piece whose links resolve the same on any page (root-relative or absolute), their entries, and
   * those of them that point at an anchor of the page they are on.
   */
  readonly #pieceEntries = pieceMemo<{ entries: readonly LinkEntry[]; selfLinks: readonly LinkEntry[] }>();

  constructor(baseUrl: string, basePath = "/") {
    this.#baseUrl = baseUrl;
    this.#basePath = basePath;
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
   * addPage for a file whose links and ids come in pieces (src/render/route-renderer.ts), in document order; pieces shared by
   * many pages are resolved and kept once. `withIds`: whether the file is a page, whose ids anchors may point at.
   * Nothing is decided here: a page costs a look-up per piece, and per link of its own.
   */
  addFound(file: string, found: readonly FoundLinks[], withIds = file.endsWith(".html")): void {
    this.#names.add(file);
    if (withIds) {
      const ids: string[] = [];
      for (const piece of found) if (piece.ids.length > 0) ids.push(this.#idsText(piece));
      this.#ids.set(file, ids);
    } else this.#ids.delete(file);
    const pagePath = `${this.#basePath}${file.replace(/index\.html$/, "")}`;
    const selfLinks: LinkEntry[] = [];
    this.#pages.set(file, found.map((piece) => this.#entriesOf(piece, file, pagePath, selfLinks)));
    // A link to an anchor on the page itself is decided now, while the page's ids are at hand.
    if (selfLinks.some(({ target }) => !this.#resolves(target, file))) this.#missingOwnAnchor.add(file);
    else this.#missingOwnAnchor.delete(file);
  }

  /** Forgets the links and ids `file` added as a page (it stays a file of the output). */
  removePage(file: string): void {
    this.#pages.delete(file);
    this.#ids.delete(file);
    this.#missingOwnAnchor.delete(file);
  }

  /** The links that lead nowhere, by page name and then in the order they appear on the page. */
  broken(): BrokenLink[] {
    // Each distinct link is decided once; only when one leads nowhere are the pages read for where it is.
    const leadNowhere = new Set<LinkEntry>();
    for (const entry of this.#links.values()) if (!this.#resolves(entry.target, "")) leadNowhere.add(entry);
    const pages = leadNowhere.size > 0 ? this.#pages.keys() : this.#missingOwnAnchor;
    return this.#brokenOn(pages, (entry, page) => leadNowhere.has(entry) || (entry.target?.self === true && !this.#resolves(entry.target, page)));
  }

  /**
   * broken(), of the links on the pages `files` alone: all that adding those pages again can break while no file
   * came or went and no page's ids changed (the dev server's save of one city).
   */
  brokenOn(files: Iterable<string>): BrokenLink[] {
    return this.#brokenOn(files, (entry, page) => !this.#resolves(entry.target, page));
  }

  /** The ids on the page `file`, as last added. */
  idsOf(file: string): ReadonlySet<string> | undefined {
    const pieces = this.#ids.get(file);
    return pieces && new Set(pieces.flatMap((text) => text.split("\n").filter((id) => id !== "")));
  }

  #idsText(piece: FoundLinks): string {
    return this.#joinedIds.of(piece, joinedIds);
  }

  #brokenOn(files: Iterable<string>, leadsNowhere: (entry: LinkEntry, page: string) => boolean): BrokenLink[] {
    const found: { page: string; position: number; link: string; problem?: string }[] = [];
    const outside = `is outside the base path ${this.#basePath}`;
    for (const page of files) {
      let position = 0;
      for (const entries of this.#pages.get(page) ?? []) {
        for (const entry of entries) {
          if (leadsNowhere(entry, page)) found.push({ page, position, link: entry.link, ...(entry.target?.outside && { problem: outside }) });
          position++;
        }
      }
    }
    return inPageOrder(found);
  }

  /**
   * The entries of a piece's links on the page `file` (at `pagePath`). A piece whose entries are the same on any
   * page (links root-relative, absolute or to an anchor of the page they are on) has them kept for the next page
   * that shows it. A page's link to itself (its canonical address) needs no entry of its own: it always resolves.
   * The entries that point at an anchor of the page itself are added to `selfLinks` too.
   */
  #entriesOf(piece: FoundLinks, file: string, pagePath: string, selfLinks: LinkEntry[]): readonly LinkEntry[] {
    const known = this.#pieceEntries.get(piece);
    if (known) {
      selfLinks.push(...known.selfLinks);
      return known.entries;
    }
    let sameOnEveryPage = true;
    const ownSelfLinks: LinkEntry[] = [];
    const entries = piece.links.map((link) => {
      if (link.charCodeAt(0) === 35 /* # */ && plainAnchor.test(link.slice(1))) {
        const entry = this.#selfLink(link);
        ownSelfLinks.push(entry);
        return entry;
      }
      // Most links (the header's, the footer's) are on every page: resolve each distinct one once.
      const absolute = (link.charCodeAt(0) === 47 /* "/" */ && link.charCodeAt(1) !== 47) || /^[a-z][a-z0-9+.-]*:/i.test(link);
      if (!absolute) {
        sameOnEveryPage = false;
        return this.#entryFor(`${pagePath} ${link}`, link, pagePath);
      }
      const entry = this.#links.get(link);
      if (entry) return entry;
      const target = this.#plainTarget(link, pagePath) ?? this.#targetOf(link, pagePath);
      if (target?.file === file && !target.anchor) {
        sameOnEveryPage = false;
        return linkToItself;
      }
      return this.#entryFor(link, link, pagePath, target);
    });
    selfLinks.push(...ownSelfLinks);
    if (sameOnEveryPage) this.#pieceEntries.set(piece, { entries, selfLinks: ownSelfLinks });
    return entries;
  }

  #selfLink(link: string): LinkEntry {
    let entry = this.#selfLinks.get(link);
    if (!entry) this.#selfLinks.set(link, (entry = { link, target: { file: undefined, anchor: link.slice(1), self: true } }));
    return entry;
  }

  #entryFor(key: string, link: string, pagePath: string, target?: Target | null): LinkEntry {
    let entry = this.#links.get(key);
    if (!entry) {
      entry = { link, target: target !== undefined ? target : (this.#plainTarget(link, pagePath) ?? this.#targetOf(link, pagePath)) };
      this.#links.set(key, entry);
    }
    return entry;
  }

  /** Where `link` on the page at `pagePath` leads (null: not a file of this site), as a browser resolves it. */
  #targetOf(link: string, pagePath: string): Target | null {
    const url = new URL(link, new URL(pagePath, this.#baseUrl));
    if (url.origin !== this.#siteOrigin) return null;
    const path = this.#sitePath(url.pathname, !/^[a-z][a-z0-9+.-]*:/i.test(link));
    if (typeof path !== "string") return path;
    return path === quoteApiPath ? null : { file: fileFor(path), anchor: decodeURIComponent(url.hash.slice(1)) };
  }

  /**
   * A URL path of the site's host as a path of the output: "/previews/pr-42/naples/" → "/naples/" under that base
   * path. Outside it, a link written on the site (`relative`: root-relative or relative) escaped it and leads nowhere;
   * an absolute address leads to another site on the same host, which is not checked (null).
   */
  #sitePath(pathname: string, relative: boolean): string | Target | null {
    const base = this.#basePath;
    if (base === "/") return pathname;
    if (pathname.startsWith(base)) return pathname.slice(base.length - 1);
    return relative ? { file: undefined, anchor: "", outside: true } : null;
  }

  /**
   * #targetOf for the links nearly every page has, without parsing a URL (a third of the check's time went to it):
   * a plain root-relative path or one on the site's own origin ("/naples/", "https://…/naples/"), or an anchor on the
   * page itself ("#main"), made of characters a URL keeps as they are. Undefined for any other link.
   */
  #plainTarget(link: string, pagePath: string): Target | null | undefined {
    const hash = link.indexOf("#");
    const anchor = hash === -1 ? "" : link.slice(hash + 1);
    if (!plainAnchor.test(anchor)) return undefined;
    if (hash === 0) return { file: fileFor(this.#sitePath(pagePath, true) as string), anchor };
    const origin = this.#siteOrigin;
    const onOrigin = link.startsWith(origin) && link.charCodeAt(origin.length) === 47; /* / */
    const linked = link.slice(onOrigin ? origin.length : 0, hash === -1 ? undefined : hash);
    if (linked.charCodeAt(0) !== 47 /* / */ || !plainPath.test(linked)) return undefined;
    const path = this.#sitePath(linked, !onOrigin);
    if (typeof path !== "string") return path;
    return path === quoteApiPath ? null : { file: fileFor(path), anchor };
  }

  /** Whether a link to `target` on the page `page` resolves. */
  #resolves(target: Target | null, page: string): boolean {
    if (target === null) return true;
    if (target.self) return !target.anchor || this.#hasId(page, target.anchor);
    const { file, anchor } = target;
    return file !== undefined && this.#names.has(file) && (!anchor || this.#hasId(file, anchor));
  }

  #hasId(file: string, id: string): boolean {
    return this.#ids.get(file)?.some((ids) => ids.includes(`\n${id}\n`)) === true;
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
export function findBrokenLinks(files: OutputFile[], baseUrl: string, basePath = "/"): BrokenLink[] {
  const check = new LinkCheck(baseUrl, basePath);
  for (const file of files) {
    const found = linksOf(file);
    if (found) check.addPage(file.file, found.links, found.ids);
    else check.addFile(file.file);
  }
  return check.broken();
}

// --- internal ---

/** A piece's ids as one text, "\nid\nother\n". */
const joinedIds = (piece: FoundLinks): string => `\n${piece.ids.join("\n")}\n`;


/** A distinct link (a relative one together with the page it is on): the file and anchor it leads to, or null for a link not checked. */
interface LinkEntry {
  link: string;
  target: Target | null;
}

interface Target {
  file: string | undefined;
  anchor: string;
  /** The page the link is on ("#main"), whichever that is; `file` is then unused. */
  self?: true;
  /** A root-relative link outside the base path: it leads nowhere on this site. */
  outside?: true;
}

/** The entry of a page's link to its own address, which resolves by being there. */
const linkToItself: LinkEntry = { link: "", target: null };

function inPageOrder(found: { page: string; position: number; link: string; problem?: string }[]): BrokenLink[] {
  found.sort((a, b) => (a.page < b.page ? -1 : a.page > b.page ? 1 : a.position - b.position));
  return found.map(({ page, link, problem }) => (problem ? { page, link, problem } : { page, link }));
}

// A path of plain segments ("/", "/naples/", "/assets/site.css"), none "." or "..", nothing to encode or normalize.
const plainPath = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/;
const plainAnchor = /^[A-Za-z0-9_-]*$/;

/** The output file a URL path is served from: "/about/" → about/index.html, "/a/b.css" → a/b.css. */
function fileFor(pathname: string): string | undefined {
  const path = decodeURIComponent(pathname).replace(/^\//, "");
  if (path === "" || path.endsWith("/")) return `${path}index.html`;
  // An extensionless URL without the slash breaks the trailing-slash policy (S3 would answer with a redirect).
  return /\.[a-z0-9]+$/i.test(path) ? path : undefined;
}
