// Issue 29: the quality gates that need no browser look at the Spanish pages as at the English ones: every link of a
// Spanish page resolves (the link check covers /es/), and its SEO basics hold (its own canonical, lang, JSON-LD
// breadcrumb as shown). The real content with a stand-in translation, rendered into a folder as the build writes it.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLinks } from "../../../src/check/links";
import { checkSeo } from "../../../src/check/seo";
import { readBuiltSite, samplePages, type BuiltSite } from "../../../src/check/site";
import { generateDocuments } from "../../../src/documents/generate";
import { renderRoute } from "../../../src/render/render-route";
import { createRoutes } from "../../../src/site/routes";
import { loadRealSite, projectRoot, testAssets } from "../support/site";
import { pseudoTranslation, withSpanish } from "../support/translation";

describe("the quality gates on a site with Spanish pages", () => {
  let dir: string;
  let site: BuiltSite;

  beforeAll(async () => {
    const english = (await loadRealSite()).content;
    // One city of data/ (the first, whichever it is today: issue 35) stays English only.
    const content = withSpanish(english, pseudoTranslation(english, { withoutCities: [english.cities[0]!.urlSlug] }));
    const downloads = await generateDocuments(content);
    dir = mkdtempSync(path.join(tmpdir(), "flightsite-spanish-"));
    const write = (file: string, contents: string | Uint8Array) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), contents);
    };
    for (const route of createRoutes(content, testAssets, downloads)) {
      const output = renderRoute(route, { site: content.site });
      write(output.file, output.contents);
    }
    for (const download of downloads) write(download.file, download.contents);
    for (const asset of Object.values(testAssets)) write(asset.slice(1), "");
    cpSync(path.join(projectRoot, "templates", "static"), dir, { recursive: true });
    site = await readBuiltSite(dir);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds every link of every page, Spanish pages too, leading somewhere", () => {
    expect(site.pages.filter((page) => page.url.startsWith("/es/")).length).toBeGreaterThan(60);
    const failed = checkLinks(site).filter((result) => !result.passed);
    expect(failed.map((result) => result.problems)).toEqual([]);
  });

  it("holds the Spanish pages to the SEO basics", () => {
    const failed = checkSeo(site).filter((result) => !result.passed);
    expect(failed.map((result) => result.problems)).toEqual([]);
  });

  it("samples a Spanish page of every kind it has for the browser gates, with the kind of its English page", () => {
    const spanish = samplePages(site.pages).filter((page) => page.url.startsWith("/es/"));
    expect(new Set(spanish.map((page) => page.kind))).toEqual(
      new Set(["home", "cities", "city", "destination", "page", "contact", "case-managers", "case-manager-document", "thank-you", "not-found", "privacy", "accessibility"]),
    );
    expect(spanish.find((page) => page.kind === "city")?.url).toMatch(/^\/es\/[a-z-]+\/$/);
  });
});
