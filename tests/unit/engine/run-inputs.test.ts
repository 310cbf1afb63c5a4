import { beforeAll, describe, expect, it } from "vitest";
import { changedCities, CityReaders, type RunInputs } from "../../../src/engine/run-inputs";
import { cityRoutes, createRoutes, listedCity } from "../../../src/site/routes";
import { lazyPage } from "../../../src/site/page-route";
import { renderNonPage, renderPage } from "../../../src/render/render-route";
import { stageTimer } from "../../../src/engine/stages";
import { testAssets } from "../support/site";
import type { Renderer } from "../../../src/render/renderer-bundle";
import type { City, Route, SiteContent } from "../../../src/content/types";
import { loadSampleSite } from "../support/sample-site";

const renderer: Renderer = { id: "code", createRoutes, cityRoutes, listedCity, renderPage, renderNonPage };
let content: SiteContent;
let routes: Route[];

beforeAll(async () => {
  ({ content, routes } = await loadSampleSite());
});

/** A run made from `validated`, with everything else the same object every time (as the dev server keeps it). */
const parts = { bundle: { assets: testAssets, files: [], javascriptGzip: { everyPage: 0, withForm: 0 } }, cardCode: { version: "test" }, staticFiles: [], downloads: [], timer: stageTimer() };
const runOf = (validated: SiteContent, using = renderer, photoDigest = ""): RunInputs => ({
  validated,
  content: validated,
  renderer: using,
  ...parts,
  photos: { content: validated, files: [], encoded: 0, cached: 0, digest: photoDigest, warnings: [] },
});
/** `content` with the city at `index` replaced, as SiteValidator gives it after that city's file was saved. */
const withCity = (index: number, change: (city: City) => City): SiteContent => ({
  ...content,
  cities: content.cities.map((city, i) => (i === index ? change(city) : city)),
});
const city = (slug: string) => content.cities.find((c) => c.urlSlug === slug)!;
const slugs = (cities: City[]) => cities.map((c) => c.urlSlug);

describe("what changed since the last run (serve --watch)", () => {
  it("names the cities that changed when nothing else did, in the order of the site", () => {
    const next = withCity(2, (city) => ({ ...city, localCareOverview: "Edited." }));
    expect(changedCities(runOf(content), runOf(next))).toEqual([next.cities[2]]);
    expect(changedCities(runOf(content), runOf(content))).toEqual([]);
  });

  it("gives up when a city changed what the lists of cities show of it (its name, link or airports)", () => {
    const renamed = withCity(2, (city) => ({ ...city, cityName: `${city.cityName} Beach` }));
    expect(changedCities(runOf(content), runOf(renamed))).toBeUndefined();
  });

  it("gives up when more than cities changed: another part of the content, or the code that renders", () => {
    expect(changedCities(runOf(content), runOf({ ...content, site: { ...content.site } }))).toBeUndefined();
    expect(changedCities(runOf(content), runOf(content, { ...renderer }))).toBeUndefined();
    expect(changedCities(runOf(content), runOf({ ...content, cities: content.cities.slice(1) }))).toBeUndefined();
  });

  it("gives up when a photo's file changed, though no data file did (issue 30)", () => {
    expect(changedCities(runOf(content, renderer, "a"), runOf(content, renderer, "a"))).toEqual([]);
    expect(changedCities(runOf(content, renderer, "a"), runOf(content, renderer, "b"))).toBeUndefined();
  });
});

describe("what changed since the last run, with a translation (serve --watch)", () => {
  /** `content` with the Spanish city `slug` replaced, as SiteValidator gives it after data/es/cities/<slug>.yaml was saved. */
  const withSpanishCity = (slug: string, change: (city: City) => City): SiteContent => {
    const es = content.translations.es!;
    return {
      ...content,
      translations: { ...content.translations, es: { ...es, cities: new Map(es.cities).set(slug, change(es.cities.get(slug)!)) } },
      translationNotes: { ...content.translationNotes },
    };
  };

  it("names a city whose translation alone changed, and ignores the notes, which are printed, not rendered", () => {
    const next = withSpanishCity("estero", (city) => ({ ...city, localCareOverview: "Editado." }));
    expect(slugs(changedCities(runOf(content), runOf(next))!)).toEqual(["estero"]);
    expect(changedCities(runOf(content), runOf({ ...content, translationNotes: { warnings: [], incomplete: [] } }))).toEqual([]);
  });

  it("gives up when a translation gains or loses a city, or another part of it changed", () => {
    const es = content.translations.es!;
    const fewer = new Map(es.cities);
    fewer.delete("estero");
    expect(changedCities(runOf(content), runOf({ ...content, translations: { es: { ...es, cities: fewer } } }))).toBeUndefined();
    expect(changedCities(runOf(content), runOf({ ...content, translations: { es: { ...es, site: { ...es.site } } } }))).toBeUndefined();
    expect(changedCities(runOf(content), runOf({ ...content, translations: {} }))).toBeUndefined();
    const renamed = withSpanishCity("estero", (city) => ({ ...city, cityName: "Estero del Sur" }));
    expect(changedCities(runOf(content), runOf(renamed))).toBeUndefined();
  });
});

describe("which cities' pages are made from a city", () => {
  it("knows from the routes' declarations that a city's pages are made from that city alone", () => {
    const readers = new CityReaders();
    readers.reset(routes);
    expect(slugs(readers.readersOf([city("naples")], content))).toEqual(["naples"]);
    expect(slugs(readers.readersOf([city("sarasota"), city("naples")], content))).toEqual(["naples", "sarasota"]);
  });

  it("follows a page that declares it shows other cities, and forgets what a city's pages no longer declare", () => {
    const readers = new CityReaders();
    readers.reset(routes);
    const showing = (owner: City, others: City[]): Route[] => [lazyPage("city", `/${owner.urlSlug}/`, { city: owner, cities: others }, () => routes[0]!)];
    readers.update(showing(city("estero"), [city("naples")]));
    expect(slugs(readers.readersOf([city("naples")], content))).toEqual(["estero", "naples"]);
    readers.update(showing(city("estero"), [city("sarasota")]));
    expect(slugs(readers.readersOf([city("naples")], content))).toEqual(["naples"]);
    expect(slugs(readers.readersOf([city("sarasota")], content))).toEqual(["estero", "sarasota"]);
  });
});
