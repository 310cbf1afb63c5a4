import { Parser } from "htmlparser2";
import type { OutputFile } from "../content/types";
import { quoteApiPath } from "../content/urls";
import { scanHtml, type PageScan } from "../render/scan-links";

export interface BrokenLink {
  /** The page the link is on, relative to dist/. */
  page: string;
  link: string;
}

/** The scans of HTML files by name, kept between checks so that unchanged pages are not parsed again. */
export type LinkScanCache = Map<string, PageScan & { contents: string }>;

/**
 * Every internal link, asset and anchor reference in the HTML files (and the files a feed points at) that does not
 * resolve to a file (or an id on the target page) of the output. Absolute links to the site's own baseUrl count as
 * internal; other origins, tel:, mailto: and the quote forms' /api/quote are not checked.
 */
export function findBrokenLinks(files: (OutputFile & { scan?: PageScan })[], baseUrl: string, cache?: LinkScanCache): BrokenLink[] {
  const names = new Set(files.map((f) => f.file));
  const pages = new Map<string, PageScan>();
  for (const file of files) {
    if (!file.file.endsWith(".html")) continue;
    const contents = String(file.contents);
    const cached = cache?.get(file.file);
    // A file scanned where it was rendered (src/render/share.ts) brings its scan along.
    const scan = file.scan ?? (cached?.contents === contents ? cached : scanHtml(contents));
    cache?.set(file.file, { contents, ...scan });
    pages.set(file.file, scan);
  }
  const sources = new Map([...pages].map(([page, { links }]) => [page, links]));
  for (const file of files) {
    if (file.file.endsWith(".xml")) sources.set(file.file, scanXml(String(file.contents)));
  }
  const siteOrigin = new URL(baseUrl).origin;
  // Most links (the header's, the footer's) are on every page: resolve each distinct one once.
  const targets = new Map<string, { file: string | undefined; anchor: string } | null>();
  const broken: BrokenLink[] = [];
  for (const [page, links] of sources) {
    const pageUrl = new URL(`/${page.replace(/index\.html$/, "")}`, baseUrl);
    for (const link of links) {
      const key = /^(\/(?!\/)|[a-z][a-z0-9+.-]*:)/i.test(link) ? link : `${pageUrl.pathname} ${link}`;
      let target = targets.get(key);
      if (target === undefined) {
        const url = new URL(link, pageUrl);
        // The quote forms' /api/quote is answered by the intake function (or the dev server), not by a file.
        const served = url.origin === siteOrigin && url.pathname !== quoteApiPath;
        target = served ? { file: fileFor(url.pathname), anchor: decodeURIComponent(url.hash.slice(1)) } : null;
        targets.set(key, target);
      }
      if (target === null) continue;
      const { file, anchor } = target;
      const exists = file !== undefined && names.has(file);
      if (!exists || (anchor && !pages.get(file)?.ids.has(anchor))) broken.push({ page, link });
    }
  }
  return broken;
}

// --- internal ---

// The attributes of an RSS feed that point at files: artwork, audio and the feed itself.
const xmlLinkAttributes: Record<string, string> = { enclosure: "url", "itunes:image": "href", "atom:link": "href" };

function scanXml(xml: string): string[] {
  const links: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const attribute = xmlLinkAttributes[name];
        const value = attribute === undefined ? undefined : attributes[attribute];
        if (value !== undefined) links.push(value);
      },
    },
    { xmlMode: true },
  );
  parser.end(xml);
  return links;
}

/** The output file a URL path is served from: "/about/" → about/index.html, "/a/b.css" → a/b.css. */
function fileFor(pathname: string): string | undefined {
  const path = decodeURIComponent(pathname).replace(/^\//, "");
  if (path === "" || path.endsWith("/")) return `${path}index.html`;
  // An extensionless URL without the slash breaks the trailing-slash policy (S3 would answer with a redirect).
  return /\.[a-z0-9]+$/i.test(path) ? path : undefined;
}
