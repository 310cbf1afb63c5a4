import { load } from "cheerio";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { showLanguageNotFound } from "../../../client/language-not-found";
import { NotFoundPage } from "../../../templates/NotFoundPage";
import { es } from "../../../templates/text/es";
import { site } from "../support/podcast-fixtures";

const spanishTitle = "Página no encontrada | Air Example";

function elements() {
  return {
    document: { title: "Page Not Found | Air Example", documentElement: { lang: "en" } },
    own: { hidden: false },
    translations: [{ lang: "es", hidden: true, dataset: { title: spanishTitle } }],
  };
}

describe("the English 404 page under a translation's folder (CloudFront's one error page)", () => {
  it("shows the Spanish words for a path under /es/, hides the English ones, and says the page is in Spanish", () => {
    const page = elements();
    expect(showLanguageNotFound("/es/no-such-page/", page)).toBe(true);
    expect(page).toEqual({
      document: { title: spanishTitle, documentElement: { lang: "es" } },
      own: { hidden: true },
      translations: [{ lang: "es", hidden: false, dataset: { title: spanishTitle } }],
    });
  });

  it("stays English for any other path, /es without its slash and /podcast/es/ included", () => {
    for (const path of ["/no-such-page/", "/es", "/espanol/", "/podcast/es/", "/naples/es/"]) {
      const page = elements();
      expect(showLanguageNotFound(path, page), path).toBe(false);
      expect(page, path).toEqual(elements());
    }
  });

  it("looks under the site's base path for es/", () => {
    const page = elements();
    expect(showLanguageNotFound("/es/x/", page, "/previews/pr-42/")).toBe(false);
    expect(page).toEqual(elements());
    expect(showLanguageNotFound("/previews/pr-42/es/x/", page, "/previews/pr-42/")).toBe(true);
    expect(page.document.documentElement.lang).toBe("es");
  });

  it("does nothing on a page without the 404's blocks", () => {
    const page = { ...elements(), own: null };
    expect(showLanguageNotFound("/es/x/", page)).toBe(false);
    expect(page.document).toEqual(elements().document);
    expect(showLanguageNotFound("/es/x/", { ...elements(), translations: [] })).toBe(false);
  });

  it("carries the Spanish 404's own words hidden, in a block marked Spanish, with its title and home page", () => {
    const chrome = { lang: "en" as const, site, assets: { css: "/a.css", js: "/a.js" }, head: { title: "t", description: "d", url: "/404.html", canonical: "c", jsonLd: [] }, quote: { modal: false, footer: true } };
    const $ = load(renderToStaticMarkup(<NotFoundPage chrome={chrome} translations={[{ lang: "es", title: spanishTitle, home: "/es/" }]} />));
    const own = $("[data-not-found-own]");
    expect(own.attr("hidden")).toBeUndefined();
    expect(own.find("h1").text()).toBe("Page Not Found");
    const block = $("[data-not-found-translation]");
    expect(block.attr("hidden")).toBe("hidden");
    expect(block.attr("lang")).toBe("es");
    expect(block.attr("data-title")).toBe(spanishTitle);
    expect(block.find("h1").text()).toBe(es.notFound.heading);
    expect(block.find("p.lead").text()).toBe(es.notFound.lead);
    expect(block.find("p.phone-language").text()).toBe(es.phoneLanguage(site));
    expect(block.find("a").last().attr("href")).toBe("/es/");
    expect(block.find("a").last().text()).toBe(es.notFound.home);
    // The English-only page links to the English home as English.
    const englishHome = load(renderToStaticMarkup(<NotFoundPage chrome={chrome} translations={[{ lang: "es", title: spanishTitle, home: "/" }]} />));
    expect(englishHome("[data-not-found-translation] a").last().attr("hreflang")).toBe("en");
    expect($("[data-not-found-translation]", renderToStaticMarkup(<NotFoundPage chrome={chrome} />))).toHaveLength(0);
  });
});
