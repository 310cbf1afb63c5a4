import { describe, expect, it } from "vitest";
import { cityFiles, sitePhone } from "../support/data-files";
import { jsonLdOf, renderPage, textOf } from "../support/site";

const baseUrl = "https://www.floridamedicalflights.example";
const phone = sitePhone();

describe("the /cities/ page", () => {
  it("lists every city page with its airports", async () => {
    const $ = await renderPage("/cities/");
    expect(textOf($, "h1")).toEqual(["Cities We Serve"]);
    const cards = $(".city-grid li")
      .toArray()
      .map((li) => [$(li).find("a").text(), $(li).find("a").attr("href"), $(li).find(".card-meta").text()]);
    const byName = cityFiles().sort((a, b) => a.cityName.localeCompare(b.cityName, "en"));
    expect(cards).toEqual(byName.map((c) => [c.cityName, `/${c.urlSlug}/`, `Airports: ${c.airports.map((a) => a.code).join(", ")}`]));
  });

  it("shows the breadcrumb Home > Cities We Serve", async () => {
    const $ = await renderPage("/cities/");
    expect($('nav[aria-label="Breadcrumb"] a').toArray().map((a) => [$(a).text(), $(a).attr("href")])).toEqual([
      ["Home", "/"],
      ["Cities We Serve", "/cities/"],
    ]);
  });
});

describe("the static pages", () => {
  it.each([
    ["/about/", "About Us"],
    ["/services/medical-flights/", "Medical Flights"],
    ["/services/international-air-ambulance/", "International Medical Flights"],
    ["/procedures/", "How a Medical Flight Is Arranged"],
    ["/procedures/bedside-to-bedside/", "Bedside to Bedside"],
    ["/technology/real-time-tracking/", "Real-Time Tracking"],
    ["/insurance/", "Insurance Questions"],
    ["/for-families/", "For Families and Caregivers"],
    ["/for-case-managers/", "For Case Managers and Social Workers"],
    ["/contact/", "Contact Us"],
  ])("%s is headed %j, has sections and a matching breadcrumb", async (url, heading) => {
    const $ = await renderPage(url);
    expect(textOf($, "h1")).toEqual([heading]);
    expect($('link[rel="canonical"]').attr("href")).toBe(`${baseUrl}${url}`);
    expect($("main section h2").length).toBeGreaterThanOrEqual(2);
    const crumbs = $('nav[aria-label="Breadcrumb"] a').toArray().map((a) => [$(a).text(), $(a).attr("href")]);
    expect(crumbs).toEqual([["Home", "/"], [heading, url]]);
    const list = jsonLdOf($).BreadcrumbList as { itemListElement: { name: string; item: string }[] };
    expect(list.itemListElement.map((i) => [i.name, i.item])).toEqual(crumbs.map(([name, href]) => [name, `${baseUrl}${href}`]));
    expect($('meta[name="robots"]')).toHaveLength(0);
  });

  it("gives /contact/ the quote section at #quote and a call card", async () => {
    const $ = await renderPage("/contact/");
    expect($("#quote").is("section")).toBe(true);
    expect($("#quote h2").text()).toBe("Request a Quote");
    expect(textOf($, ".card h3")).toEqual(["Call 24/7", "Request a quote or callback", "Headquarters"]);
    expect($(".card").first().find(`a[href="tel:${phone.tel}"]`)).toHaveLength(1);
  });
});

describe("the /thank-you/ page", () => {
  it("is kept out of search engines", async () => {
    const $ = await renderPage("/thank-you/");
    expect($('meta[name="robots"]').attr("content")).toBe("noindex");
  });

  it("shows the default case id AF00000000 where the client fills in the real one", async () => {
    const $ = await renderPage("/thank-you/");
    expect($("[data-case-id]").text().trim()).toBe("AF00000000");
  });

  it("promises contact within 2 hours in business hours, otherwise the next business day", async () => {
    const $ = await renderPage("/thank-you/");
    expect($(".case-box").text().replace(/\s+/g, " ")).toContain(
      "A coordinator will contact you within 2 hours during business hours, otherwise the next business day.",
    );
    expect($(`.case-box a[href="tel:${phone.tel}"]`)).toHaveLength(1);
  });
});

describe("the 404 page", () => {
  // The page's own main content: not the other languages' bodies it carries inert in templates (issue 40).
  const own = (selector: string) => `body > main ${selector}, body > div[data-page-body] main ${selector}`;

  it("has the heading and text of spec §8", async () => {
    const $ = await renderPage("/404.html");
    expect(textOf($, own("h1"))).toEqual(["Page Not Found"]);
    expect(textOf($, own(".lead"))).toEqual([
      "The page you're looking for doesn't exist. If you need immediate medical flight coordination, please call our emergency line.",
    ]);
  });

  it("links to the home page and to the phone line", async () => {
    const $ = await renderPage("/404.html");
    expect($(own('.button-row a[href="/"]')).text()).toBe("Go to the home page");
    expect($(own(`.button-row a[href="tel:${phone.tel}"]`)).text()).toBe(`Call: ${phone.display}`);
    expect($('meta[name="robots"]').attr("content")).toBe("noindex");
  });

  it("uses only site-absolute links, because it is served at any unknown path", async () => {
    const $ = await renderPage("/404.html");
    const references = $("a[href], link[href], script[src]")
      .toArray()
      .map((el) => $(el).attr("href") ?? $(el).attr("src")!);
    expect(references.filter((ref) => !/^(\/|#|tel:|mailto:|https:)/.test(ref))).toEqual([]);
  });
});
