import { readFileSync } from "node:fs";
import path from "node:path";
import type { CheerioAPI } from "cheerio";
import { parse } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { sitePhone } from "../support/data-files";
import { renderSamplePage, sampleDataDir } from "../support/sample-site";
import { jsonLdOf, textOf } from "../support/site";

const baseUrl = "https://www.floridamedicalflights.example";
const phone = sitePhone(sampleDataDir);

let houston: CheerioAPI;
let rochester: CheerioAPI;
beforeAll(async () => {
  houston = await renderSamplePage("/naples/flights-to-md-anderson-houston/");
  rochester = await renderSamplePage("/sarasota/flights-to-mayo-clinic-rochester/");
});

const breadcrumbOf = ($: CheerioAPI) =>
  $('nav[aria-label="Breadcrumb"] a')
    .toArray()
    .map((a) => [$(a).text(), $(a).attr("href")]);
const relatedOf = ($: CheerioAPI) =>
  $('nav[aria-labelledby="related"] a')
    .toArray()
    .map((a) => [$(a).text(), $(a).attr("href")]);
const airportsIn = ($: CheerioAPI, column: number) =>
  $('section[aria-labelledby="route"] .two-columns > div')
    .eq(column)
    .find(".airport")
    .toArray()
    .map((el) => `${$(el).find(".airport-code").text()} ${$(el).find(".airport-role").text()}`);

describe("the Houston destination page (Naples to MD Anderson)", () => {
  it("names the city and the center in its title, description, canonical link and heading", () => {
    expect(houston("title").text()).toBe("Flights from Naples to MD Anderson | Houston");
    expect(houston('meta[name="description"]').attr("content")).toBe(
      "Non-emergency medical flights from Naples, FL to MD Anderson Cancer Center in Houston. Bed-to-bed coordination, caregiver seating, 24/7 line.",
    );
    expect(houston('link[rel="canonical"]').attr("href")).toBe(`${baseUrl}/naples/flights-to-md-anderson-houston/`);
    expect(textOf(houston, "h1")).toEqual(["Medical Flights from Naples to MD Anderson in Houston"]);
    expect(houston(".hero .lead").text()).toMatch(/^Going from Naples to MD Anderson Cancer Center in Houston/);
  });

  it("shows the breadcrumb Home > Cities We Serve > Naples > Flights to MD Anderson", () => {
    expect(breadcrumbOf(houston)).toEqual([
      ["Home", "/"],
      ["Cities We Serve", "/cities/"],
      ["Naples", "/naples/"],
      ["Flights to MD Anderson", "/naples/flights-to-md-anderson-houston/"],
    ]);
  });

  it("has a BreadcrumbList matching the visible breadcrumb", () => {
    const list = jsonLdOf(houston).BreadcrumbList as { itemListElement: { position: number; name: string; item: string }[] };
    expect(list.itemListElement.map((i) => [i.position, i.name, i.item])).toEqual(
      breadcrumbOf(houston).map(([name, href], index) => [index + 1, name, `${baseUrl}${href}`]),
    );
  });

  it("has the Houston sections of spec §2 in order", () => {
    expect(textOf(houston, "main h2")).toEqual([
      "Your Route",
      "About MD Anderson",
      "Appointments and Second Opinions",
      "Travel and Lodging",
      "Campus Navigation and Parking",
      "Specialized Treatments",
      "Clinical Trials",
      "International Patients",
      "A Typical Travel Day",
      "Helpful Contacts",
      "Lodging Options",
      "More for Naples Patients",
      "Planning a trip to MD Anderson Cancer Center?",
    ]);
  });

  it("departs from the Naples airports and arrives at IAH or HOU", () => {
    expect(airportsIn(houston, 0)).toEqual(["APF Primary", "RSW Alternate"]);
    expect(airportsIn(houston, 1)).toEqual(["IAH Commercial", "HOU Commercial"]);
  });

  it("gives the travel desk hours and the expected length of a visit from spec §9", () => {
    const text = houston("main").text().replace(/\s+/g, " ");
    expect(text).toContain("weekdays, 8 a.m. to 5 p.m.");
    expect(text).toContain("Plan for about 1 to 3 or more days in Houston.");
  });

  it("walks through a typical day in five numbered steps", () => {
    expect(textOf(houston, 'section[aria-labelledby="typical-day"] .step h3')).toEqual([
      "1. Pick-up at home or bedside",
      "2. Flight to Houston",
      "3. Arrival at IAH or HOU",
      "4. Hand-off in Houston",
      "5. Rest and next steps",
    ]);
  });

  it("lists the helpful contacts of its destination file with call links", () => {
    const contacts = houston('section[aria-labelledby="helpful-contacts"] .contact-list li');
    // As data/destinations/md-anderson.yaml lists them: the numbers are the file's text, not site.yaml's.
    const listed = (parse(readFileSync(path.join(sampleDataDir, "destinations/md-anderson.yaml"), "utf8")) as {
      sections: { contacts?: { label: string; phone?: string }[] }[];
    }).sections.flatMap((section) => section.contacts ?? []);
    expect(contacts.toArray().map((li) => houston(li).find("strong").text())).toEqual(listed.map((contact) => contact.label));
    expect(contacts.find('a[href^="tel:"]').toArray().map((a) => houston(a).attr("href"))).toEqual(
      listed.filter((contact) => contact.phone).map((contact) => `tel:+1${contact.phone!.replace(/\D/g, "")}`),
    );
  });

  it("writes internal markdown links with the trailing slash", () => {
    expect(houston('section[aria-labelledby="international-patients"] a').attr("href")).toBe(
      "/services/international-air-ambulance/",
    );
  });

  it("links back to the Naples page and across to Naples to Mayo Clinic", () => {
    expect(relatedOf(houston)).toEqual([
      ["Medical flights in Naples", "/naples/"],
      ["Naples to Mayo Clinic", "/naples/flights-to-mayo-clinic-rochester/"],
    ]);
  });

  it("offers Call Now and Get a Quote in the hero", () => {
    expect(textOf(houston, ".hero .button")).toEqual([`Call Now: ${phone.display}`, "Get a Quote"]);
  });
});

describe("the Rochester destination page (Sarasota to Mayo Clinic)", () => {
  it("names the city and the center in its title and heading", () => {
    expect(rochester("title").text()).toBe("Flights from Sarasota to Mayo Clinic | Rochester");
    expect(textOf(rochester, "h1")).toEqual(["Medical Flights from Sarasota to Mayo Clinic in Rochester"]);
  });

  it("shows the breadcrumb Home > Cities We Serve > Sarasota > Flights to Mayo Clinic", () => {
    expect(breadcrumbOf(rochester)).toEqual([
      ["Home", "/"],
      ["Cities We Serve", "/cities/"],
      ["Sarasota", "/sarasota/"],
      ["Flights to Mayo Clinic", "/sarasota/flights-to-mayo-clinic-rochester/"],
    ]);
  });

  it("has the Rochester sections of spec §2 in order", () => {
    expect(textOf(rochester, "main h2")).toEqual([
      "Your Route",
      "Why Fly to Rochester",
      "How Departure Works",
      "How Arrival Works",
      "Lodging and Local Support",
      "What to Bring",
      "Timing and Turnarounds",
      "Lodging Options",
      "More for Sarasota Patients",
      "Planning a trip to Mayo Clinic?",
    ]);
  });

  it("departs from the Sarasota airports and arrives at RST, with MSP as the backup", () => {
    expect(airportsIn(rochester, 0)).toEqual(["SRQ Primary", "RSW Backup"]);
    expect(airportsIn(rochester, 1)).toEqual(["RST Primary", "MSP Backup"]);
  });

  it("has a what-to-bring checklist", () => {
    expect(textOf(rochester, 'section[aria-labelledby="what-to-bring"] .checklist li')[0]).toBe("Photo ID and insurance cards");
  });

  it("links back to the Sarasota page and across to Sarasota to MD Anderson", () => {
    expect(relatedOf(rochester)).toEqual([
      ["Medical flights in Sarasota", "/sarasota/"],
      ["Sarasota to MD Anderson", "/sarasota/flights-to-md-anderson-houston/"],
    ]);
  });

  it("describes the business serving Sarasota in its JSON-LD", () => {
    expect(jsonLdOf(rochester).LocalBusiness).toMatchObject({
      telephone: phone.tel,
      serviceType: "Medical Flight Coordination",
      url: `${baseUrl}/sarasota/flights-to-mayo-clinic-rochester/`,
      areaServed: { name: "Sarasota", address: { addressRegion: "FL", addressCountry: "US" } },
    });
  });
});
