import { load, type CheerioAPI } from "cheerio";
import { beforeAll, describe, expect, it } from "vitest";
import type { SiteContent } from "../../../src/content/types";
import { englishOnlyPages } from "../../../src/site/languages";
import { loadRealSite, renderRoute } from "../support/site";

const baseUrl = "https://www.floridamedicalflights.example";

let pages: { url: string; $: CheerioAPI }[];
let phone: { display: string; tel: string };
let content: SiteContent;
beforeAll(async () => {
  const site = await loadRealSite();
  const { routes } = site;
  content = site.content;
  phone = content.site.phone;
  pages = await Promise.all(
    routes
      .filter((route) => route.kind === "page")
      .map(async (route) => ({ url: route.url, $: shown(load(String((await renderRoute(route)).contents))) })),
  );
});

/**
 * The page as a browser shows it: a template's content is inert until a script puts it in the page (the 404's
 * Spanish body under /es/, issue 40: tests/unit/site/spanish-pages.test.ts holds it to es/404.html).
 */
function shown($: CheerioAPI): CheerioAPI {
  $("template").remove();
  return $;
}

/** The language of a page: data/es/ gives most pages a Spanish version under /es/. */
const langOf = (url: string) => (url.startsWith("/es/") ? "es" : "en");

/** The pages for which `check` returns something other than undefined, with what it returned. */
const failing = (check: ($: CheerioAPI, url: string) => unknown) =>
  pages.map(({ url, $ }) => [url, check($, url)]).filter(([, result]) => result !== undefined);

describe("every page of the site", () => {
  it("is rendered: every page kind in English, and in Spanish every page but those the build names English only", () => {
    const english = pages.filter(({ url }) => langOf(url) === "en");
    const { cities, destinations, pages: contentPages, episodes } = content;
    // Home, /cities/, the content pages, 3 document pages, privacy, accessibility, each city's pages, the podcast and its episodes, the 404.
    expect(english).toHaveLength(1 + 1 + contentPages.length + 3 + 2 + cities.length * (1 + destinations.length) + 1 + episodes.length + 1);
    // Each English page has its Spanish version but those listed English only (the 404 has its own, not listed).
    const englishOnly = englishOnlyPages(content).find(({ lang }) => lang === "es")?.urls ?? [];
    expect(pages.filter(({ url }) => langOf(url) === "es").map(({ url }) => url).sort()).toEqual(
      english.filter(({ url }) => !englishOnly.includes(url)).map(({ url }) => (url === "/404.html" ? "/es/404.html" : `/es${url}`)).sort(),
    );
    // Issue 40: privacy and accessibility are made from facts, so they exist in Spanish.
    expect(englishOnly).not.toContain("/privacy/");
    expect(pages.map(({ url }) => url)).toEqual(expect.arrayContaining(["/es/privacy/", "/es/accessibility/"]));
  });

  // Issue 12: a relative link breaks when a host serves /naples without redirecting it to /naples/.
  it("links within the site only from its root (/…) or to a place on the page (#…), never relatively", () => {
    const relative = failing(($) => {
      const links = $("a[href], link[href], script[src], img[src], form[action], iframe[src], source[src]")
        .toArray()
        .map((element) => $(element).attr("href") ?? $(element).attr("src") ?? $(element).attr("action") ?? "")
        .filter((link) => !/^(\/(?!\/)|#|https:\/\/|mailto:|tel:|data:)/.test(link));
      return links.length === 0 ? undefined : links;
    });
    expect(relative).toEqual([]);
  });

  it("has exactly one h1 (outside the blocks a page keeps hidden: the 404's words in another language)", () => {
    const shown = ($: Parameters<Parameters<typeof failing>[0]>[0]) => $("h1").not("[hidden] h1");
    expect(failing(($) => (shown($).length === 1 ? undefined : shown($).length))).toEqual([]);
  });

  it('declares lang="en", or lang="es" under /es/, and starts with the HTML doctype', () => {
    expect(failing(($, url) => ($("html").attr("lang") === langOf(url) ? undefined : $("html").attr("lang")))).toEqual([]);
    expect(pages.filter(({ $ }) => $("html").attr("lang") === "es").length).toBeGreaterThan(0);
    for (const route of pages) expect(route.$.html().startsWith("<!DOCTYPE html>"), route.url).toBe(true);
  });

  it("shows the phone line as a call link in the header and in the fixed call bar", () => {
    expect(
      failing(($, url) => {
        const header = $(`.site-header a[href="tel:${phone.tel}"]`).text();
        const bar = $(`a.call-bar[href="tel:${phone.tel}"]`).text();
        // Issue 40: the bar's label is short enough for one line at 320 px in every language.
        const call = { en: `Call 24/7: ${phone.display}`, es: `Llame 24/7: ${phone.display}` }[langOf(url)];
        return header === phone.display && bar === call ? undefined : [header, bar];
      }),
    ).toEqual([]);
  });

  // Issue 40: a shared link says which language the page is in, and which other languages it is in.
  it("names its Open Graph locale, and the locale of each other language it is in", () => {
    const locale = { en: "en_US", es: "es_US" };
    expect(
      failing(($, url) => {
        const own = $('meta[property="og:locale"]').attr("content");
        const others = $('link[rel="alternate"][hreflang]:not([hreflang="x-default"])')
          .toArray()
          .map((link) => $(link).attr("hreflang") as "en" | "es")
          .filter((lang) => lang !== langOf(url))
          .map((lang) => locale[lang]);
        const alternates = $('meta[property="og:locale:alternate"]').toArray().map((meta) => $(meta).attr("content"));
        return own === locale[langOf(url)] && JSON.stringify(alternates) === JSON.stringify(others) ? undefined : [own, alternates];
      }),
    ).toEqual([]);
    expect(pages.filter(({ $ }) => $('meta[property="og:locale:alternate"]').length > 0).length).toBeGreaterThan(0);
  });

  it("has a title and a meta description of its own", () => {
    const titles = pages.map(({ $ }) => $("title").text());
    const descriptions = pages.map(({ $ }) => $('meta[name="description"]').attr("content"));
    expect(titles.filter((t) => !t)).toEqual([]);
    expect(descriptions.filter((d) => !d)).toEqual([]);
    expect(titles.filter((t, i) => titles.indexOf(t) !== i)).toEqual([]);
  });

  it("has a canonical link to its own absolute URL, with the trailing slash", () => {
    expect(failing(($, url) => ($('link[rel="canonical"]').attr("href") === `${baseUrl}${url}` ? undefined : $('link[rel="canonical"]').attr("href")))).toEqual([]);
  });

  it("has the shared navigation of spec §2 in the header", () => {
    const expected = [
      "/", "/cities/", "/services/medical-flights/", "/services/international-air-ambulance/", "/procedures/",
      "/procedures/bedside-to-bedside/", "/for-families/", "/for-case-managers/", "/technology/real-time-tracking/",
      "/insurance/", "/about/", "/contact/", "/podcast/",
    ];
    // A Spanish page's navigation leads to the Spanish pages, and to the podcast, which is in English only.
    const spanish = expected.map((href) => (href === "/podcast/" ? href : `/es${href}`));
    expect(
      failing(($, url) => {
        const hrefs = $(`nav[aria-label="${langOf(url) === "es" ? "Principal" : "Main"}"] a`).toArray().map((a) => $(a).attr("href")!);
        return (langOf(url) === "es" ? spanish : expected).every((href) => hrefs.includes(href)) ? undefined : hrefs;
      }),
    ).toEqual([]);
  });

  it("has JSON-LD that parses, and no other inline script or inline event handler", () => {
    expect(
      failing(($) => {
        const inline = $("script:not([src])").toArray();
        const notJsonLd = inline.filter((el) => $(el).attr("type") !== "application/ld+json");
        for (const el of inline) JSON.parse($(el).text());
        const handlers = $("*").toArray().flatMap((el) => Object.keys((el as { attribs?: Record<string, string> }).attribs ?? {}).filter((name) => /^on/i.test(name)));
        return notJsonLd.length === 0 && handlers.length === 0 ? undefined : { notJsonLd: notJsonLd.length, handlers };
      }),
    ).toEqual([]);
  });

  it("loads nothing from another site", () => {
    expect(
      failing(($) => {
        const external = $("script[src], link[rel='stylesheet'], img[src], iframe[src]")
          .toArray()
          .map((el) => $(el).attr("src") ?? $(el).attr("href")!)
          .filter((ref) => /^(https?:)?\/\//.test(ref));
        return external.length === 0 ? undefined : external;
      }),
    ).toEqual([]);
  });
});
