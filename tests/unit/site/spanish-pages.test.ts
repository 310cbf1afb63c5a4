// Issue 29: the Spanish pages. The real content with a stand-in translation (support/translation.ts) that lacks one
// city: its pages, the English-only pages and everything else are routed, rendered and read as a visitor gets them.
import { load, type CheerioAPI } from "cheerio";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../../client/messages/en";
import { generateDocuments } from "../../../src/documents/generate";
import { renderRoute } from "../../../src/render/render-route";
import { routeKey, sharedInputs } from "../../../src/render/route-key";
import { englishOnlyPages } from "../../../src/site/languages";
import { createRoutes } from "../../../src/site/routes";
import { renderSitemap } from "../../../src/site/sitemap";
import type { Download, Route, SiteContent } from "../../../src/content/types";
import { testAssets } from "../support/site";
import { pseudoTranslation, withSpanish, type PseudoTranslationOptions } from "../support/translation";
import { loadSampleSite } from "../support/sample-site";

let english: SiteContent;
let content: SiteContent;
let downloads: Download[];
let routes: Route[];
const left = "naples";

beforeAll(async () => {
  // The English of data/ alone: its own Spanish (data/es/) is left out for the stand-in translation made here.
  english = { ...(await loadSampleSite()).content, translations: {} };
  content = withSpanish(english, pseudoTranslation(english, { withoutCities: [left] }));
  downloads = await generateDocuments(content);
  routes = createRoutes(content, testAssets, downloads);
});

const pages = () => routes.filter((route): route is Extract<Route, { kind: "page" }> => route.kind === "page");
const urls = () => pages().map((route) => route.url);
const spanish = () => pages().filter((route) => route.url.startsWith("/es/"));

function render(url: string, site: SiteContent = content, from: Route[] = routes): CheerioAPI {
  const route = from.find((r) => r.url === url);
  if (!route) throw new Error(`no route for ${url}`);
  return load(String(renderRoute(route, { site: site.site }).contents));
}

describe("the Spanish routes", () => {
  it("gives every page with a complete translation a Spanish page under /es/ with the same slug", () => {
    const { pages: contentPages, cities, destinations, documents } = english;
    const expected = [
      "/es/",
      "/es/cities/",
      ...contentPages.map((page) => `/es${page.path}/`.replace(/\/+$/, "/")),
      `/es/for-case-managers/${documents.checklist.slug}/`,
      `/es/for-case-managers/${documents.itinerary.slug}/`,
      ...cities
        .filter((city) => city.urlSlug !== left)
        .flatMap((city) => [`/es/${city.urlSlug}/`, ...destinations.map((d) => `/es/${city.urlSlug}/${d.urlSegment}/`)]),
      // Made from facts the build knows and the templates' words (issue 40).
      "/es/privacy/",
      "/es/accessibility/",
      "/es/404.html",
    ];
    expect(spanish().map((route) => route.url).sort()).toEqual(expected.sort());
    expect(urls()).toContain("/es/contact/");
    expect(urls()).toContain("/es/thank-you/");
    expect(pages().find((route) => route.url === "/es/404.html")?.file).toBe("es/404.html");
  });

  it("has no Spanish page for a city without a complete translation, nor for the English-only pages", () => {
    for (const url of [`/es/${left}/`, "/es/podcast/", `/es/for-case-managers/${english.documents.letter.slug}/`]) {
      expect(urls()).not.toContain(url);
    }
    expect(urls().some((url) => url.startsWith(`/es/${left}/`))).toBe(false);
    expect(urls().some((url) => url.startsWith("/es/podcast/"))).toBe(false);
  });

  it("lists the English-only pages for the build summary", () => {
    const [{ lang, urls: englishOnly }] = englishOnlyPages(content) as [{ lang: string; urls: string[] }];
    expect(lang).toBe("es");
    expect(englishOnly.slice(0, 2)).toEqual([`/for-case-managers/${english.documents.letter.slug}/`, "/podcast/"]);
    expect(englishOnly).not.toContain("/privacy/");
    expect(englishOnly).not.toContain("/accessibility/");
    expect(englishOnly).toContain(`/${left}/`);
    expect(englishOnly.filter((url) => url.startsWith(`/${left}/`))).toHaveLength(english.destinations.length + 1);
    expect(englishOnly).not.toContain("/about/");
  });

  it("links the Spanish document pages to Spanish PDFs of their own, and the letter template to the English files", () => {
    const { checklist, itinerary, letter } = english.documents;
    const spanishFiles = downloads.filter((download) => download.lang === "es").map((download) => download.file);
    expect(spanishFiles).toEqual([`downloads/${checklist.slug}.es.pdf`, `downloads/${itinerary.slug}.es.pdf`]);
    const pdf = downloads.find((download) => download.file === `downloads/${checklist.slug}.es.pdf`)!;
    expect(Buffer.from(pdf.contents).toString("latin1")).toContain("/Lang (es-US)");
    const page = render(`/es/for-case-managers/${checklist.slug}/`);
    expect(page("a[download]").map((_, a) => page(a).attr("href")).get()).toEqual([`/downloads/${checklist.slug}.es.pdf`]);
    const cards = render("/es/for-case-managers/");
    const letterCard = cards(`#download-${letter.slug}`).parent();
    expect(cards(`#download-${letter.slug}`).text()).toBe("Plantilla de carta de necesidad médica (en inglés)");
    expect(letterCard.find("a[download]").map((_, a) => cards(a).attr("href")).get().sort()).toEqual([`/downloads/${letter.slug}.docx`, `/downloads/${letter.slug}.pdf`]);
    expect(letterCard.find(".download-page-link a").attr("href")).toBe(`/for-case-managers/${letter.slug}/`);
  });

  it("makes no Spanish route at all without a translation", () => {
    expect(createRoutes(english, testAssets, downloads).some((route) => route.url.startsWith("/es/"))).toBe(false);
  });

  it("makes the other Spanish pages, and none of /for-case-managers/, when the documents are not translated", async () => {
    const partial = withSpanish(english, { ...pseudoTranslation(english), documents: {} });
    const partialRoutes = createRoutes(partial, testAssets, await generateDocuments(partial));
    expect(partialRoutes.filter((route) => route.url.startsWith("/es/for-case-managers/"))).toEqual([]);
    expect(partialRoutes.some((route) => route.url === "/es/about/")).toBe(true);
  });

  it("has no Spanish home page without home.yaml translated, and links its logo and crumbs to the English home then", () => {
    const partial = withSpanish(english, pseudoTranslation(english, { withoutHome: true }));
    const partialRoutes = createRoutes(partial, testAssets, downloads);
    expect(partialRoutes.some((route) => route.url === "/es/")).toBe(false);
    const $ = render("/es/about/", partial, partialRoutes);
    expect($("a.logo").attr("href")).toBe("/");
    expect($(".breadcrumb a").first().attr("href")).toBe("/");
  });
});

describe("a Spanish page", () => {
  it("is in Spanish: <html lang>, its template words, and its translated text", () => {
    const $ = render("/es/about/");
    expect($("html").attr("lang")).toBe("es");
    expect($(".skip-link").text()).toBe("Saltar al contenido principal");
    expect($("h1").text()).toBe(content.translations.es!.pages.get("/about")!.heading);
    expect($(".breadcrumb a").first().text()).toBe("Inicio");
    expect($("#site-nav").attr("aria-label")).toBe("Principal");
  });

  it("links to the Spanish version of each page that has one, else to the English page, markdown bodies too", () => {
    const $ = render("/es/");
    const hrefs = $("a[href^='/']").map((_, a) => $(a).attr("href")).get();
    expect(hrefs).toContain("/es/about/");
    expect(hrefs).toContain("/es/cities/");
    expect(hrefs).toContain(`/${left}/`);
    expect(hrefs).not.toContain(`/es/${left}/`);
    expect(hrefs).not.toContain("/about/");
    expect($("a.logo").attr("href")).toBe("/es/");
    // A markdown body's own links: every page's body that links to /cities/ leads to /es/cities/ in Spanish.
    const withLink = english.pages.find((page) => page.sections.some((section) => section.body.includes("](/")));
    if (withLink) {
      const body = render(`/es${withLink.path}/`.replace(/\/+$/, "/"));
      const bodyLinks = body("main .prose a[href^='/']").map((_, a) => body(a).attr("href")).get();
      expect(bodyLinks.length).toBeGreaterThan(0);
      for (const href of bodyLinks) expect(href.startsWith("/es/") || !content.translations.es).toBe(true);
    }
  });

  it("marks the podcast link of its navigation as English, in words and hreflang", () => {
    const $ = render("/es/about/");
    const podcast = $("#site-nav a[href='/podcast/']");
    expect(podcast.text()).toBe("Pódcast (en inglés)");
    expect(render("/es/about/")("footer a[href='/es/privacy/']").text()).toBe("Privacidad");
    expect(podcast.attr("hreflang")).toBe("en");
    expect($("#footer-nav a[href='/podcast/']").attr("hreflang")).toBe("en");
    expect(render("/about/")("#site-nav a[href='/podcast/']").attr("hreflang")).toBeUndefined();
  });

  it("says in JSON-LD which language it is in", () => {
    const ld = (url: string) =>
      render(url)("script[type='application/ld+json']")
        .map((_, el) => JSON.parse(load(el).text()) as Record<string, unknown>)
        .get()
        .find((block) => (block as Record<string, unknown>)["@type"] === "WebPage");
    expect(ld("/es/about/")).toMatchObject({ inLanguage: "es", url: `${content.site.baseUrl}/es/about/` });
    expect(ld("/about/")).toMatchObject({ inLanguage: "en", url: `${content.site.baseUrl}/about/` });
  });
});

describe("hreflang, the sitemap and the language switcher", () => {
  const alternates = ($: CheerioAPI) =>
    Object.fromEntries($("link[rel='alternate'][hreflang]").map((_, link) => [[$(link).attr("hreflang"), $(link).attr("href")]]).get() as [string, string][]);

  it("links each page that exists in both languages to both, and x-default to English, with absolute URLs", () => {
    const base = content.site.baseUrl;
    for (const [englishUrl, spanishUrl] of [["/", "/es/"], ["/about/", "/es/about/"], ["/sarasota/", "/es/sarasota/"], ["/cities/", "/es/cities/"]] as const) {
      const expected = { en: `${base}${englishUrl}`, es: `${base}${spanishUrl}`, "x-default": `${base}${englishUrl}` };
      expect(alternates(render(englishUrl))).toEqual(expected);
      expect(alternates(render(spanishUrl))).toEqual(expected);
    }
  });

  it("points the English 404 page, which CloudFront answers every missing path with, at the Spanish home page in Spanish", () => {
    const link = render("/404.html")("main p[lang='es'] a");
    expect(link.attr("href")).toBe("/es/");
    expect(link.attr("hreflang")).toBe("es");
    expect(link.text()).toBe("¿Busca una página en español? Vaya a la página de inicio en español.");
    expect(render("/es/404.html")("main p[lang] a")).toHaveLength(0);
    expect(load(String(renderRoute(createRoutes(english, testAssets, downloads).find((r) => r.url === "/404.html")!, { site: english.site }).contents))("main p[lang]")).toHaveLength(0);
  });

  // Issue 40: "the Spanish 404 is Spanish throughout", also as CloudFront serves it (/404.html under /es/).
  it("carries the whole body of es/404.html, header and footer too, in a template marked Spanish on the English 404 (CloudFront's one error page)", () => {
    const spanish404 = render("/es/404.html");
    const english404 = render("/404.html");
    const template = english404("body > template[data-page-body='es']");
    expect(template.attr("lang")).toBe("es");
    expect(template.attr("data-title")).toBe(spanish404("title").text());
    // The same markup as the Spanish page's own body, its links leading to the Spanish pages.
    const body = load(template.html() ?? "")("body > div[data-page-body='es']");
    expect(body.html()).toBe(spanish404("body").html());
    expect(body.find("a[href='/es/']").length).toBeGreaterThan(0);
    // The English body is the page's own, in a wrapper the script replaces; Spanish pages carry no other body.
    expect(english404("body > div[data-page-body='en'] main h1").text()).toBe(english404("title").text().split(" | ")[0]);
    expect(spanish404("[data-page-body]")).toHaveLength(0);
  });

  // Issue 40: in one way, whoever wrote the link (a template, a translated markdown body): hreflang="en" and "(en inglés)".
  it("marks every link from a Spanish page to a page that exists only in English with hreflang=\"en\" and a shown \"(en inglés)\"", () => {
    const isPage = (href: string) => href.startsWith("/") && !href.startsWith("//") && !/\.[a-z]+$/i.test(href.split(/[?#]/)[0]!);
    const spanishUrls = new Set(spanish().map((route) => route.url));
    const unmarked = new Set<string>();
    let marked = 0;
    for (const route of spanish()) {
      const $ = render(route.url);
      $("a[href]").each((_, a) => {
        const href = a.attribs.href!;
        const englishOnly = isPage(href) && !href.startsWith("/es/") && !spanishUrls.has(`/es${href.split("#")[0]}`);
        const says = a.attribs.hreflang === "en" && $(a).text().endsWith(" (en inglés)");
        if (englishOnly) marked++;
        if (englishOnly !== says) unmarked.add(`${route.url} → ${href}: ${$(a).text()}`);
      });
    }
    expect(marked).toBeGreaterThan(0);
    expect([...unmarked]).toEqual([]);
    // The ones the templates write: the letter template's card, and a nearby city with no Spanish page.
    const letter = render("/es/for-case-managers/")(`a[href='/for-case-managers/${english.documents.letter.slug}/']`);
    expect(letter.attr("hreflang")).toBe("en");
    const toLeft = spanish().flatMap((route) => render(route.url)(`main a[href='/${left}/']`).get());
    expect(toLeft.length).toBeGreaterThan(0);
    expect(render("/for-case-managers/")("a[hreflang='en']")).toHaveLength(0);
  });

  it("has no hreflang links on a page in one language only", () => {
    for (const url of [`/${left}/`, "/podcast/", "/404.html", "/es/404.html"]) expect(alternates(render(url))).toEqual({});
  });

  it("gives every page pair a switcher to the other page, and no other page one", () => {
    for (const route of pages()) {
      const $ = render(route.url);
      const switcher = $("a.language-switch");
      const spanishUrl = route.url.startsWith("/es/") ? route.url : `/es${route.url}`;
      const englishUrl = route.url.startsWith("/es/") ? route.url.slice(3) : route.url;
      const paired = urls().includes(spanishUrl) && urls().includes(englishUrl) && !route.url.endsWith("404.html");
      if (!paired) {
        expect(switcher, route.url).toHaveLength(0);
        continue;
      }
      const toSpanish = !route.url.startsWith("/es/");
      expect(switcher.attr("href"), route.url).toBe(toSpanish ? spanishUrl : englishUrl);
      expect(switcher.attr("lang")).toBe(toSpanish ? "es" : "en");
      expect(switcher.attr("hreflang")).toBe(toSpanish ? "es" : "en");
      expect(switcher.text()).toBe(toSpanish ? "Español" : "English");
      expect(switcher.attr("aria-label")).toBe(toSpanish ? "Leer esta página en español" : "Read this page in English");
    }
  });

  it("lists both versions of a pair in the sitemap with xhtml:link alternates, its namespace declared", () => {
    const sitemap = routes.find((route) => route.kind === "sitemap");
    if (sitemap?.kind !== "sitemap") throw new Error("no sitemap");
    const $ = load(renderSitemap(sitemap.urls), { xml: true });
    expect($("urlset").attr("xmlns:xhtml")).toBe("http://www.w3.org/1999/xhtml");
    const base = content.site.baseUrl;
    const linksOf = (loc: string) =>
      $("url")
        .filter((_, url) => $(url).children("loc").text() === loc)
        .children("xhtml\\:link")
        .map((_, link) => `${$(link).attr("hreflang")} ${$(link).attr("href")}`)
        .get();
    const pair = [`en ${base}/about/`, `es ${base}/es/about/`, `x-default ${base}/about/`];
    expect(linksOf(`${base}/about/`)).toEqual(pair);
    expect(linksOf(`${base}/es/about/`)).toEqual(pair);
    expect(linksOf(`${base}/${left}/`)).toEqual([]);
    expect($("url > loc").map((_, loc) => $(loc).text()).get()).not.toContain(`${base}/es/404.html`);
  });
});

describe("the phone line's language on Spanish pages", () => {
  const notes = (site: PseudoTranslationOptions["site"], url = "/es/contact/") => {
    const withSite = withSpanish(english, pseudoTranslation(english, { site }));
    const $ = render(url, withSite, createRoutes(withSite, testAssets, downloads));
    return $(".phone-language").map((_, note) => $(note).text()).get();
  };

  it("says the line is in English, and nothing of an interpreter, when site.yaml states no more", () => {
    const said = notes({ phoneLanguages: ["en"], phoneInterpreter: false });
    expect(said.length).toBeGreaterThanOrEqual(3); // header, contact card, footer
    for (const note of said) expect(note).toBe("La línea telefónica atiende en inglés.");
  });

  it("offers an interpreter only when phoneInterpreter is set", () => {
    for (const note of notes({ phoneLanguages: ["en"], phoneInterpreter: true })) {
      expect(note).toBe("La línea telefónica atiende en inglés. Puede pedir un intérprete.");
    }
  });

  it("says Spanish is spoken only when phoneLanguages has es", () => {
    for (const note of notes({ phoneLanguages: ["en", "es"], phoneInterpreter: true })) expect(note).toBe("Atendemos en español.");
  });

  it("says nothing of it on English pages", () => {
    expect(notes({ phoneLanguages: ["en", "es"] }, "/contact/")).toEqual([]);
  });
});

describe("no English sentence on a Spanish page", () => {
  // The quote forms are es-form's (issue 29, "the quote form in Spanish"): their words are checked there.
  const formParts = ".footer-quote, #quote-dialog, [data-island]";

  /** What a visitor reads of a page: its title and its body's text, one space between words. */
  function visibleText(url: string): string {
    const $ = render(url);
    $("script, style, template").remove();
    $(formParts).remove();
    return `${$("title").text()} ${$("body").text()}`.replace(/\s+/g, " ");
  }

  it("shows none of the English content's sentences nor of the English template words on any Spanish page", () => {
    const sentences = new Set([...englishSentences(english), ...messageSentences()]);
    expect(sentences.size).toBeGreaterThan(200);
    const found: string[] = [];
    for (const route of spanish()) {
      const text = visibleText(route.url);
      for (const sentence of sentences) if (text.includes(sentence)) found.push(`${route.url}: ${sentence}`);
    }
    expect(found).toEqual([]);
  });

  it("would notice one: the English page of a city shows its English sentences", () => {
    const text = visibleText("/sarasota/");
    const sarasota = english.cities.find((city) => city.urlSlug === "sarasota")!;
    expect([...englishSentences({ ...english, cities: [sarasota] })].filter((sentence) => text.includes(sentence)).length).toBeGreaterThan(10);
  });
});

/** Every sentence of four words or more of the English content's text (not its names, codes and links). */
function englishSentences(site: SiteContent): Set<string> {
  const kept = new Set(["urlSlug", "slug", "path", "href", "url", "code", "type", "cityName", "name", "destination", "destinationShort", "location", "youtubeUrl", "updated", "id", "phone", "email", "urlSegment", "airports", "arrivalAirports", "photo", "companyName", "baseUrl"]);
  const texts: string[] = [];
  const collect = (value: unknown, key?: string): void => {
    if (key !== undefined && kept.has(key)) return;
    if (typeof value === "string") texts.push(value);
    else if (Array.isArray(value)) value.forEach((item) => collect(item));
    else if (value && typeof value === "object") for (const [name, item] of Object.entries(value)) collect(item, name);
  };
  const { site: settings, home, cityCommon, cities, destinations, pages: contentPages, documents } = site;
  collect([settings.tagline, settings.description, home, cityCommon, cities, destinations, contentPages, documents.checklist, documents.itinerary]);
  return sentencesOf(texts);
}

/** Every English template message of four words or more, those with placeholders filled in as a page fills them. */
function messageSentences(): Set<string> {
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === "string") texts.push(value);
    else if (typeof value === "function") texts.push(String((value as (...args: unknown[]) => unknown)("Sarasota", "Mayo Clinic")));
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  const { footer, phoneLanguage: _phoneLanguage, ...rest } = en;
  collect(rest);
  texts.push(footer.about({ founded: 1988, city: "St. Petersburg", region: "FL" }), footer.legal);
  return sentencesOf(texts.map((text) => text.replace(/\[object Object\]/g, "")));
}

/** Texts as their sentences of four words or more, markdown taken off ("**Call** [us](/contact/)." → "Call us."). */
function sentencesOf(texts: string[]): Set<string> {
  const sentences = new Set<string>();
  for (const text of texts) {
    const plain = text
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[*_`#>]/g, "")
      .replace(/^\s*[-\d.]+\s+/gm, "");
    for (const sentence of plain.split(/(?<=[.!?:;])\s+|\n+/)) {
      const words = sentence.trim().replace(/\s+/g, " ");
      if (words.split(" ").length >= 4 && !words.includes("{city}")) sentences.add(words);
    }
  }
  return sentences;
}

describe("what a Spanish page is made from", () => {
  // The dev server renders again only the pages whose key changed: a save of a Spanish file must change theirs.
  const keyOf = (site: SiteContent, url: string) => {
    const route = createRoutes(site, testAssets, downloads).find((r) => r.url === url);
    if (!route) throw new Error(`no route for ${url}`);
    return routeKey(route, sharedInputs("code", site, testAssets));
  };
  const edited = (edit: (translation: ReturnType<typeof pseudoTranslation>) => void) => {
    const translation = pseudoTranslation(english, { withoutCities: [left] });
    edit(translation);
    return withSpanish(english, translation);
  };

  it("changes a Spanish city page's key with its Spanish city, city-common, destinations and settings", () => {
    const before = keyOf(content, "/es/sarasota/");
    expect(keyOf(edited(() => {}), "/es/sarasota/")).toBe(before);
    const sarasota = (t: ReturnType<typeof pseudoTranslation>) => t.cities.get("sarasota")!;
    expect(keyOf(edited((t) => t.cities.set("sarasota", { ...sarasota(t), localCareOverview: "otro" })), "/es/sarasota/")).not.toBe(before);
    expect(keyOf(edited((t) => (t.cityCommon = { ...t.cityCommon!, howItWorks: [] })), "/es/sarasota/")).not.toBe(before);
    expect(keyOf(edited((t) => (t.site = { ...t.site, tagline: "otra" })), "/es/sarasota/")).not.toBe(before);
    const [slug, destination] = [...content.translations.es!.destinations][0]!;
    expect(keyOf(edited((t) => t.destinations.set(slug, { ...destination, intro: "otra" })), "/es/sarasota/")).not.toBe(before);
  });

  it("changes the keys of pages whose links or versions change when a city gains its Spanish pages", () => {
    const everyCity = withSpanish(english, pseudoTranslation(english));
    expect(keyOf(everyCity, "/es/about/")).not.toBe(keyOf(content, "/es/about/"));
    expect(keyOf(everyCity, `/${left}/`)).not.toBe(keyOf(content, `/${left}/`));
    expect(keyOf(everyCity, "/sarasota/")).toBe(keyOf(content, "/sarasota/"));
  });

  it("changes the English 404's key with the Spanish site and its set of pages: it carries the Spanish body (issue 40)", () => {
    const before = keyOf(content, "/404.html");
    expect(keyOf(edited(() => {}), "/404.html")).toBe(before);
    expect(keyOf(edited((t) => (t.site = { ...t.site, tagline: "otra" })), "/404.html")).not.toBe(before);
    expect(keyOf(withSpanish(english, pseudoTranslation(english)), "/404.html")).not.toBe(before);
  });
});
