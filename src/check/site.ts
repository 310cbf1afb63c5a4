import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { load, type CheerioAPI } from "cheerio";
import { podcastUrl } from "../site/podcast";
import type { OutputFile, PageKind } from "../content/types";
import { citiesUrl } from "../content/urls";
import { languages, sourceLanguage } from "../content/language";
import { previewRobots } from "../site/robots";
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
  /**
   * The address the pages' URLs ("/naples/") are joined to, without a trailing slash, as their canonical addresses
   * say: from robots.txt's Sitemap line ("https://…/previews/pr-42" for a site built under a base path), or, for a
   * preview, whose robots.txt names no sitemap, from the home page's canonical address (the live site's).
   */
  baseUrl: string;
  /** The path the site was built for ("/" or "/previews/pr-42/"), as its pages' <html data-base-path> says. */
  basePath: string;
  /** Whether it is a preview build (`flightsite build --preview`): noindex everywhere, nothing in the sitemap. */
  preview: boolean;
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
  const home = files.find((f) => f.file === "index.html");
  const sitemapLine = robots && /^Sitemap:\s*(\S+)\/sitemap\.xml\s*$/m.exec(String(robots.contents));
  const preview = robots !== undefined && String(robots.contents) === previewRobots;
  const $home = home && load(String(home.contents));
  const baseUrl = sitemapLine?.[1] ?? (preview ? $home?.("link[rel=canonical]").attr("href")?.replace(/\/$/, "") : undefined);
  if (!$home || !baseUrl) {
    throw new NothingToCheckError(`${outDir} holds no built site (no index.html or robots.txt)`);
  }
  const basePath = $home("html").attr("data-base-path") ?? "/";
  const pages = files
    .filter((f) => f.file.endsWith(".html"))
    .map((f) => {
      const contents = String(f.contents);
      const $ = load(contents);
      const url = urlOf(f.file);
      return { file: f.file, url, kind: pageKind(url, $), html: contents, $ };
    });
  return { outDir, baseUrl, basePath, preview, files, pages };
}

/**
 * The absolute address a link on the page at `pageUrl` names, as its canonical address would say it: the link
 * resolved where the page is served (under the base path), and its path within the site joined to baseUrl (the live
 * site's, for a preview).
 */
export function addressOfLink(site: Pick<BuiltSite, "baseUrl" | "basePath">, href: string, pageUrl: string): string {
  const served = new URL(href, new URL(`${site.basePath}${pageUrl.slice(1)}`, new URL(site.baseUrl).origin));
  const path = served.pathname.startsWith(site.basePath) ? served.pathname.slice(site.basePath.length - 1) : served.pathname;
  return `${site.baseUrl}${path}${served.search}${served.hash}`;
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
  // Each language's pages are sampled alike: a Spanish city page is looked at as well as an English one.
  const others = languages.filter((lang) => lang !== sourceLanguage);
  const inLanguage = (lang: string) => pages.filter((page) => (lang === sourceLanguage ? !others.some((other) => page.url.startsWith(`/${other}/`)) : page.url.startsWith(`/${lang}/`)));
  return languages.flatMap((lang) => samplesOf(inLanguage(lang)));
}

// --- internal ---

function samplesOf(pages: BuiltPage[]): BuiltPage[] {
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

/** "naples/index.html" → "/naples/"; "404.html" → "/404.html". */
function urlOf(file: string): string {
  return file === "index.html" || file.endsWith("/index.html") ? `/${file.slice(0, -"index.html".length)}` : `/${file}`;
}

/**
 * The kind of a page, from the site's layout (src/site/routes.tsx): fixed addresses for the one-of-a-kind pages, the pages
 * under /for-case-managers/ and /podcast/, and the pages whose breadcrumb runs through /cities/ — one step below it a
 * city, two steps a destination. Every other page is a static page.
 */
function pageKind(localUrl: string, $: CheerioAPI): PageKind {
  // A page of another language ("/es/naples/") is of the kind of its English page ("/naples/").
  const lang = languages.find((other) => other !== sourceLanguage && localUrl.startsWith(`/${other}/`));
  const english = (href: string) => (lang && href.startsWith(`/${lang}/`) ? href.slice(lang.length + 1) : href);
  const url = english(localUrl);
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
  const trail = $('nav.breadcrumb a, nav[aria-label="Breadcrumb"] a').map((_, a) => english($(a).attr("href") ?? "")).get();
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
