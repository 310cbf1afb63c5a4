import { load, type CheerioAPI } from "cheerio";
import { beforeAll, describe, expect, it } from "vitest";
import { cityFiles, destinationFiles, sitePhone } from "../support/data-files";
import { loadRealSite, renderRoute } from "../support/site";

const baseUrl = "https://www.floridamedicalflights.example";

let pages: { url: string; $: CheerioAPI }[];
beforeAll(async () => {
  const { routes } = await loadRealSite();
  pages = await Promise.all(
    routes
      .filter((route) => route.kind === "page")
      .map(async (route) => ({ url: route.url, $: load(String((await renderRoute(route)).contents)) })),
  );
});

/** The language of a page: data/es/ gives most pages a Spanish version under /es/. */
const langOf = (url: string) => (url.startsWith("/es/") ? "es" : "en");

/** The pages for which `check` returns something other than undefined, with what it returned. */
const failing = (check: ($: CheerioAPI, url: string) => unknown) =>
  pages.map(({ url, $ }) => [url, check($, url)]).filter(([, result]) => result !== undefined);

describe("every page of the site", () => {
  it("is rendered: home, cities, 11 static pages, 3 document pages, privacy, accessibility, each city file's pages, 4 podcast pages and the 404 page, and each in Spanish but 7 and an untranslated city's", () => {
    const cities = cityFiles();
    const perCity = 1 + destinationFiles().length;
    const english = pages.filter(({ url }) => langOf(url) === "en");
    expect(english).toHaveLength(1 + 1 + 11 + 3 + 2 + cities.length * perCity + 4 + 1);
    // English only: the letter template, privacy, accessibility, the podcast's pages, and the pages of a city data/es/ does not translate.
    expect(pages).toHaveLength(english.length * 2 - (1 + 2 + 4) - cities.filter((city) => !city.spanish).length * perCity);
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
        const { display, tel } = sitePhone();
        const header = $(`.site-header a[href="tel:${tel}"]`).text();
        const bar = $(`a.call-bar[href="tel:${tel}"]`).text();
        const call = { en: `Call 24/7: ${display}`, es: `Llame las 24 horas: ${display}` }[langOf(url)];
        return header === display && bar === call ? undefined : [header, bar];
      }),
    ).toEqual([]);
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
