// MadeFrom checked, not trusted (issue 37, item 5). A page's key, and which pages the dev server makes again after a
// city's save, follow what the page declares it is made from (`madeFrom`, src/site/routes.tsx) besides what every page
// shares (sharedContent, src/render/route-key.ts); a page made from anything else would be left stale (pinned in
// tests/unit/engine/build-engine.test.ts). Here every route of a site is made and rendered from a recording view of
// the content, and each read must lie within the route's declaration: its `madeFrom` for a page made when asked (a
// city's), else what its key hashes, its props (or the whole route for the sitemap, the feed and robots.txt).
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { renderNonPage } from "../../../src/render/render-route";
import { sharedContent } from "../../../src/render/route-key";
import { createRoutes } from "../../../src/site/routes";
import type { AssetUrls, Download, Route, SiteContent } from "../../../src/content/types";
import { nearbyAirportsRenderer } from "../support/nearby-airports";
import { isWithin, pieceOf, recordingContent, type RecordingContent } from "../support/recorded-reads";
import { loadSampleSite } from "../support/sample-site";
import { loadRealSite, testAssets, type RealSite } from "../support/site";

type MakeRoutes = (content: SiteContent, assets: AssetUrls, downloads: Download[]) => Route[];

describe("what each route declares it is made from", () => {
  let sample: RealSite;
  let real: RealSite;
  beforeAll(async () => {
    [sample, real] = await Promise.all([loadSampleSite(), loadRealSite()]);
  }, 60_000);

  it("covers every read of every route of the sample site, in every language", () => {
    // Issue 37: it found the Spanish destination pages showing the other Spanish destinations' names undeclared.
    const checked = undeclaredReads(sample, createRoutes);
    expect(checked.lazyPages, "pages made when asked were checked").toBeGreaterThan(0);
    expect(checked.translatedPages, "pages in another language were checked").toBeGreaterThan(0);
    expect(checked.undeclared).toEqual([]);
  }, 60_000);

  it("covers every read of every route of today's data/", () => {
    expect(undeclaredReads(real, createRoutes).undeclared).toEqual([]);
  }, 120_000);

  it("names the page and the read when a template shows another city without declaring it", async () => {
    // The change build-engine.test.ts shows leaving pages stale: each city page shows its nearby cities' airports.
    const made = async (declared: boolean) => {
      const renderer = await nearbyAirportsRenderer("nearby", { declared }).load(undefined);
      return undeclaredReads(sample, renderer.createRoutes).undeclared;
    };
    const nearby = sample.content.cities.find((city) => city.urlSlug === "naples")!.nearbyCity1.slug!;
    expect((await made(false)).filter((line) => line.startsWith(`/naples/ reads cities[${nearby}] (cities[${nearby}].airports`))).toHaveLength(1);
    expect(await made(true)).toEqual([]);
  }, 60_000);
});

/**
 * Every route of `site` made by `make` from a recording view of its content, rendered, and each read outside the
 * route's declaration and the shared inputs named, once per piece of content
 * ("/naples/ reads cities[sarasota] (cities[sarasota].airports.length)").
 */
function undeclaredReads(site: RealSite, make: MakeRoutes) {
  const recording = recordingContent(site.content);
  const routes = make(recording.content, testAssets, site.downloads);
  const undeclared: string[] = [];
  for (const route of routes) {
    const declared = [...sharedContent, ...declaredBy(route, recording)];
    recording.takeReads();
    if (route.kind === "page") renderToStaticMarkup(route.element);
    else renderNonPage(route, { site: recording.content.site });
    // One line per piece of content read without being declared, with the first read of it.
    const pieces = new Map<string, string>();
    for (const read of recording.takeReads()) {
      if (!declared.some((path) => isWithin(read, path)) && !pieces.has(pieceOf(read))) pieces.set(pieceOf(read), read);
    }
    for (const [piece, read] of pieces) undeclared.push(`${route.url} reads ${piece} (${read})`);
  }
  const pages = routes.filter((route) => route.kind === "page");
  return {
    undeclared,
    lazyPages: pages.filter((route) => route.madeFrom).length,
    translatedPages: pages.filter((route) => route.translated).length,
  };
}

/**
 * The content a route's key is made from: its `madeFrom` when it has one, else its props (a page) or itself (any
 * other file), as routeKey hashes them. A lazy page's element is not looked at: reading it makes the page.
 */
function declaredBy(route: Route, recording: RecordingContent): string[] {
  const root = route.kind !== "page" ? route : (route.madeFrom ?? (route.element.props as object));
  const paths: string[] = [];
  const seen = new Set<object>();
  const walk = (value: unknown) => {
    if (value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    const path = recording.pathOf(value);
    // Everything in a piece of content is declared with it.
    if (path !== undefined) return void paths.push(path);
    for (const item of value instanceof Map ? value.values() : Object.values(value)) walk(item);
  };
  walk(root);
  return paths;
}
