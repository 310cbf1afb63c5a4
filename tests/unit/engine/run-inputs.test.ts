import { beforeAll, describe, expect, it } from "vitest";
import { changedCities, cityInputsOf, isCityPage, type RunInputs } from "../../../src/engine/run-inputs";
import { cityRoutes, createRoutes, listedCity } from "../../../src/site/routes";
import { renderRoute } from "../../../src/render/render-route";
import { stageTimer } from "../../../src/engine/stages";
import { loadRealSite, testAssets } from "../support/site";
import type { Renderer } from "../../../src/render/renderer-bundle";
import type { City, Route, SiteContent } from "../../../src/content/types";

const renderer: Renderer = { id: "code", createRoutes, cityRoutes, listedCity, renderRoute };
let content: SiteContent;
let routes: Route[];

beforeAll(async () => {
  ({ content, routes } = await loadRealSite());
});

/** A run made from `validated`, with everything else the same object every time (as the dev server keeps it). */
const parts = { bundle: { assets: testAssets, files: [], javascriptGzip: { everyPage: 0, withForm: 0 } }, staticFiles: [], downloads: [], timer: stageTimer() };
const runOf = (validated: SiteContent, using = renderer): RunInputs => ({ validated, content: validated, renderer: using, ...parts });
/** `content` with the city at `index` replaced, as ContentValidator gives it after that city's file was saved. */
const withCity = (index: number, change: (city: City) => City): SiteContent => ({
  ...content,
  cities: content.cities.map((city, i) => (i === index ? change(city) : city)),
});

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

  it("tells what every city's pages share by a digest, and each city by its slug", () => {
    const inputs = cityInputsOf(runOf(content));
    expect(inputs.cities.size).toBe(content.cities.length);
    expect(inputs.cities.get(content.cities[0]!.urlSlug)).toBe(content.cities[0]);
    expect(cityInputsOf(runOf(content)).shared).toBe(inputs.shared);
    expect(cityInputsOf(runOf({ ...content, cityCommon: { ...content.cityCommon, howItWorks: [] } })).shared).not.toBe(inputs.shared);
  });

  it("knows a city's own pages among the routes", () => {
    const cityPages = routes.filter(isCityPage).map((route) => route.file);
    expect(cityPages).toHaveLength(content.cities.length * (1 + content.destinations.length));
    expect(cityPages).toContain("naples/index.html");
    expect(cityPages).not.toContain("index.html");
    expect(cityPages).not.toContain("cities/index.html");
  });
});
