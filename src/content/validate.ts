import { ContentError, type ContentProblem } from "../errors";
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
import { checkPhotos, withPhotoFile } from "./photo-files";
import { cityFilledFields, fieldsTooLongFor, formsTooLong } from "./city-forms";

/** First URL segments that belong to the site itself, so no city may take them. */
const reservedSegments = ["assets", "cities", "podcast", "downloads", "sitemap.xml", "robots.txt", "404.html"];

/**
 * The English data files → SiteContent (with no translations), or a ContentError listing every problem in every file
 * at once. The files of a translation (data/<lang>/) are left alone: src/translation/validate-site.ts checks them and
 * lays them over this content (validateSite, what the build and the dev server run). `parse` is parseDataFile unless
 * a caller keeps earlier results (`serve --watch` parses only the files that changed); `images`: the files under
 * data/images/ (imageFileNames), which photos name.
 */
export function validateContent(
  files: SourceFile[],
  parse: typeof parseDataFile = parseDataFile,
  images: ReadonlySet<string> = new Set(),
): SiteContent {
  const checked = checkEnglish(files, parse, images);
  const problems = [...checked.problems, ...checkCityNames(checked.cities, englishForms(checked.destinations))];
  const content = problems.length === 0 ? checked.content() : undefined;
  if (!content) throw new ContentError(problems);
  return content;
}

/** An English data file, as checkEnglish read it: `ok` when it passed its schema. */
export interface EnglishFile {
  kind: ContentKind;
  file: SourceFile;
  ok: boolean;
}

/** What the English files give before the last rule (checkCityNames, which the translations' destinations feed too). */
export interface EnglishChecked {
  /** Every problem found so far, in the order they are reported. */
  problems: ContentProblem[];
  /** The English files by path, which the translations are laid over. */
  english: Map<string, EnglishFile>;
  /** The files of data/<lang>/, in the order given, left to src/translation/. */
  translationFiles: SourceFile[];
  cities: ParsedFile<City>[];
  destinations: ParsedFile<Destination>[];
  shortestCityName: string | undefined;
  /** What each city is checked against across files (checkCity), for a save that checks only the cities it changed. */
  neighbours: CityNeighbours;
  /** The content with no translations; only called when there is no problem (a file every site needs is then there). */
  content: () => SiteContent | undefined;
}

/**
 * Every English file checked against its schema and the others (every rule but checkCityNames); a translation's file
 * only set aside. The problems come in the order validateContent reports them.
 */
export function checkEnglish(files: SourceFile[], parse: typeof parseDataFile, images: ReadonlySet<string>): EnglishChecked {
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

  const neighbours = cityNeighbours(cities, destinations, pages, brokenSlugs, images);
  problems.push(
    ...cities.flatMap((city) => checkCity(city, neighbours)),
    ...checkDestinations(destinations, cities),
    ...checkPages(pages),
    ...checkEpisodes(episodes),
    ...checkDocuments([checklist, letter, itinerary], pages),
    ...checkPhotos([home, ...pages], images),
    ...cities.flatMap((city) => checkCityPhoto(city, neighbours)),
    ...checkPhotos(destinations, images),
  );
  // What the PDF downloads print: the documents, the checklist items they share with city pages, the company line.
  problems.push(
    ...[checklist, letter, itinerary].flatMap((document) => (document ? checkPrintable(document, []) : [])),
    ...(cityCommon ? ["preFlightChecklist", "returnChecklist"].flatMap((field) => checkPrintable(cityCommon, [field])) : []),
    ...(site ? ["companyName", "tagline"].flatMap((field) => checkPrintable(site, [field])) : []),
  );
  const shortestCityName = cities.map((c) => c.data.cityName).sort((a, b) => a.length - b.length)[0];
  const content = (): SiteContent | undefined => {
    if (!site || !home || !cityCommon || !checklist || !letter || !itinerary) return undefined;
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
      translations: {},
      translationNotes: { warnings: [], incomplete: [] },
    };
  };
  return { problems, english, translationFiles, cities, destinations, shortestCityName, neighbours, content };
}

/** Each destination's title and description forms, as checkCityNames takes them: the English ones. */
export const englishForms = (destinations: ParsedFile<Destination>[]) => destinations.map((d) => ({ file: d.file.path, destination: d.data }));

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

/** What a city is checked against across files: what the rest of the site names (cityNeighbours). */
export interface CityNeighbours {
  /** The slugs of the cities that passed their schema, in file order, and the first file that has each. */
  citySlugs: string[];
  firstWithSlug: Map<string, string>;
  /** The first URL segments of the pages. */
  pageSegments: Set<string | undefined>;
  destinationSlugs: string[];
  /** The slugs (file names) of the city and destination files that failed their schema. */
  brokenCitySlugs: string[];
  brokenDestinationSlugs: string[];
  /** The files under data/images/. */
  images: ReadonlySet<string>;
}

export function cityNeighbours(
  cities: ParsedFile<City>[],
  destinations: ParsedFile<Destination>[],
  pages: ParsedFile<Page>[],
  brokenSlugs: Map<ContentKind, string[]>,
  images: ReadonlySet<string>,
): CityNeighbours {
  const firstWithSlug = new Map<string, string>();
  for (const city of cities) if (!firstWithSlug.has(city.data.urlSlug)) firstWithSlug.set(city.data.urlSlug, city.file.path);
  return {
    citySlugs: cities.map((c) => c.data.urlSlug),
    firstWithSlug,
    pageSegments: new Set(pages.map((p) => p.data.path.split("/")[1])),
    destinationSlugs: destinations.map((d) => d.data.slug),
    brokenCitySlugs: brokenSlugs.get("city") ?? [],
    brokenDestinationSlugs: brokenSlugs.get("destination") ?? [],
    images,
  };
}

/**
 * The rules across files that read more of a city than its slug and name: its slug is its own, the cities and
 * destinations it names exist. Every other rule reads of a city only its slug and name, so a save that changes
 * nothing but cities, keeping their slugs and names, runs only checkCity and checkCityPhoto over the cities it changed
 * (src/translation/site-validator.ts). A new rule that reads more of a city goes here, or the save must run it too.
 */
export function checkCity(city: ParsedFile<City>, around: CityNeighbours): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const slug = city.data.urlSlug;
  const first = around.firstWithSlug.get(slug);
  if (first !== city.file.path) problems.push(problemIn(city, ["urlSlug"], `"${slug}" is already used by ${first}`));
  if (reservedSegments.includes(slug) || around.pageSegments.has(slug)) {
    problems.push(problemIn(city, ["urlSlug"], `"${slug}" is taken by a page of the site itself; choose another`));
  }
  for (const key of ["nearbyCity1", "nearbyCity2", "nearbyCity3"] as const) {
    const nearby = city.data[key].slug;
    if (nearby === undefined) continue;
    if (nearby === slug) problems.push(problemIn(city, [key, "slug"], "must name another city, not this one"));
    else if (!around.firstWithSlug.has(nearby) && !around.brokenCitySlugs.includes(nearby)) {
      const suggestion = closestMatch(nearby, [...around.citySlugs, ...around.brokenCitySlugs]);
      problems.push(
        problemIn(city, [key, "slug"],
          `no city "${nearby}" in data/cities/${suggestion ? ` (did you mean "${suggestion}"?)` : "; leave out slug for a place without its own page"}`),
      );
    }
  }
  for (const key of Object.keys(city.data.destinations ?? {})) {
    if (!around.destinationSlugs.includes(key) && !around.brokenDestinationSlugs.includes(key)) {
      const suggestion = closestMatch(key, around.destinationSlugs);
      const message = `no destination "${key}" in data/destinations/${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`;
      // The key itself is the mistake, so point at it rather than at the notes below it.
      problems.push({ ...problemIn(city, ["destinations", key], message), ...city.locateKey(["destinations"], key) });
    }
  }
  return problems;
}

/** A city's photo is a file under data/images/ (checkPhotos, for a city): a rule of checkCity's kind, told apart for its place in the order. */
export function checkCityPhoto(city: ParsedFile<City>, around: CityNeighbours): ContentProblem[] {
  return checkPhotos([city], around.images);
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
export function checkCityNames(cities: ParsedFile<City>[], destinations: { file: string; destination: Destination }[]): ContentProblem[] {
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
