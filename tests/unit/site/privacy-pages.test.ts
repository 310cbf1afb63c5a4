// /privacy/ and /accessibility/ (issue 26): made from the facts the build knows, so each claim follows the
// configuration, and the claim that nothing loads from another company holds for the pages the build makes.
import { load, type CheerioAPI } from "cheerio";
import { describe, expect, it } from "vitest";
import { en } from "../../../client/messages/en";
import { es } from "../../../client/messages/es";
import type { SiteContent } from "../../../src/content/types";
import { generateDocuments } from "../../../src/documents/generate";
import { renderRoute } from "../../../src/render/render-route";
import { createRoutes } from "../../../src/site/routes";
import { cityFiles } from "../support/data-files";
import { loadRealSite, renderPage, testAssets, textOf } from "../support/site";

let downloads: ReturnType<typeof generateDocuments> | undefined;

/** One page of the real site with its content changed as a test says. */
async function pageOf(content: SiteContent, url: string): Promise<CheerioAPI> {
  downloads ??= generateDocuments((await loadRealSite()).content);
  const route = createRoutes(content, testAssets, await downloads).find((r) => r.url === url)!;
  return load(String(renderRoute(route, { site: content.site }).contents));
}

const sectionText = ($: CheerioAPI, id: string) => $(`#${id}`).parent().text().replace(/\s+/g, " ").trim();

describe("the privacy page", () => {
  it("says what the form asks and why, where a quote is kept and for how long, and what the e-mail carries", async () => {
    const $ = await renderPage("/privacy/");
    expect(textOf($, "h1")).toEqual(["Privacy"]);
    expect($("#form").parent().find("li").toArray().map((li) => $(li).text().replace(/\s+/g, " ").trim())).toContain("Phone (required): to call you back");
    expect($("#form").parent().find("li").toArray().map((li) => $(li).text().replace(/\s+/g, " ").trim())).toHaveLength(11);
    expect(sectionText($, "loading")).toContain("Pages load nothing from another company: no analytics, no advertising, no tracking of any kind.");
    expect(sectionText($, "kept")).toContain("(Amazon S3, region us-east-1) and deletes it 365 days after it arrives.");
    expect(sectionText($, "readers")).toContain(
      "with: case number, urgency, name, phone, from, to, preferred date, the page the form was on.",
    );
    expect(sectionText($, "browser")).toContain("This site sets no cookies.");
    expect($("#your-request").parent().find('a[href^="tel:"]').length).toBe(1);
  });

  it("follows the configuration: analytics, the e-mail's extra fields and how long quotes are kept", async () => {
    const { content } = await loadRealSite();
    const quote = { ...content.site.quote, notice: { fields: ["mobility", "notes"] as ("mobility" | "notes")[] } };
    const site = { ...content.site, analytics: { measurementId: "G-TEST123" }, quote, quoteStorage: { region: "us-east-1", retentionDays: 90 } };
    const $ = await pageOf({ ...content, site }, "/privacy/");
    expect(sectionText($, "loading")).toContain("Then it loads Google Analytics (measurement ID G-TEST123)");
    expect(sectionText($, "loading")).not.toContain("nothing from another company:");
    expect(sectionText($, "kept")).toContain("deletes it 90 days after it arrives.");
    expect(sectionText($, "readers")).toContain("the page the form was on, mobility, notes.");
    expect(sectionText($, "readers"), "no on-call phones: no texts to speak of").not.toContain("text message");
  });

  // Issue 39: with on-call phones in quote.urgent, an urgent request also goes out as a text; the page says what it holds.
  it("says an urgent request is also texted to the coordinator on call, with what the text holds, when quote.urgent lists phones", async () => {
    const { content } = await loadRealSite();
    const site = { ...content.site, quote: { ...content.site.quote, urgent: ["+12395550100"] } };
    const $ = await pageOf({ ...content, site }, "/privacy/");
    expect(sectionText($, "readers")).toContain(
      "A request for a flight today or within 24-48 hours also goes to the coordinator on call as a text message, with only its case number, its urgency and your phone number.",
    );
  });

  it("says a quote goes to another system, or nowhere, when the site is set up so", async () => {
    const { content } = await loadRealSite();
    const elsewhere = await pageOf({ ...content, site: { ...content.site, quote: { ...content.site.quote, endpoint: "https://crm.example.org/hooks/quote" } } }, "/privacy/");
    expect(sectionText(elsewhere, "kept")).toContain("A request is sent to crm.example.org, the system our coordinators work in.");
    expect(elsewhere("#readers").length).toBe(0);
    const demo = await pageOf({ ...content, site: { ...content.site, quote: { ...content.site.quote, endpoint: undefined, delivery: "console" } } }, "/privacy/");
    expect(sectionText(demo, "kept")).toContain("This copy of the site sends requests nowhere: please call us instead.");
  });

  it("is true of the pages the build makes: with analytics off, no page names a script, style, image or frame of another origin", async () => {
    const { routes, content } = await loadRealSite();
    expect(content.site.analytics.measurementId, "the real site has analytics off, as its privacy page says").toBeUndefined();
    const pages = routes.filter((route) => route.kind === "page");
    const foreign: string[] = [];
    for (const route of pages.filter((_, i) => i % 5 === 0 || i < 40)) {
      const $ = load(String(renderRoute(route, { site: content.site }).contents));
      $("script[src], link[rel=stylesheet][href], link[rel=preload][href], img[src], iframe[src], source[src]").each((_, el) => {
        const address = $(el).attr("src") ?? $(el).attr("href") ?? "";
        if (/^(https?:)?\/\//.test(address)) foreign.push(`${route.url}: ${address}`);
      });
    }
    expect(foreign).toEqual([]);
  });
});

describe("the accessibility statement", () => {
  it("names the standard, the checks, the known limits and the phone line for a barrier", async () => {
    const $ = await renderPage("/accessibility/");
    expect(textOf($, "h1")).toEqual(["Accessibility"]);
    expect(textOf($, "h2")).toEqual(expect.arrayContaining(["The standard we work to", "How it is checked", "Known limits", "Tell us about a barrier"]));
    expect(sectionText($, "standard")).toContain("Web Content Accessibility Guidelines (WCAG) 2.2 at level AA");
    expect($("#checks").parent().find("li")).toHaveLength(4);
    expect(sectionText($, "limits")).toContain("Podcast episodes have written show notes, but no full transcripts yet.");
    expect($("#feedback").parent().find('a[href^="tel:"]').length).toBe(1);
    expect(sectionText($, "checks")).not.toContain("built and checked on");
  });

  it("gives the day of the build as the day the checks last ran, when the build has one", async () => {
    const { content } = await loadRealSite();
    const $ = await pageOf({ ...content, builtOn: "2026-11-24" }, "/accessibility/");
    expect(sectionText($, "checks")).toContain("A change that fails any of them is not published. This version of the site was built and checked on November 24, 2026.");
  });
});

// Issue 40: the same facts, with the words around them in Spanish (client/messages/es-statements.ts).
describe("the Spanish privacy page and accessibility statement", () => {
  it("say in Spanish what the English pages say, from the same facts", async () => {
    const { content } = await loadRealSite();
    // The settings as the engine gives them to each language (src/translation/site-settings.ts).
    const quoteStorage = { region: "us-west-2", retentionDays: 45 };
    const spanish = content.translations.es!;
    const changed = { ...content, site: { ...content.site, quoteStorage }, translations: { es: { ...spanish, site: { ...spanish.site, quoteStorage } } } };
    const $ = await pageOf(changed, "/es/privacy/");
    const english = await pageOf(changed, "/privacy/");
    expect($("html").attr("lang")).toBe("es");
    expect(textOf($, "h1")).toEqual([es.privacy.heading]);
    // Every question of the form, with the Spanish form's label, in the English page's order.
    const asked = $("#form").parent().find("li strong").toArray().map((el) => $(el).text());
    const englishAsked = english("#form").parent().find("li strong").toArray().map((el) => english(el).text());
    expect(asked).toEqual(englishAsked.map((label) => es.quoteForm.labels[Object.entries(en.quoteForm.labels).find(([, english]) => english === label)![0] as keyof typeof en.quoteForm.labels]));
    expect($("#form").parent().find("li").first().text()).toBe(`${es.quoteForm.labels.full_name} (obligatorio): ${es.privacy.why.full_name}`);
    expect(sectionText($, "kept")).toContain("(Amazon S3, región us-west-2) y la borra 45 días después de que llega.");
    expect(sectionText($, "readers")).toContain("con: número de caso, urgencia, nombre, teléfono,");
    expect($("#your-request").parent().find('a[href^="tel:"]').text()).toBe(content.site.phone.display);
    expect($(".breadcrumb a").first().attr("href")).toBe("/es/");
  });

  it("gives the day of the build in Spanish words", async () => {
    const { content } = await loadRealSite();
    const $ = await pageOf({ ...content, builtOn: "2026-11-24" }, "/es/accessibility/");
    expect(textOf($, "h1")).toEqual([es.accessibility.heading]);
    expect(sectionText($, "checks")).toContain("Esta versión del sitio se construyó y se comprobó el 24 de noviembre de 2026.");
    expect($("#checks").parent().find("li")).toHaveLength(es.accessibility.checks.length);
  });

  it("are linked from the Spanish footer, in Spanish and without \"(en inglés)\"", async () => {
    const $ = await renderPage("/es/");
    expect($('footer a[href="/es/privacy/"]').text()).toBe(es.footer.privacy);
    expect($('footer a[href="/es/accessibility/"]').text()).toBe(es.footer.accessibility);
    expect($('footer a[href="/es/privacy/"]').attr("hreflang")).toBeUndefined();
  });
});

describe("the footer of every page", () => {
  it("links the privacy page and the accessibility statement", async () => {
    // A city page of data/, whichever is first today (issue 35).
    for (const url of ["/", `/${cityFiles()[0]!.urlSlug}/`, "/contact/", "/podcast/", "/404.html"]) {
      const $ = await renderPage(url);
      expect($('footer a[href="/privacy/"]').length, url).toBe(1);
      expect($('footer a[href="/accessibility/"]').length, url).toBe(1);
    }
  });
});
