import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import type { PageChrome, Route } from "../../../src/content/types";
import { cityRoutes } from "../../../src/site/routes";
import { cityFiles, destinationFiles } from "../support/data-files";
import { loadRealSite, renderRoute, testAssets } from "../support/site";

// The slug of every city file of data/cities/, and the page of every destination each of them has.
const citySlugs = cityFiles().map((city) => city.urlSlug);
const destinationSegments = destinationFiles().map((destination) => destination.urlSegment);
const staticPages = [
  "/about/", "/services/medical-flights/", "/services/international-air-ambulance/", "/procedures/",
  "/procedures/bedside-to-bedside/", "/technology/real-time-tracking/", "/insurance/", "/for-families/",
  "/for-case-managers/", "/contact/", "/thank-you/",
];
const baseUrl = "https://www.floridamedicalflights.example";

let routes: Route[];
beforeAll(async () => {
  // The English site: the Spanish pages (issue 29) are tested in spanish-pages.test.ts.
  routes = (await loadRealSite()).routes.filter((route) => route.kind !== "page" || !route.translated);
});
const urls = () => routes.map((r) => r.url);
// The /podcast/ routes come from their own branch and are tested there.
const podcastPages = [
  "/podcast/",
  "/podcast/bedside-to-bedside-how-a-medical-flight-comes-together/",
  "/podcast/real-time-tracking-peace-of-mind/",
  "/podcast/international-flights-made-simple/",
];
const documentPages = [
  "/for-case-managers/pre-flight-checklist/",
  "/for-case-managers/letter-of-medical-necessity-template/",
  "/for-case-managers/sample-itinerary/",
];
const kindOf = (url: string) => {
  const route = routes.find((r) => r.url === url);
  return route?.kind === "page" ? route.pageKind : route?.kind;
};

describe("createRoutes on the real content", () => {
  it("has every route of spec §2, the document pages of /for-case-managers/, and no other", () => {
    const expected = [
      "/",
      "/cities/",
      ...staticPages,
      ...citySlugs.flatMap((slug) => [`/${slug}/`, ...destinationSegments.map((segment) => `/${slug}/${segment}/`)]),
      ...podcastPages,
      "/podcast/feed.xml",
      ...documentPages,
      "/privacy/",
      "/accessibility/",
      "/404.html",
      "/sitemap.xml",
      "/robots.txt",
    ];
    expect(urls().sort()).toEqual([...expected].sort());
  });

  it("has a page for every city file, each with a page for every destination under it", () => {
    expect(routes.filter((r) => r.kind === "page" && r.pageKind === "city")).toHaveLength(citySlugs.length);
    expect(routes.filter((r) => r.kind === "page" && r.pageKind === "destination")).toHaveLength(citySlugs.length * destinationSegments.length);
    for (const slug of citySlugs) {
      expect(kindOf(`/${slug}/`), slug).toBe("city");
      for (const segment of destinationSegments) expect(kindOf(`/${slug}/${segment}/`), `${slug}/${segment}`).toBe("destination");
    }
  });

  it("gives each page kind its own template", () => {
    expect(kindOf("/")).toBe("home");
    expect(kindOf("/cities/")).toBe("cities");
    expect(kindOf("/contact/")).toBe("contact");
    expect(kindOf("/for-case-managers/")).toBe("case-managers");
    expect(kindOf("/thank-you/")).toBe("thank-you");
    expect(kindOf("/about/")).toBe("page");
    expect(kindOf("/404.html")).toBe("not-found");
    expect(kindOf("/sitemap.xml")).toBe("sitemap");
    expect(kindOf("/robots.txt")).toBe("text");
  });

  it("ends every page URL with a slash and writes the page as <path>/index.html", () => {
    for (const route of routes) {
      if (route.kind !== "page" || route.pageKind === "not-found") continue;
      expect(route.url, route.url).toMatch(/^\/([a-z0-9-]+\/)*$/);
      expect(route.file, route.url).toBe(`${route.url.slice(1)}index.html`);
    }
    expect(routes.find((r) => r.url === "/")?.file).toBe("index.html");
    const destinationPage = `${citySlugs[0]}/${destinationSegments[0]}/`;
    expect(routes.find((r) => r.url === `/${destinationPage}`)?.file).toBe(`${destinationPage}index.html`);
    expect(routes.find((r) => r.url === "/404.html")?.file).toBe("404.html");
    expect(routes.find((r) => r.url === "/sitemap.xml")?.file).toBe("sitemap.xml");
    expect(routes.find((r) => r.url === "/robots.txt")?.file).toBe("robots.txt");
  });

  it("never gives two routes the same URL or file", () => {
    expect(new Set(urls()).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.file)).size).toBe(routes.length);
  });

  it("lists every indexable page in the sitemap, and not /thank-you/ or the 404 page", () => {
    const route = routes.find((r) => r.kind === "sitemap");
    if (route?.kind !== "sitemap") throw new Error("no sitemap route");
    const locs = route.urls.map((entry) => (typeof entry === "string" ? entry : entry.loc));
    const sitemap = { urls: locs.filter((url) => !url.startsWith(`${baseUrl}/es/`)) };
    const indexable = routes
      .filter((r) => r.kind === "page" && r.pageKind !== "thank-you" && r.pageKind !== "not-found")
      .map((r) => `${baseUrl}${r.url}`);
    expect(indexable).toHaveLength(1 + 1 + 10 + citySlugs.length * (1 + destinationSegments.length) + podcastPages.length + documentPages.length + 2);
    expect(sitemap.urls).toEqual(expect.arrayContaining([`${baseUrl}/privacy/`, `${baseUrl}/accessibility/`]));
    expect([...sitemap.urls].sort()).toEqual(indexable.sort());
    expect(sitemap.urls).not.toContain(`${baseUrl}/thank-you/`);
    expect(sitemap.urls.some((url) => url.includes("404"))).toBe(false);
  });

  it("renders the sitemap as sitemaps.org XML with one <loc> per indexable page", async () => {
    const sitemap = routes.find((r) => r.kind === "sitemap")!;
    const xml = String((await renderRoute(sitemap)).contents);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
      urlset: { "@_xmlns": string; url: { loc: string }[] };
    };
    expect(parsed.urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    // The sitemap lists the pages of both languages (the Spanish ones with their alternates: spanish-pages.test.ts).
    const locs = sitemap.kind === "sitemap" ? sitemap.urls.map((entry) => (typeof entry === "string" ? entry : entry.loc)) : [];
    expect(parsed.urlset.url.map((u) => u.loc)).toEqual(locs);
    const indexable = (await loadRealSite()).routes.filter((r) => r.kind === "page" && r.pageKind !== "thank-you" && r.pageKind !== "not-found");
    expect([...locs].sort()).toEqual(indexable.map((r) => `${baseUrl}${r.url}`).sort());
    const translated = cityFiles().find((city) => city.spanish)!.urlSlug;
    expect(locs).toContain(`${baseUrl}/${translated}/${destinationSegments.at(-1)}/`);
    expect(locs).toContain(`${baseUrl}/es/${translated}/${destinationSegments.at(-1)}/`);
  });

  it("writes a robots.txt that allows everything and names the sitemap", async () => {
    expect(String((await renderRoute(routes.find((r) => r.url === "/robots.txt")!)).contents)).toBe(
      `User-agent: *\nDisallow:\n\nSitemap: ${baseUrl}/sitemap.xml\n`,
    );
  });
});

// Issue 38: a city's and a destination's share card is hashed once, when first read (not as the routes are created,
// on every thread), and the page's head shows that same card.
describe("the share card of a city's and a destination's page", () => {
  it("is made when first read, once, and is the card its page's head shows", async () => {
    const { content } = await loadRealSite();
    const made = content.cities.flatMap((city) => cityRoutes(content, { ...testAssets, shareCards: "test" }, city));
    expect(made.some((route) => route.kind === "page" && route.pageKind === "destination")).toBe(true);
    for (const route of made) {
      if (route.kind !== "page") continue;
      expect(typeof Object.getOwnPropertyDescriptor(route, "card")?.get, route.url).toBe("function");
      const card = route.card;
      expect(card?.file, route.url).toMatch(/^assets\/cards\/[a-z0-9-]+\.[A-Z2-7]{8}\.png$/);
      expect(route.card, route.url).toBe(card);
      const head = (route.element.props as { chrome: PageChrome }).chrome.head;
      expect(head.card, route.url).toBe(card);
    }
  });
});
