// The Eleventy comparison site of scripts/bench-eleventy.ts, as the benchmark writes it, checked without running
// Eleventy (which is installed only when the benchmark runs, never for the tests).
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eleventyProject } from "../../../scripts/bench-eleventy";
import { generateCities } from "../../../scripts/gen-cities";
import { cityUrl, destinationUrl, pageFile } from "../../../src/content/urls";
import { cityFiles, destinationFiles } from "../support/data-files";
import { loadRealSite, projectRoot, renderPage } from "../support/site";

interface Page {
  url: string;
  file: string;
  head: { title: string; jsonLd: string[] };
}
interface SiteData {
  cityPages: Page[];
  destinationPages: Page[];
}
type LoadSiteData = (options: { dataDir: string; parseYaml: (text: string) => unknown; renderMarkdown: (text: string) => string }) => SiteData;

let work: string;
let project: Map<string, string>;
/** The project's own data code, run on `dataDir` with stand-ins for the packages that come with Eleventy. */
let siteDataOf: (dataDir: string) => SiteData;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "flightsite-bench-eleventy-test-"));
  const dataDir = path.join(work, "data");
  for (const file of ["site.yaml", "city-common.yaml", "destinations"]) await cp(path.join(projectRoot, "data", file), path.join(dataDir, file), { recursive: true });
  await mkdir(path.join(dataDir, "cities"));
  for (const [name, text] of await generateCities(3, path.join(projectRoot, "data/cities"))) await writeFile(path.join(dataDir, "cities", name), text);
  project = await eleventyProject(dataDir, path.join(work, "no-eleventy-here"));
  for (const [file, text] of project) {
    await mkdir(path.dirname(path.join(work, "eleventy", file)), { recursive: true });
    await writeFile(path.join(work, "eleventy", file), text);
  }
  const { loadSiteData } = (await import(pathToFileURL(path.join(work, "eleventy/site-data.js")).href)) as { loadSiteData: LoadSiteData };
  siteDataOf = (dir) => loadSiteData({ dataDir: dir, parseYaml: parse, renderMarkdown: (text) => `<p>${text}</p>` });
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("the Eleventy comparison site", () => {
  it("gives three generated cities a city page and a page per destination, at flightsite's URLs and files", async () => {
    // In file-name order, as the data folder lists them.
    const slugs = [...(await generateCities(3, path.join(projectRoot, "data/cities"))).keys()].map((name) => name.replace(/\.yaml$/, "")).sort();
    const segments = destinationFiles().map((destination) => destination.urlSegment);
    const { cityPages, destinationPages } = siteDataOf(path.join(work, "data"));
    expect(cityPages.map((page) => [page.url, page.file])).toEqual(slugs.map((slug) => [cityUrl(slug), pageFile(cityUrl(slug))]));
    expect(destinationPages.map((page) => [page.url, page.file])).toEqual(
      slugs.flatMap((slug) => segments.map((segment) => [destinationUrl(slug, segment), pageFile(destinationUrl(slug, segment))])),
    );
  });

  it("writes each page to its entry's file, one entry per page, with the shared layout", () => {
    for (const [template, list] of [["src/city.njk", "cityPages"], ["src/destination.njk", "destinationPages"]]) {
      const frontMatter = parse(project.get(template!)!.split("---")[1]!) as Record<string, unknown>;
      expect(frontMatter, template).toEqual({
        pagination: { data: `flightsite.${list}`, size: 1, alias: "entry" },
        permalink: "{{ entry.file }}",
        layout: "layout.njk",
      });
    }
    expect(project.has("src/_includes/layout.njk")).toBe(true);
  });

  it("reads the data folder it is given, with the packages of the Eleventy it is given", () => {
    const dataModule = project.get("src/_data/flightsite.js")!;
    expect(dataModule).toContain(JSON.stringify(path.join(work, "data")));
    expect(dataModule).toContain(JSON.stringify(path.join(work, "no-eleventy-here", "package.json")));
  });

  it("builds the same city and destination pages as flightsite from the real data/", async () => {
    const flightsitePages = (await loadRealSite()).routes
      // The English pages: the Eleventy comparison has no translations (issue 29).
      .filter((route) => route.kind === "page" && !route.translated && (route.pageKind === "city" || route.pageKind === "destination"))
      .map((route) => route.file)
      .sort();
    const { cityPages, destinationPages } = siteDataOf(path.join(projectRoot, "data"));
    expect([...cityPages, ...destinationPages].map((page) => page.file).sort()).toEqual(flightsitePages);
    expect(flightsitePages).toHaveLength(cityFiles().length * (1 + destinationFiles().length));
  });

  it("gives each page flightsite's title and structured data", async () => {
    const { cityPages, destinationPages } = siteDataOf(path.join(projectRoot, "data"));
    const slug = cityFiles()[0]!.urlSlug;
    const city = cityPages.find((page) => page.url === `/${slug}/`)!;
    expect(city.head.title).toBe((await renderPage(`/${slug}/`))("title").text());
    expect(city.head.jsonLd.map((block) => (JSON.parse(block) as { "@type": string })["@type"])).toEqual(["LocalBusiness", "FAQPage", "BreadcrumbList"]);
    for (const { urlSegment } of destinationFiles()) {
      const url = `/${slug}/${urlSegment}/`;
      expect(destinationPages.find((page) => page.url === url)!.head.title, url).toBe((await renderPage(url))("title").text());
    }
  });
});
