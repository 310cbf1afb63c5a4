import { load } from "cheerio";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { showLanguageNotFound } from "../../../client/language-not-found";
import { en } from "../../../client/messages/en";
import { es } from "../../../client/messages/es";
import { NotFoundPage } from "../../../templates/NotFoundPage";
import { site } from "../support/podcast-fixtures";

const spanishTitle = "Página no encontrada | Air Example";
const spanishBody = { nodes: "the Spanish body" };

function elements() {
  const own = { replacedBy: undefined as unknown, replaceWith(node: unknown) { own.replacedBy = node; } };
  return {
    document: { title: "Page Not Found | Air Example", documentElement: { lang: "en" } },
    own,
    translations: [{ lang: "es", dataset: { title: spanishTitle }, content: spanishBody }],
  };
}

describe("the English 404 page under a translation's folder (CloudFront's one error page)", () => {
  it("puts the Spanish body in place of the English one for a path under /es/, and says the page is in Spanish", () => {
    const page = elements();
    expect(showLanguageNotFound("/es/no-such-page/", page)).toBe(true);
    expect(page.own.replacedBy).toBe(spanishBody);
    expect(page.document).toEqual({ title: spanishTitle, documentElement: { lang: "es" } });
  });

  it("stays English for any other path, /es without its slash and /podcast/es/ included", () => {
    for (const path of ["/no-such-page/", "/es", "/espanol/", "/podcast/es/", "/naples/es/"]) {
      const page = elements();
      expect(showLanguageNotFound(path, page), path).toBe(false);
      expect(page.own.replacedBy, path).toBeUndefined();
      expect(page.document, path).toEqual(elements().document);
    }
  });

  it("looks under the site's base path for es/", () => {
    const page = elements();
    expect(showLanguageNotFound("/es/x/", page, "/previews/pr-42/")).toBe(false);
    expect(page.own.replacedBy).toBeUndefined();
    expect(showLanguageNotFound("/previews/pr-42/es/x/", page, "/previews/pr-42/")).toBe(true);
    expect(page.document.documentElement.lang).toBe("es");
  });

  it("does nothing on a page without the 404's blocks", () => {
    const page = { ...elements(), own: null };
    expect(showLanguageNotFound("/es/x/", page)).toBe(false);
    expect(page.document).toEqual(elements().document);
    expect(showLanguageNotFound("/es/x/", { ...elements(), translations: [] })).toBe(false);
  });

  it("carries the whole Spanish 404 in a template marked Spanish, with its title: header, main and footer", () => {
    const chromeOf = (lang: "en" | "es", title: string) => ({
      lang,
      site,
      assets: { css: "/a.css", js: "/a.js" },
      head: { title, description: "d", url: lang === "en" ? "/404.html" : "/es/404.html", canonical: "c", jsonLd: [] },
      quote: { modal: false, footer: true },
    });
    const html = renderToStaticMarkup(<NotFoundPage chrome={chromeOf("en", "t")} translations={[chromeOf("es", spanishTitle)]} />);
    const $ = load(html);
    const own = $("body > div[data-page-body='en']");
    expect(own.find("h1").text()).toBe(en.notFound.heading);
    expect(own.find("header, main, footer").length).toBe(3);
    const template = $("body > template[data-page-body='es']");
    expect(template.attr("lang")).toBe("es");
    expect(template.attr("data-title")).toBe(spanishTitle);
    const spanish = load(template.html() ?? "");
    expect(spanish("main h1").text()).toBe(es.notFound.heading);
    expect(spanish("main p.lead").text()).toBe(es.notFound.lead);
    expect(spanish("a.skip-link").text()).toBe(es.skipLink);
    expect(spanish("header, main, footer").length).toBe(3);
    // The page waits for the script that chooses the body rather than paint English first.
    expect($("script[type='module']").attr("blocking")).toBe("render");
    // A page with no translations to carry is as before: one body, painted at once.
    const alone = load(renderToStaticMarkup(<NotFoundPage chrome={chromeOf("en", "t")} />));
    expect(alone("[data-page-body]")).toHaveLength(0);
    expect(alone("script[type='module']").attr("blocking")).toBeUndefined();
  });
});
