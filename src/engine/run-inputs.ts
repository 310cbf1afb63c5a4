import { hash } from "node:crypto";
import type { ClientBundle } from "./client-bundle";
import type { StageTimer } from "./stages";
import type { Renderer } from "../render/renderer-bundle";
import type { City, Download, OutputFile, Route, SiteContent } from "../content/types";

// What a run of the build engine (engine.ts) is made from, and what of it changed since the last run: when only
// cities changed, the dev server re-creates and renders only their pages.

/** What a run is made from, besides the renders it keeps. */
export interface RunInputs {
  /** The content as validated, before a quote endpoint is put in. */
  validated: SiteContent;
  content: SiteContent;
  renderer: Renderer;
  bundle: ClientBundle;
  staticFiles: OutputFile[];
  downloads: Download[];
  timer: StageTimer;
}

/**
 * What the city pages of a run were made from: a digest of what every city's pages show besides their city
 * (settings, city-common.yaml, destinations, assets, the renderer), and each city by slug. A city file that did not
 * change keeps its parsed object (parse results are kept by text), so identity says it.
 */
export interface CityInputs {
  shared: string;
  cities: Map<string, City>;
}

/**
 * The cities that changed since `last`, in the order of the site, when nothing else did; undefined when more than
 * cities changed, or a city changed what the lists of cities show of it.
 */
export function changedCities(last: RunInputs, next: RunInputs): City[] | undefined {
  if (next.renderer !== last.renderer || next.bundle !== last.bundle || next.staticFiles !== last.staticFiles || next.downloads !== last.downloads) return undefined;
  const [before, after] = [last.validated, next.validated];
  // ContentValidator keeps every part of the content that did not change as it was, so identity says it.
  const others = Object.keys(after) as (keyof SiteContent)[];
  if (others.some((part) => part !== "cities" && after[part] !== before[part]) || after.cities.length !== before.cities.length) return undefined;
  const { listedCity } = next.renderer;
  const cities: City[] = [];
  for (const [index, city] of after.cities.entries()) {
    const earlier = before.cities[index]!;
    if (city === earlier) continue;
    if (JSON.stringify(listedCity(city)) !== JSON.stringify(listedCity(earlier))) return undefined;
    cities.push(city);
  }
  return cities;
}

/** What the city pages of a run are made from (see CityInputs). */
export function cityInputsOf({ renderer, content, bundle }: RunInputs): CityInputs {
  return {
    shared: hash("sha1", JSON.stringify([renderer.id, content.site, content.cityCommon, content.destinations, bundle.assets]), "base64url"),
    cities: new Map(content.cities.map((city) => [city.urlSlug, city])),
  };
}

/** Whether `route` is a page made from a city and what every city shares: its city page or a destination page. */
export function isCityPage(route: Route): boolean {
  return route.kind === "page" && (route.pageKind === "city" || route.pageKind === "destination");
}
