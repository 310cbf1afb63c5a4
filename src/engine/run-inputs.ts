import type { ClientBundle } from "./client-bundle";
import type { PlacedPhotos } from "./photos";
import type { StageTimer } from "./stages";
import type { Renderer } from "../render/renderer-bundle";
import { citiesReadBy, ownerOf } from "../site/made-from";
import type { City, Download, OutputFile, Route, SiteContent } from "../content/types";

// What a run of the build engine (engine.ts) is made from, and what of it changed since the last run: when only
// cities changed, the dev server re-creates only the pages that declare they are made from them (CityReaders).

/** What a run is made from, besides the renders it keeps. */
export interface RunInputs {
  /** The content as validated, before a quote endpoint is put in. */
  validated: SiteContent;
  content: SiteContent;
  renderer: Renderer;
  bundle: ClientBundle;
  staticFiles: OutputFile[];
  downloads: Download[];
  /** The photos of `content`, encoded (photos.ts). */
  photos: PlacedPhotos;
  timer: StageTimer;
}

/**
 * The cities that changed since `last`, in the order of the site, when nothing else did; undefined when more than
 * cities changed, or a city changed what the lists of cities show of it (listedCity: every page but a city's own shows
 * a city only so, unless it declares that city in its `madeFrom`).
 */
export function changedCities(last: RunInputs, next: RunInputs): City[] | undefined {
  if (next.renderer !== last.renderer || next.bundle !== last.bundle || next.staticFiles !== last.staticFiles || next.downloads !== last.downloads) return undefined;
  // A photo's file may change with no data file changing: its picture's names change on every page showing it.
  if (next.photos.digest !== last.photos.digest) return undefined;
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

/**
 * Which cities' pages are made from each city, as the pages declare it (`madeFrom`: their own city and the others
 * they show something of, src/site/made-from.ts), by slug. Kept between runs, from the routes each run created.
 */
export class CityReaders {
  /** For each city with pages: the cities its pages are made from. */
  readonly #reads = new Map<string, Set<string>>();
  /** For each city: the cities whose pages are made from it. */
  readonly #readers = new Map<string, Set<string>>();

  /** Forgets what it knew, and takes the declarations of every route of a site. */
  reset(routes: Route[]): void {
    this.#reads.clear();
    this.#readers.clear();
    this.update(routes);
  }

  /** Takes the declarations of `routes`: every page of each city whose pages are among them (cityRoutes). */
  update(routes: Route[]): void {
    const reads = new Map<string, Set<string>>();
    for (const route of routes) {
      const owner = ownerOf(route);
      if (!owner) continue;
      let slugs = reads.get(owner.urlSlug);
      if (!slugs) reads.set(owner.urlSlug, (slugs = new Set()));
      for (const city of citiesReadBy(route)) slugs.add(city.urlSlug);
    }
    for (const [owner, slugs] of reads) {
      for (const slug of this.#reads.get(owner) ?? []) this.#readers.get(slug)?.delete(owner);
      this.#reads.set(owner, slugs);
      for (const slug of slugs) {
        const readers = this.#readers.get(slug);
        if (readers) readers.add(owner);
        else this.#readers.set(slug, new Set([owner]));
      }
    }
  }

  /** The cities of `content` whose pages are made from any of `cities`, in the order of the site. */
  readersOf(cities: City[], content: SiteContent): City[] {
    const owners = new Set(cities.flatMap((city) => [...(this.#readers.get(city.urlSlug) ?? [])]));
    return content.cities.filter((city) => owners.has(city.urlSlug));
  }
}
