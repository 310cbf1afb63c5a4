import { readFileSync } from "node:fs";
import path from "node:path";
import type { CheerioAPI } from "cheerio";
import { parse } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { cityFiles, sitePhone } from "../support/data-files";
import { renderSamplePage, sampleDataDir } from "../support/sample-site";
import { jsonLdOf, renderPage, textOf } from "../support/site";

// The home page of the sample site (tests/fixtures/sample-site), asserted word for word; the real home page is checked
// against the city files of the real data/ (issue 35).
const baseUrl = "https://www.floridamedicalflights.example";
const phone = sitePhone(sampleDataDir);

let home: CheerioAPI;
beforeAll(async () => {
  home = await renderSamplePage("/");
});

const linksIn = ($: CheerioAPI, id: string, selector = "a") =>
  $(`section[aria-labelledby="${id}"] ${selector}`)
    .toArray()
    .map((a) => [$(a).text(), $(a).attr("href")]);

describe("the home page", () => {
  it("has its title, description and canonical link", () => {
    expect(home("title").text()).toBe("Non-Emergency Medical Flights in Florida | Since 1988");
    expect(home('meta[name="description"]').attr("content")).toBe(
      "Non-emergency medical flights from Florida to cancer centers nationwide and worldwide. Bed-to-bed coordination, caregiver seating, 24/7 phone line.",
    );
    expect(home('link[rel="canonical"]').attr("href")).toBe(`${baseUrl}/`);
  });

  it("opens with the tagline, the hero heading, a call button and a quote button", () => {
    expect(home(".hero .eyebrow").text()).toBe("There When You Need Us");
    expect(textOf(home, "h1")).toEqual(["Medical Flights for Patients and Families, There When You Need Us"]);
    expect(home(".hero .button").toArray().map((a) => [home(a).text(), home(a).attr("href")])).toEqual([
      [`Call Now: ${phone.display}`, `tel:${phone.tel}`],
      ["Request a Quote", "/contact/#quote"],
    ]);
    expect(home('.hero a[href="/contact/#quote"]').attr("data-quote-open")).toBe("");
  });

  it("has the sections of spec §2 in order", () => {
    expect(textOf(home, "main h2")).toEqual([
      "How We Help",
      "Care from Bed to Bed",
      "How It Works",
      "What We Coordinate",
      "Florida Cities We Serve",
      "Quick Facts",
      "Our Mission",
      "Ready to talk about a flight?",
    ]);
  });

  it("has four service tiles linking to their pages with the trailing slash", () => {
    expect(linksIn(home, "services")).toEqual([
      ["Medical Flights", "/services/medical-flights/"],
      ["International Flights", "/services/international-air-ambulance/"],
      ["Bedside to Bedside", "/procedures/bedside-to-bedside/"],
      ["For Families", "/for-families/"],
    ]);
  });

  it("describes the on-board care and the three steps of how it works", () => {
    expect(textOf(home, 'section[aria-labelledby="on-board"] h3')).toEqual([
      "Bed-to-bed coordination",
      "Medical monitoring",
      "Caregiver seating",
    ]);
    expect(textOf(home, 'section[aria-labelledby="how-it-works"] h3')).toEqual([
      "1. Inquiry",
      "2. Nurse/Coordinator Call",
      "3. Wheels Up",
    ]);
  });

  it("lists the services of spec §1 as cards", () => {
    expect(textOf(home, 'section[aria-labelledby="what-we-coordinate"] h3')).toEqual([
      "Bed-to-Bed Coordination",
      "Oxygen and Monitoring",
      "Caregiver Seating",
      "24/7 Coordination and Dispatch",
      "Organ Transfer",
      "Neonatal Transport",
      "Volunteer Pilot Network Flights",
      "International Flights",
    ]);
  });

  it("links every city file's page, by name, in alphabetical order", async () => {
    const byName = cityFiles().sort((a, b) => a.cityName.localeCompare(b.cityName, "en"));
    expect(linksIn(await renderPage("/"), "cities")).toEqual(byName.map((city) => [city.cityName, `/${city.urlSlug}/`]));
  });

  it("gives the quick facts of home.yaml, in order", () => {
    const facts = home(".fact")
      .toArray()
      .map((el) => [home(el).find("dt").text(), home(el).find("dd").text()]);
    const listed = (parse(readFileSync(path.join(sampleDataDir, "home.yaml"), "utf8")) as { quickFacts: { label: string; value: string }[] }).quickFacts;
    expect(facts).toEqual(listed.map((fact) => [fact.label, fact.value]));
  });

  it("describes the business for all of Florida in its JSON-LD, with no breadcrumb", () => {
    const ld = jsonLdOf(home);
    expect(Object.keys(ld)).toEqual(["LocalBusiness", "WebPage"]);
    expect(ld.LocalBusiness).toMatchObject({
      name: "Florida Medical Flights",
      telephone: phone.tel,
      foundingDate: "1988",
      slogan: "There When You Need Us",
      serviceType: "Medical Flight Coordination",
      address: { addressLocality: "St. Petersburg", addressRegion: "FL", addressCountry: "US" },
      areaServed: { "@type": "State", name: "Florida", address: { addressRegion: "FL", addressCountry: "US" } },
    });
    expect(home('nav[aria-label="Breadcrumb"]')).toHaveLength(0);
  });
});
