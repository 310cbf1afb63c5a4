import { ContentError, sortProblems, type ContentProblem } from "../errors";
import { unprintableCharacters } from "./printable";
import type { SiteContent, SourceFile } from "./types";
import {
  ChecklistDocument,
  City,
  CityCommon,
  Destination,
  Episode,
  Home,
  LetterTemplate,
  Page,
  SampleItinerary,
  SiteConfig,
  type ContentKind,
} from "./schema";
import { fileKinds, translationFileOf } from "./file-kinds";
import { parseDataFile, type ParsedFile } from "./parse";
import { closestMatch } from "./suggest";
import { validateTranslations, type EnglishFile, type TranslationsResult } from "./translations";
import { checkPhotos, withPhotoFile } from "./photo-files";
import { cityFilledFields, fieldsTooLongFor, formsTooLong } from "./city-forms";

/** First URL segments that belong to the site itself, so no city may take them. */
const reservedSegments = ["assets", "cities", "podcast", "downloads", "sitemap.xml", "robots.txt", "404.html"];

/**
 * All data files → SiteContent, or a ContentError listing every problem in every file at once. `parse` is
 * parseDataFile unless a caller keeps earlier results (`serve --watch` parses only the files that changed); `images`:
 * the files under data/images/ (imageFileNames), which photos name.
 */
export function validateContent(
  files: SourceFile[],
  parse: typeof parseDataFile = parseDataFile,
  images: ReadonlySet<string> = new Set(),
): SiteContent {
  const problems: ContentProblem[] = [];
  const parsed = new Map<ContentKind, ParsedFile<unknown>[]>();
  // Files that failed their schema still name a city or destination (by their file name), so references to them
  // get no second, misleading "no city" problem on top of the real one.
  const brokenSlugs = new Map<ContentKind, string[]>();

  // The English files by path, and the translations (data/<lang>/), which are laid over them once they are read.
  const english = new Map<string, EnglishFile>();
  const translationFiles: SourceFile[] = [];
  for (const file of files) {
    if (translationFileOf(file.path)) {
      translationFiles.push(file);
      continue;
    }
    const kind = fileKinds.find((k) => k.pattern.test(file.path));
    if (!kind) {
      problems.push(problemAt(file, "", `is not a kind of data file flightsite knows; expected ${knownFileNames}`));
      continue;
    }
    const result = parse(file, kind.schema);
    english.set(file.path, { kind: kind.kind, file, ok: result.ok });
    // Appended in place: copying the list for each file is quadratic in the number of cities.
    if (result.ok) appendTo(parsed, kind.kind, result.parsed);
    else {
      problems.push(...result.problems);
      appendTo(brokenSlugs, kind.kind, fileSlug(file));
    }
  }

  const site = single<SiteConfig>(parsed, "site", "site.yaml", files, problems);
  const home = single<Home>(parsed, "home", "home.yaml", files, problems);
  const cityCommon = single<CityCommon>(parsed, "city-common", "city-common.yaml", files, problems);
  const cities = (parsed.get("city") ?? []) as ParsedFile<City>[];
  const destinations = (parsed.get("destination") ?? []) as ParsedFile<Destination>[];
  const pages = (parsed.get("page") ?? []) as ParsedFile<Page>[];
  const episodes = (parsed.get("episode") ?? []) as ParsedFile<Episode>[];
  const checklist = single<ChecklistDocument>(parsed, "checklist-document", "documents/pre-flight-checklist.yaml", files, problems);
  const letter = single<LetterTemplate>(parsed, "letter-template", "documents/letter-of-medical-necessity.yaml", files, problems);
  const itinerary = single<SampleItinerary>(parsed, "sample-itinerary", "documents/sample-itinerary.yaml", files, problems);

  problems.push(
    ...checkCities(cities, destinations, pages, brokenSlugs),
    ...checkDestinations(destinations, cities),
    ...checkPages(pages),
    ...checkEpisodes(episodes),
    ...checkDocuments([checklist, letter, itinerary], pages),
    ...checkPhotos([home, ...pages, ...cities, ...destinations], images),
  );
  // What the PDF downloads print: the documents, the checklist items they share with city pages, the company line.
  problems.push(
    ...[checklist, letter, itinerary].flatMap((document) => (document ? checkPrintable(document, []) : [])),
    ...(cityCommon ? ["preFlightChecklist", "returnChecklist"].flatMap((field) => checkPrintable(cityCommon, [field])) : []),
    ...(site ? ["companyName", "tagline"].flatMap((field) => checkPrintable(site, [field])) : []),
  );
  const shortestCityName = cities.map((c) => c.data.cityName).sort((a, b) => a.length - b.length)[0];
  const translated = translationFiles.length > 0 ? validateTranslations(translationFiles, english, shortestCityName, parse) : noTranslations;
  problems.push(...translated.problems);
  const destinationForms = [
    ...destinations.map((d) => ({ file: d.file.path, destination: d.data })),
    ...Object.values(translated.translations).flatMap((translation) =>
      [...translation.destinations].map(([slug, destination]) => ({ file: translationPathOf(translation.lang, destinations, slug), destination })),
    ),
  ];
  problems.push(...checkCityNames(cities, destinationForms));
  if (problems.length > 0 || !site || !home || !cityCommon || !checklist || !letter || !itinerary) throw new ContentError(problems);

  return {
    site: site.data,
    home: withPhotoFile(home),
    cityCommon: cityCommon.data,
    cities: cities.map(withPhotoFile).sort((a, b) => byName.compare(a.cityName, b.cityName)),
    destinations: destinations.map(withPhotoFile),
    pages: pages.map(withPhotoFile),
    // Newest first: the highest episode number leads the list and is the featured episode.
    episodes: episodes.map((e) => e.data).sort((a, b) => b.episode - a.episode),
    documents: { checklist: checklist.data, letter: letter.data, itinerary: itinerary.data },
    translations: translated.translations,
    translationNotes: { warnings: sortProblems(translated.notes.warnings), incomplete: translated.notes.incomplete },
  };
}

const noTranslations: TranslationsResult = { translations: {}, notes: { warnings: [], incomplete: [] }, problems: [] };

function appendTo<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}


const knownFileNames =
  "site.yaml, home.yaml, city-common.yaml, cities/<slug>.yaml, destinations/<slug>.yaml, pages/<name>.yaml, " +
  "episodes/<slug>.yaml, documents/pre-flight-checklist.yaml, documents/letter-of-medical-necessity.yaml or " +
  "documents/sample-itinerary.yaml";

/**
 * Cities in alphabetical order, as `localeCompare` would sort them: one collator, not one look-up of the locale's
 * rules per comparison.
 */
const byName = new Intl.Collator();

/** "data/cities/naples.yaml" → "naples". */
const fileSlug = (file: SourceFile) => file.path.replace(/^.*\//, "").replace(/\.ya?ml$/, "");

function problemAt(file: SourceFile, field: string, problem: string, position = { line: 1, column: 1 }): ContentProblem {
  return { file: file.path, ...position, field, problem };
}

function problemIn<T>(parsed: ParsedFile<T>, path: (string | number)[], problem: string): ContentProblem {
  return problemAt(parsed.file, path.map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${p}` : p)).join(""), problem, parsed.locate(path));
}

function single<T>(
  parsed: Map<ContentKind, ParsedFile<unknown>[]>,
  kind: ContentKind,
  name: string,
  files: SourceFile[],
  problems: ContentProblem[],
): ParsedFile<T> | undefined {
  const found = parsed.get(kind) ?? [];
  if (found.length > 1) {
    for (const extra of found.slice(1)) problems.push(problemAt(extra.file, "", `duplicates ${found[0]!.file.path}; keep one ${name}`));
  }
  // (A translation's file, data/es/site.yaml, is no English one.)
  const broken = files.some((f) => fileKinds.find((k) => k.kind === kind)!.pattern.test(f.path) && !translationFileOf(f.path));
  if (found.length === 0 && !broken) {
    const dataDir = files[0]?.path.split("/").slice(0, -1).join("/") || "data";
    problems.push({ file: `${dataDir.replace(/\/(cities|destinations|pages|episodes|documents)$/, "")}/${name}`, line: 1, column: 1, field: "", problem: "is missing; every site needs one" });
  }
  return found[0] as ParsedFile<T> | undefined;
}

function checkCities(
  cities: ParsedFile<City>[],
  destinations: ParsedFile<Destination>[],
  pages: ParsedFile<Page>[],
  brokenSlugs: Map<ContentKind, string[]>,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const slugs = cities.map((c) => c.data.urlSlug);
  const knownSlugs = new Set(slugs);
  const firstBySlug = new Map<string, ParsedFile<City>>();
  const pageSegments = new Set(pages.map((p) => p.data.path.split("/")[1]));
  const destinationSlugs = destinations.map((d) => d.data.slug);

  for (const city of cities) {
    const slug = city.data.urlSlug;
    const first = firstBySlug.get(slug);
    if (first) problems.push(problemIn(city, ["urlSlug"], `"${slug}" is already used by ${first.file.path}`));
    else firstBySlug.set(slug, city);
    if (reservedSegments.includes(slug) || pageSegments.has(slug)) {
      problems.push(problemIn(city, ["urlSlug"], `"${slug}" is taken by a page of the site itself; choose another`));
    }
    for (const key of ["nearbyCity1", "nearbyCity2", "nearbyCity3"] as const) {
      const nearby = city.data[key].slug;
      if (nearby === undefined) continue;
      if (nearby === slug) problems.push(problemIn(city, [key, "slug"], "must name another city, not this one"));
      else if (!knownSlugs.has(nearby) && !brokenSlugs.get("city")?.includes(nearby)) {
        const suggestion = closestMatch(nearby, [...slugs, ...(brokenSlugs.get("city") ?? [])]);
        problems.push(
          problemIn(city, [key, "slug"],
            `no city "${nearby}" in data/cities/${suggestion ? ` (did you mean "${suggestion}"?)` : "; leave out slug for a place without its own page"}`),
        );
      }
    }
    for (const key of Object.keys(city.data.destinations ?? {})) {
      if (!destinationSlugs.includes(key) && !brokenSlugs.get("destination")?.includes(key)) {
        const suggestion = closestMatch(key, destinationSlugs);
        const message = `no destination "${key}" in data/destinations/${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`;
        // The key itself is the mistake, so point at it rather than at the notes below it.
        problems.push({ ...problemIn(city, ["destinations", key], message), ...city.locateKey(["destinations"], key) });
      }
    }
  }
  return problems;
}

function checkDestinations(destinations: ParsedFile<Destination>[], cities: ParsedFile<City>[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const [index, destination] of destinations.entries()) {
    for (const field of ["slug", "urlSegment"] as const) {
      const earlier = destinations.slice(0, index).find((d) => d.data[field] === destination.data[field]);
      if (earlier) problems.push(problemIn(destination, [field], `"${destination.data[field]}" is already used by ${earlier.file.path}`));
    }
    // Titles and descriptions are templates. A form too long even for the shortest name is this file's mistake; one
    // too long for a long name is that city's (checkCityNames), which then takes a shorter form if there is one.
    const shortest = cities.map((c) => c.data.cityName).sort((a, b) => a.length - b.length)[0];
    if (shortest !== undefined) problems.push(...formsTooLong(destination.data, shortest).map(({ path, problem }) => problemIn(destination, path, problem)));
  }
  return problems;
}

/**
 * One problem at a city's cityName when its name fits no form of a destination's title or description (in English
 * or a translation): the city is what the editor added or renamed, and the destinations are shared by every city.
 */
function checkCityNames(cities: ParsedFile<City>[], destinations: { file: string; destination: Destination }[]): ContentProblem[] {
  return cities.flatMap((city) => {
    const { cityName } = city.data;
    const tooLong = destinations.flatMap(({ file, destination }) =>
      fieldsTooLongFor(destination, cityName).map(({ field, max, length }) => `the ${field} of ${file} is ${length} characters (at most ${max})`),
    );
    if (tooLong.length === 0) return [];
    return [
      problemIn(city, ["cityName"], `is too long: with it, even in its shortest form, ${listed(tooLong)}; use a shorter name, or add a shorter form there (${shorterFields})`),
    ];
  });
}

/** The translation file of the destination `slug` in `lang`: data/destinations/x.yaml → data/es/destinations/x.yaml. */
function translationPathOf(lang: string, destinations: ParsedFile<Destination>[], slug: string): string {
  const english = destinations.find((d) => d.data.slug === slug)?.file.path ?? `data/destinations/${slug}.yaml`;
  return english.replace(/^(.*?)destinations\//, `$1${lang}/destinations/`);
}

const shorterFields = Object.values(cityFilledFields).map((f) => f.shorter).join(", ");
const listed = (items: string[]) => (items.length === 1 ? items[0]! : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

function checkPages(pages: ParsedFile<Page>[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const [index, page] of pages.entries()) {
    const earlier = pages.slice(0, index).find((p) => p.data.path === page.data.path);
    if (earlier) problems.push(problemIn(page, ["path"], `"${page.data.path}" is already used by ${earlier.file.path}`));
  }
  return problems;
}

function checkEpisodes(episodes: ParsedFile<Episode>[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const [index, episode] of episodes.entries()) {
    for (const field of ["slug", "episode"] as const) {
      const earlier = episodes.slice(0, index).find((e) => e.data[field] === episode.data[field]);
      if (earlier) problems.push(problemIn(episode, [field], `${JSON.stringify(episode.data[field])} is already used by ${earlier.file.path}`));
    }
    // Podcast apps refuse an enclosure without its length, so the size must come with the file.
    if (episode.data.audio_url && episode.data.audio_bytes === undefined) {
      problems.push(problemIn(episode, ["audio_url"], "needs audio_bytes beside it: the file's size in bytes, which podcast apps require"));
    }
  }
  return problems;
}

function checkDocuments(documents: (ParsedFile<{ slug: string }> | undefined)[], pages: ParsedFile<Page>[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const present = documents.filter((d) => d !== undefined);
  if (present[0] && !pages.some((p) => p.data.path === "/for-case-managers")) {
    problems.push(problemAt(present[0].file, "", "needs the page /for-case-managers in data/pages/, where the downloads are linked from"));
  }
  for (const [index, document] of present.entries()) {
    const { slug } = document.data;
    const earlier = present.slice(0, index).find((d) => d.data.slug === slug);
    if (earlier) problems.push(problemIn(document, ["slug"], `"${slug}" is already used by ${earlier.file.path}`));
    const page = pages.find((p) => p.data.path === `/for-case-managers/${slug}`);
    if (page) problems.push(problemIn(document, ["slug"], `"${slug}" is taken: ${page.file.path} has the page /for-case-managers/${slug}`));
  }
  return problems;
}

/** Every text at or under `path` that has characters the PDF downloads cannot print. */
function checkPrintable(parsed: ParsedFile<unknown>, path: (string | number)[]): ContentProblem[] {
  let value: unknown = parsed.data;
  for (const part of path) value = (value as Record<string | number, unknown> | undefined)?.[part];
  if (typeof value === "string") {
    const found = unprintableCharacters(value);
    if (found.length === 0) return [];
    const list = found.map((character) => `"${character}"`).join(", ");
    return [problemIn(parsed, path, `has ${list}, which the PDF downloads cannot print; use plain letters and punctuation instead`)];
  }
  if (Array.isArray(value)) return value.flatMap((_, index) => checkPrintable(parsed, [...path, index]));
  if (value && typeof value === "object") return Object.keys(value).flatMap((key) => checkPrintable(parsed, [...path, key]));
  return [];
}

export { fillCity } from "./city-forms";
