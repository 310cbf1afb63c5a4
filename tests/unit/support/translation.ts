// A stand-in Spanish translation of the real content for the tests of the Spanish pages (issue 29): every translated
// text of data/ turned into a text that shares no English word, the rest (slugs, names, codes, links) left as it is, so
// that an English sentence on a Spanish page can only come from a template or a page the translation lacks.
import type { City, Page, SiteContent, Translation } from "../../../src/content/types";

/** "Flights to [our team](/about/) for {city}" → "sthgilF ot [ruo maet](/about/) rof {city}": no English word left. */
export function pseudoSpanish(text: string): string {
  return text
    .split(/(\{city\}|\]\([^)]*\)|https?:\/\/\S+|tel:\+\d+|\d[\d\s().-]*\d)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[A-Za-z]{2,}/g, (word) => [...word].reverse().join(""))))
    .join("");
}

export interface PseudoTranslationOptions {
  /** Cities left untranslated, by slug: they have no Spanish pages. */
  withoutCities?: string[];
  withoutHome?: boolean;
  withoutPages?: string[];
  site?: Partial<Translation["site"]>;
}

/** The whole real content in pseudo-Spanish, less what `options` leaves out. */
export function pseudoTranslation(content: SiteContent, options: PseudoTranslationOptions = {}): Translation {
  const cities = new Map<string, City>();
  for (const city of content.cities) {
    if (!options.withoutCities?.includes(city.urlSlug)) cities.set(city.urlSlug, translated(city));
  }
  const pages = new Map<string, Page>();
  for (const page of content.pages) {
    if (!options.withoutPages?.includes(page.path)) pages.set(page.path, translated(page));
  }
  return {
    lang: "es",
    site: { ...content.site, tagline: pseudoSpanish(content.site.tagline), description: pseudoSpanish(content.site.description), ...options.site },
    home: options.withoutHome ? undefined : translated(content.home),
    cityCommon: translated(content.cityCommon),
    cities,
    destinations: new Map(content.destinations.map((destination) => [destination.slug, translated(destination)])),
    pages,
    documents: { checklist: translated(content.documents.checklist), itinerary: translated(content.documents.itinerary) },
  };
}

/** `content` with `translation` as its Spanish. */
export function withSpanish(content: SiteContent, translation: Translation): SiteContent {
  return { ...content, translations: { es: translation } };
}

// --- internal ---

// The fields FORMAT-ES keeps from the English file: names, addresses, codes, dates.
const kept = new Set([
  "urlSlug", "slug", "path", "href", "url", "code", "type", "cityName", "name", "destination", "destinationShort",
  "location", "youtubeUrl", "updated", "id", "phone", "email", "urlSegment", "airports", "arrivalAirports",
  "nearbyCity1", "nearbyCity2", "nearbyCity3", "photo",
]);

function translated<T>(value: T, key?: string): T {
  if (key !== undefined && kept.has(key)) return value;
  if (typeof value === "string") return pseudoSpanish(value) as T;
  if (Array.isArray(value)) return value.map((item) => translated(item)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, translated(item, name)])) as T;
  }
  return value;
}
