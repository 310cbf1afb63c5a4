// Shared by the tests: the real content of data/, loaded, validated and routed once per test file.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { load, type CheerioAPI } from "cheerio";
import { loadSourceFiles } from "../../../src/content/load";
import { validateSite } from "../../../src/translation/validate-site";
import { generateDocuments } from "../../../src/documents/generate";
import { ContentError, formatProblem, type ContentProblem } from "../../../src/errors";
import { renderRoute as renderRouteWith } from "../../../src/render/render-route";
import { createRoutes } from "../../../src/site/routes";
import type { AssetUrls, Download, OutputFile, Route, SiteContent, SourceFile } from "../../../src/content/types";
import { cityFiles } from "./data-files";

export const projectRoot = path.resolve(fileURLToPath(new URL("../../..", import.meta.url)));

/** Stand-ins for the content-hashed names the client bundle gets in a real build. */
export const testAssets: AssetUrls = { css: "/assets/site.test.css", js: "/assets/client.test.js" };

export interface RealSite {
  sources: SourceFile[];
  content: SiteContent;
  /** The generated downloads the routes were made with. */
  downloads: Download[];
  routes: Route[];
}

const sites = new Map<string, Promise<RealSite>>();

/** data/ as the build sees it: source files, validated content and the route table. */
export function loadRealSite(): Promise<RealSite> {
  return loadSiteAt(projectRoot);
}

/** The data/ folder of a project (the real one, or tests/fixtures/sample-site: sample-site.ts), loaded once. */
export function loadSiteAt(root: string): Promise<RealSite> {
  if (!sites.has(root)) {
    sites.set(root, (async () => {
      const sources = await loadSourceFiles(path.join(root, "data"), root);
      const content = validateSite(sources);
      const downloads = await generateDocuments(content);
      return { sources, content, downloads, routes: createRoutes(content, testAssets, downloads) };
    })());
  }
  return sites.get(root)!;
}

/** One route of the real site (or of the project at `root`) rendered as the build renders it. */
export async function renderRoute(route: Route, root = projectRoot): Promise<OutputFile> {
  const { content } = await loadSiteAt(root);
  return renderRouteWith(route, { site: content.site });
}

/** The route of one URL of the real site (or of the project at `root`); fails the test when there is none. */
export async function routeOf(url: string, root = projectRoot): Promise<Route> {
  const route = (await loadSiteAt(root)).routes.find((r) => r.url === url);
  if (!route) throw new Error(`no route for ${url}`);
  return route;
}

/** The rendered HTML of one page of the real site (or of the project at `root`), ready to query. */
export async function renderPage(url: string, root = projectRoot): Promise<CheerioAPI> {
  return load(String((await renderRoute(await routeOf(url, root), root)).contents));
}

/** The JSON-LD blocks of a page, parsed, by their @type. */
export function jsonLdOf($: CheerioAPI): Record<string, Record<string, unknown>> {
  const blocks = $('script[type="application/ld+json"]')
    .toArray()
    .map((el) => JSON.parse($(el).text()) as Record<string, unknown>);
  return Object.fromEntries(blocks.map((block) => [String(block["@type"]), block]));
}

/** The visible text of an element with its whitespace collapsed, as a reader sees it. */
export const textOf = ($: CheerioAPI, selector: string): string[] =>
  $(selector)
    .toArray()
    .map((el) => $(el).text().replace(/\s+/g, " ").trim());

/** The located messages a content check throws, formatted as the editor sees them. */
export function messagesOf(run: () => unknown): string[] {
  return problemsOf(run).map(formatProblem);
}

export function problemsOf(run: () => unknown): ContentProblem[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error("expected a ContentError, but the content was accepted");
}

/** A file of tests/fixtures/ as a data file at `dataPath` (line numbers in assertions count from the fixture). */
export function fixture(name: string, dataPath: string): SourceFile {
  return { path: dataPath, text: readFileSync(path.join(projectRoot, "tests/fixtures", name), "utf8") };
}

/**
 * tests/fixtures/city-naples.yaml as a data file at `dataPath`, its three nearby cities set to the first three city
 * files of today's data/ other than itself (issue 35): a fixture that named real cities would stop validating beside
 * data/ when an editor removes one of them. Its lines stay the fixture's; the nearby lines' columns move.
 */
export function fixtureCity(dataPath: string): SourceFile {
  const file = fixture("city-naples.yaml", dataPath);
  const nearby = cityFiles().filter((city) => city.urlSlug !== "naples");
  let next = 0;
  const text = file.text.replace(/^(nearbyCity\d): \{ name: [^,]+, slug: [^ ]+ \}$/gm, (_, key: string) => {
    const city = nearby[next++]!;
    return `${key}: { name: ${city.cityName}, slug: ${city.urlSlug} }`;
  });
  return { ...file, text };
}

/** The real source files with some replaced (same path) or added (new path). */
export function withFiles(sources: SourceFile[], ...changed: SourceFile[]): SourceFile[] {
  const paths = new Set(changed.map((f) => f.path));
  return [...sources.filter((f) => !paths.has(f.path)), ...changed];
}
