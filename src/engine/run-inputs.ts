import type { ClientBundle } from "./client-bundle";
import type { PlacedPhotos } from "../images/photos";
import type { StageTimer } from "./stages";
import type { Renderer } from "../render/renderer-bundle";
import type { CardCode } from "../images/card-code";
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
  /** The browser bundle, with the version of `cardCode` in its assets (every page's share card is named by it). */
  bundle: ClientBundle;
  /** The code that draws the share cards. */
  cardCode: CardCode;
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
  // SiteValidator keeps every part of the content that did not change as it was, so identity says it.
  // The notes are printed, not rendered; a translation's cities are compared as the cities are, below.
  const others = (Object.keys(after) as (keyof SiteContent)[]).filter((part) => part !== "cities" && part !== "translations" && part !== "translationNotes");
  if (others.some((part) => after[part] !== before[part]) || after.cities.length !== before.cities.length) return undefined;
  const translated = changedTranslations(before, after);
  if (!translated) return undefined;
  const { listedCity } = next.renderer;
  const listedAlike = (a: City, b: City) => JSON.stringify(listedCity(a)) === JSON.stringify(listedCity(b));
  const cities: City[] = [];
  for (const [index, city] of after.cities.entries()) {
    const earlier = before.cities[index]!;
    const changedIn = translated.filter((pair) => pair.after.get(city.urlSlug) !== pair.before.get(city.urlSlug));
    if (city === earlier && changedIn.length === 0) continue;
    if (!listedAlike(city, earlier) || changedIn.some((pair) => !listedAlike(pair.after.get(city.urlSlug)!, pair.before.get(city.urlSlug)!))) return undefined;
    cities.push(city);
  }
  return cities;
}

/**
 * Each language's translated cities before and after, when nothing else of the translations changed and every
 * translated city is still there (so no Spanish page came or went); undefined otherwise.
 */
function changedTranslations(before: SiteContent, after: SiteContent): { before: Map<string, City>; after: Map<string, City> }[] | undefined {
  if (after.translations === before.translations) return [];
  const langs = Object.keys(after.translations) as (keyof SiteContent["translations"])[];
  if (langs.length !== Object.keys(before.translations).length) return undefined;
  const pairs: { before: Map<string, City>; after: Map<string, City> }[] = [];
  for (const lang of langs) {
    const [was, is] = [before.translations[lang], after.translations[lang]!];
    if (!was) return undefined;
    const parts = Object.keys(is) as (keyof typeof is)[];
    if (parts.some((part) => part !== "cities" && is[part] !== was[part])) return undefined;
    if (is.cities.size !== was.cities.size || [...is.cities.keys()].some((slug) => !was.cities.has(slug))) return undefined;
    if (is.cities !== was.cities) pairs.push({ before: was.cities, after: is.cities });
  }
  return pairs;
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
