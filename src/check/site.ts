import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { load, type CheerioAPI } from "cheerio";
import { podcastUrl } from "../site/podcast";
import type { OutputFile, PageKind } from "../content/types";
import { citiesUrl } from "../content/urls";
import { UserError } from "../errors";

/** One HTML page of a built site. */
export interface BuiltPage {
  /** Relative to the output folder: "naples/index.html", "404.html". */
  file: string;
  /** The URL it is served at: "/naples/", "/404.html". */
  url: string;
  kind: PageKind;
  html: string;
  /** The parsed page, shared by the gates that read markup. */
  $: CheerioAPI;
}

/** A built site as it lies on disk: every file, its pages with their kinds, and the address it is built for. */
export interface BuiltSite {
  outDir: string;
  /** The site's address without a trailing slash, as the build wrote it into robots.txt. */
  baseUrl: string;
  files: OutputFile[];
  pages: BuiltPage[];
}

/** There is no built site where `flightsite check` looks. */
export class NothingToCheckError extends UserError {
  override name = "NothingToCheckError";
  override readonly outputUnchanged = false;
  get heading(): string {
    return `flightsite: nothing to check: ${this.message}; run flightsite build first`;
  }
  override get details(): string {
    return "";
  }
}

/** Reads every file of a built site; throws NothingToCheckError when the folder holds no build. */
export async function readBuiltSite(outDir: string): Promise<BuiltSite> {
  let entries;
  try {
    entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  } catch {
    throw new NothingToCheckError(`there is no folder ${outDir}`);
  }
  const files: OutputFile[] = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const absolute = path.join(entry.parentPath, entry.name);
        const file = path.relative(outDir, absolute).split(path.sep).join("/");
        const contents = await readFile(absolute);
        return { file, contents: /\.(html|xml|txt)$/.test(file) ? contents.toString("utf8") : contents };
      }),
  );
  files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const robots = files.find((f) => f.file === "robots.txt");
  const sitemapLine = robots && /^Sitemap:\s*(\S+)\/sitemap\.xml\s*$/m.exec(String(robots.contents));
  if (!files.some((f) => f.file === "index.html") || !sitemapLine) {
    throw new NothingToCheckError(`${outDir} holds no built site (no index.html or robots.txt)`);
  }
  const pages = files
    .filter((f) => f.file.endsWith(".html"))
    .map((f) => {
      const contents = String(f.contents);
      const $ = load(contents);
      const url = urlOf(f.file);
      return { file: f.file, url, kind: pageKind(url, $), html: contents, $ };
    });
  return { outDir, baseUrl: sitemapLine[1]!, files, pages };
}

/** Page kinds in the order the report lists them: the visitor's way in, then the rest. */
export const pageKindOrder: PageKind[] = [
  "home",
  "cities",
  "city",
  "destination",
  "page",
  "contact",
  "case-managers",
  "case-manager-document",
  "podcast",
  "episode",
  "thank-you",
  "privacy",
  "accessibility",
  "not-found",
];

/**
 * The pages a browser looks at: one of each kind, and every one of the kinds whose pages differ in layout — each
 * static page, each case-manager document, and a destination page of each destination.
 */
export function samplePages(pages: BuiltPage[]): BuiltPage[] {
  const firstOf = (kind: PageKind) => pages.filter((page) => page.kind === kind).slice(0, 1);
  const allOf = (kind: PageKind) => pages.filter((page) => page.kind === kind);
  const city = firstOf("city")[0];
  const destinations = pages.filter((page) => page.kind === "destination" && city && page.url.startsWith(city.url));
  return [
    ...firstOf("home"),
    ...firstOf("cities"),
    ...firstOf("city"),
    ...destinations,
    ...allOf("page"),
    ...firstOf("contact"),
    ...firstOf("case-managers"),
    ...allOf("case-manager-document"),
    ...firstOf("podcast"),
    ...firstOf("episode"),
    ...firstOf("thank-you"),
    ...firstOf("privacy"),
    ...firstOf("accessibility"),
    ...firstOf("not-found"),
  ];
}

// --- internal ---

/** "naples/index.html" → "/naples/"; "404.html" → "/404.html". */
function urlOf(file: string): string {
  return file === "index.html" || file.endsWith("/index.html") ? `/${file.slice(0, -"index.html".length)}` : `/${file}`;
}

/**
 * The kind of a page, from the site's layout (src/site/routes.tsx): fixed addresses for the one-of-a-kind pages, the pages
 * under /for-case-managers/ and /podcast/, and the pages whose breadcrumb runs through /cities/ — one step below it a
 * city, two steps a destination. Every other page is a static page.
 */
function pageKind(url: string, $: CheerioAPI): PageKind {
  const fixed: Record<string, PageKind> = {
    "/": "home",
    [citiesUrl]: "cities",
    "/contact/": "contact",
    "/for-case-managers/": "case-managers",
    "/thank-you/": "thank-you",
    "/privacy/": "privacy",
    "/accessibility/": "accessibility",
    [podcastUrl]: "podcast",
    "/404.html": "not-found",
  };
  const parent = url.replace(/[^/]+\/$/, "");
  const trail = $('nav[aria-label="Breadcrumb"] a').map((_, a) => $(a).attr("href")).get();
  return (
    fixed[url] ??
    (parent === "/for-case-managers/"
      ? "case-manager-document"
      : parent === podcastUrl
        ? "episode"
        : trail.at(-2) === citiesUrl
          ? "city"
          : trail.at(-3) === citiesUrl
            ? "destination"
            : "page")
  );
}
