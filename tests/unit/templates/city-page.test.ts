import type { CheerioAPI } from "cheerio";
import { beforeAll, describe, expect, it } from "vitest";
import { cityFiles, sitePhone } from "../support/data-files";
import { renderSamplePage, sampleDataDir } from "../support/sample-site";
import { jsonLdOf, renderPage, textOf } from "../support/site";
import { en } from "../../../client/messages/en";

// The Naples page of the sample site (tests/fixtures/sample-site), asserted word for word; every city page of the real
// data/ is checked against its own file at the end (issue 35).
const baseUrl = "https://www.floridamedicalflights.example";
const phone = sitePhone(sampleDataDir);

let naples: CheerioAPI;
beforeAll(async () => {
  naples = await renderSamplePage("/naples/");
});

/** The text of each <h3> (or other selector) inside the section a heading id labels. */
const inSection = ($: CheerioAPI, id: string, selector: string) => textOf($, `section[aria-labelledby="${id}"] ${selector}`);

const airportsOf = ($: CheerioAPI) =>
  $(".airport")
    .toArray()
    .map((el) => [$(el).find(".airport-code").text(), $(el).find(".airport-name").text(), $(el).find(".airport-role").text()]);

describe("the Naples city page", () => {
  it("is headed 'Medical Flights in Naples, Florida'", () => {
    expect(textOf(naples, "h1")).toEqual(["Medical Flights in Naples, Florida"]);
  });

  it("has the title, meta description, canonical link and keywords of its data file", () => {
    expect(naples("title").text()).toBe("Medical Flights in Naples, FL | Bed-to-Bed Coordination");
    expect(naples('meta[name="description"]').attr("content")).toBe(
      "Non-emergency medical flights from Naples, Florida to cancer centers and hospitals nationwide. Bed-to-bed coordination, caregiver seating, 24/7 line.",
    );
    expect(naples('link[rel="canonical"]').attr("href")).toBe(`${baseUrl}/naples/`);
    expect(naples('meta[name="keywords"]').attr("content")).toBe(
      "medical flights Naples FL, non-emergency air ambulance Naples, cancer treatment travel Naples, Naples to MD Anderson flight",
    );
    expect(naples('meta[property="og:url"]').attr("content")).toBe(`${baseUrl}/naples/`);
    expect(naples('meta[name="robots"]')).toHaveLength(0);
  });

  it("shows the breadcrumb Home > Cities We Serve > Naples, with a link to /cities/", () => {
    const crumbs = naples('nav[aria-label="Breadcrumb"] li a');
    expect(crumbs.toArray().map((a) => [naples(a).text(), naples(a).attr("href")])).toEqual([
      ["Home", "/"],
      ["Cities We Serve", "/cities/"],
      ["Naples", "/naples/"],
    ]);
    expect(crumbs.last().attr("aria-current")).toBe("page");
  });

  it("offers Call Now, Get a Quote and Request Callback in the hero", () => {
    const buttons = naples(".hero .button");
    expect(textOf(naples, ".hero .button")).toEqual([`Call Now: ${phone.display}`, "Get a Quote", "Request Callback"]);
    expect(buttons.first().attr("href")).toBe(`tel:${phone.tel}`);
  });

  it("has the sections of spec §2 in order", () => {
    expect(textOf(naples, "main h2")).toEqual([
      "How It Works",
      "Airport Logistics",
      "Cancer-Care Pathway",
      "Local Support Directory",
      "Care Trips We Commonly Fly",
      "On-Board Experience",
      "Frequently Asked Questions",
      "Other Cities We Serve",
      "Planning a flight from Naples?",
    ]);
  });

  it("numbers the three steps of How It Works", () => {
    expect(inSection(naples, "how-it-works", "h3")).toEqual(["1. Inquiry", "2. Nurse/Coordinator Call", "3. Wheels Up"]);
  });

  it("lists each Naples airport with its code, name and role: APF primary, RSW alternate", () => {
    expect(airportsOf(naples)).toEqual([
      ["APF", "Naples Airport", "Primary"],
      ["RSW", "Southwest Florida International Airport", "Alternate"],
    ]);
  });

  it("has the local oncology overview and both checklists of the Cancer-Care Pathway", () => {
    expect(inSection(naples, "pathway", "h3")).toEqual([
      "Local oncology overview",
      "Pre-flight checklist",
      "Return (post-visit) checklist",
    ]);
    expect(inSection(naples, "pathway", ".checklist strong")).toEqual([
      "Medical records transfer",
      "Fit-to-fly assessment",
      "Insurance verification",
      "Ground transport coordination",
      "Return flight scheduling",
      "Local follow-up coordination",
      "Medication management",
      "Home health arrangements",
    ]);
  });

  it("lists the local support directory of its data file", () => {
    expect(inSection(naples, "support", "li")).toEqual([
      "Your oncologist's office: ask for records, the medication list and the fit-to-fly note before travel.",
      "Your insurer's member services line (on the back of the insurance card): ask about coverage for the trip.",
      "Collier County's senior and caregiver services: ask about help at home before and after the trip.",
      // Issue 40: a phone number written in the text is shown in the one format of every number.
      "Florida's Elder Helpline, (800) 963-5337: connects older adults and caregivers with local services.",
    ]);
  });

  it("links both destination pages from the site's root, so the links hold on /naples without its slash", () => {
    const links = naples('section[aria-labelledby="care-trips"] a')
      .toArray()
      .map((a) => [naples(a).text(), naples(a).attr("href")!]);
    expect(links.sort()).toEqual([
      ["Naples to MD Anderson Cancer Center", "/naples/flights-to-md-anderson-houston/"],
      ["Naples to Mayo Clinic", "/naples/flights-to-mayo-clinic-rochester/"],
    ]);
  });

  it("describes bed-to-bed coordination, medical monitoring and caregiver seating on board", () => {
    expect(inSection(naples, "on-board", "h3")).toEqual(["Bed-to-bed coordination", "Medical monitoring", "Caregiver seating"]);
  });

  it("shows four FAQs", () => {
    expect(inSection(naples, "faq", ".faq h3")).toEqual([
      "Is this an emergency air ambulance service in Naples?",
      "Can a family member fly with the patient from Naples?",
      "Can oxygen and monitoring be arranged for the flight?",
      "Where can patients fly from Naples?",
    ]);
    expect(inSection(naples, "faq", ".faq p")).toHaveLength(4);
  });

  it("links the three nearby cities of spec §9 and the list of every city", () => {
    const links = naples('section[aria-labelledby="other-cities"] a')
      .toArray()
      .map((a) => [naples(a).text(), naples(a).attr("href")]);
    expect(links).toEqual([
      ["Marco Island", "/marco-island/"],
      ["Bonita Springs", "/bonita-springs/"],
      ["Estero", "/estero/"],
      ["See every city we serve", "/cities/"],
    ]);
  });
});

describe("the structured data of the Naples page", () => {
  it("embeds LocalBusiness, FAQPage and BreadcrumbList as parseable JSON-LD", () => {
    expect(Object.keys(jsonLdOf(naples)).sort()).toEqual(["BreadcrumbList", "FAQPage", "LocalBusiness", "WebPage"]);
  });

  it("describes the business with the fields of spec §3, serving Naples", () => {
    const business = jsonLdOf(naples).LocalBusiness!;
    expect(business).toMatchObject({
      "@context": "https://schema.org",
      name: "Florida Medical Flights",
      description: naples('meta[name="description"]').attr("content"),
      telephone: phone.tel,
      url: `${baseUrl}/naples/`,
      serviceType: "Medical Flight Coordination",
      areaServed: {
        "@type": "City",
        name: "Naples",
        address: { "@type": "PostalAddress", addressLocality: "Naples", addressRegion: "FL", addressCountry: "US" },
      },
    });
  });

  it("has an FAQPage with exactly the questions and answers the page shows", () => {
    const visible = naples(".faq")
      .toArray()
      .map((el) => ({ question: naples(el).find("h3").text(), answer: naples(el).find("p").text() }));
    const faqPage = jsonLdOf(naples).FAQPage as { mainEntity: { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[] };
    expect(faqPage.mainEntity.map((q) => ({ question: q.name, answer: q.acceptedAnswer.text }))).toEqual(visible);
    expect(faqPage.mainEntity.every((q) => q["@type"] === "Question" && q.acceptedAnswer["@type"] === "Answer")).toBe(true);
    expect(visible).toHaveLength(4);
  });

  it("has a BreadcrumbList matching the visible breadcrumb", () => {
    const visible = naples('nav[aria-label="Breadcrumb"] a')
      .toArray()
      .map((a, index) => ({ "@type": "ListItem", position: index + 1, name: naples(a).text(), item: `${baseUrl}${naples(a).attr("href")}` }));
    expect((jsonLdOf(naples).BreadcrumbList as { itemListElement: unknown[] }).itemListElement).toEqual(visible);
  });
});

describe("every city page", () => {
  // Every city file of data/cities/, as an editor leaves it: the page shows what its file says.
  const cities = cityFiles().map((city) => [city.urlSlug, city] as const);

  it.each(cities)("lists the airports of its file, in order, with their roles, for %s", async (slug, city) => {
    const $ = await renderPage(`/${slug}/`);
    expect(airportsOf($)).toEqual(city.airports.map((airport) => [airport.code, airport.name, en.airportType[airport.type as keyof typeof en.airportType]]));
  });

  // A nearby place without a page of its own is text, not a link.
  it.each(cities)("shows the nearby cities of %s, linking only those with a page", async (slug, city) => {
    const $ = await renderPage(`/${slug}/`);
    const shown = $('section[aria-labelledby="other-cities"] .pill-list li')
      .toArray()
      .map((li) => [$(li).text(), $(li).find("a").attr("href")]);
    expect(shown).toEqual(city.nearby.map((place) => [place.name, place.slug && `/${place.slug}/`]));
  });

  it.each(cities)("gives %s four FAQs that its FAQPage repeats exactly", async (slug) => {
    const $ = await renderPage(`/${slug}/`);
    const visible = $(".faq").toArray().map((el) => [$(el).find("h3").text(), $(el).find("p").text()]);
    const faqPage = jsonLdOf($).FAQPage as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(visible).toHaveLength(4);
    expect(faqPage.mainEntity.map((q) => [q.name, q.acceptedAnswer.text])).toEqual(visible);
  });
});
