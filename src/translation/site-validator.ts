import type { z } from "zod";
import { ContentError, sortProblems } from "../errors";
import { translationFileOf } from "../content/file-kinds";
import { parseDataFile, type ParsedFile, type ParseResult } from "../content/parse";
import { withPhotoFile } from "../content/photo-files";
import { City } from "../content/schema";
import type { SiteContent, SourceFile, TranslatedLang, Translation } from "../content/types";
import { checkCity, checkCityPhoto, type CityNeighbours } from "../content/validate";
import { translationSchemas } from "./fields";
import { readGlossary, type GlossaryRules } from "./glossary";
import { checkSite } from "./validate-site";
import { layTranslation } from "./validate-translations";

/**
 * validateSite for a process that validates data/ again after every save (`serve --watch`). A file keeps its
 * parse result until its text changes. When the only files that changed since the last valid content are cities that
 * keep their slug and name, or their translations (data/<lang>/cities/), only those are checked again, by the build's
 * own rules: their schema, checkCity and checkCityPhoto (the rules across files that read more of a city than its slug
 * and name, src/content/validate.ts), and each translation laid over its English by layTranslation, as
 * validateTranslations lays it; so a save costs what it changed, not the whole site. Anything else, and any problem,
 * goes through validateSite, so the problems and their order are always exactly its own.
 */
export class SiteValidator {
  #parsed = new Map<string, { text: string; schema: z.ZodType; result: ParseResult<unknown> }>();
  #last: LastValid | undefined;

  /** validateSite(files, images), from what changed since the last call where possible. */
  validate(files: SourceFile[], images: ReadonlySet<string> = new Set()): SiteContent {
    // A photo file added or removed may make a page's photo valid or not: the whole check.
    const quick = this.#last && sameSet(this.#last.images, images) && this.#revalidateCities(this.#last, files);
    if (quick) return quick;
    try {
      const checked = checkSite(files, this.#parse, images);
      const content = checked.problems.length === 0 ? checked.content() : undefined;
      if (!content) throw new ContentError(checked.problems);
      this.#last = { ...lastValid(files, content, this.#parsed), neighbours: checked.neighbours, images };
      return content;
    } finally {
      const present = new Set(files.map((f) => f.path));
      for (const file of this.#parsed.keys()) if (!present.has(file)) this.#parsed.delete(file);
    }
  }

  // --- internal ---

  /**
   * The content with the changed cities put in, or undefined when more than that changed or a city has a problem.
   * What it checks across files are validation rules, not what pages are rendered from (that each route declares in
   * its `madeFrom`, src/site/routes.tsx): a city's slug is what other files name it by and its name orders the
   * cities; the rest is checkCity's and checkCityPhoto's. So it need not change when a template shows more.
   */
  #revalidateCities(last: LastValid, files: SourceFile[]): SiteContent | undefined {
    if (files.length !== last.files.size) return undefined;
    const changed: SourceFile[] = [];
    // The English city files whose translation must be laid over them again: their own or their translation changed.
    const relaid = new Set<string>();
    for (const file of files) {
      const before = last.files.get(file.path);
      if (before === file) continue;
      if (!before) return undefined;
      const english = translationFileOf(file.path)?.english;
      if (english !== undefined && last.cityAt.has(english) && last.translationOf.get(english) === file.path) relaid.add(english);
      else if (english === undefined && last.cityAt.has(file.path)) {
        if (last.translationOf.has(file.path)) relaid.add(file.path);
      } else return undefined;
      changed.push(file);
    }
    const cities = [...last.content.cities];
    for (const file of changed) {
      if (!last.cityAt.has(file.path)) continue;
      const result = this.#parse(file, City);
      if (!result.ok) return undefined;
      const city = withPhotoFile(result.parsed);
      const index = last.cityAt.get(file.path)!;
      // The slug and name are what other files and the order of the cities depend on: every rule but these two reads
      // nothing else of a city, so with them unchanged only these two can find something new.
      if (city.urlSlug !== cities[index]!.urlSlug || city.cityName !== cities[index]!.cityName) return undefined;
      if (checkCity(result.parsed, last.neighbours).length > 0 || checkCityPhoto(result.parsed, last.neighbours).length > 0) return undefined;
      cities[index] = city;
    }
    const translated = relaid.size > 0 ? this.#relay(last, files, relaid) : { translations: last.content.translations, translationNotes: last.content.translationNotes };
    if (!translated) return undefined;
    for (const file of changed) last.files.set(file.path, file);
    last.content = { ...last.content, cities, ...translated };
    return last.content;
  }

  /**
   * The translations and notes with the translations of `relaid` (English city files) laid over them again, or
   * undefined when one has a problem or becomes complete or incomplete (a Spanish page would appear or disappear), or
   * its Spanish name changes (the order of the Spanish cities).
   */
  #relay(last: LastValid, files: SourceFile[], relaid: Set<string>): Pick<SiteContent, "translations" | "translationNotes"> | undefined {
    const byPath = new Map(files.map((file) => [file.path, file]));
    const translations = { ...last.content.translations };
    let warnings = last.content.translationNotes.warnings;
    const incomplete = [...last.content.translationNotes.incomplete];
    for (const englishPath of relaid) {
      const path = last.translationOf.get(englishPath)!;
      const lang = translationFileOf(path)!.lang;
      const result = this.#parse(byPath.get(path)!, translationSchemas.city);
      const englishFile = byPath.get(englishPath)!;
      if (!result.ok) return undefined;
      const parsed = result.parsed as ParsedFile<Record<string, unknown>>;
      const laid = layTranslation({ lang, kind: "city", parsed, english: { kind: "city", file: englishFile, ok: true } }, this.#glossary(files, lang), undefined);
      if (laid.problems.length > 0) return undefined;
      const noteAt = incomplete.findIndex((note) => note.file === path);
      if (laid.incomplete) {
        if (noteAt === -1) return undefined;
        incomplete[noteAt] = laid.incomplete;
      } else {
        if (noteAt !== -1 || laid.complete === undefined) return undefined;
        const translation = translations[lang];
        if (translation) {
          const city = laid.complete as City;
          const earlier = translation.cities.get(city.urlSlug);
          if (!earlier || earlier.cityName !== city.cityName) return undefined;
          translations[lang] = { ...translation, cities: new Map(translation.cities).set(city.urlSlug, city) } satisfies Translation;
        }
      }
      warnings = [...warnings.filter((warning) => warning.file !== path), ...laid.warnings];
    }
    return { translations, translationNotes: { warnings: sortProblems(warnings), incomplete } };
  }

  /** The glossary of `lang`'s translations, as validateTranslations reads it (the last file, if there were two). */
  #glossary(files: SourceFile[], lang: TranslatedLang): GlossaryRules | undefined {
    const file = files.findLast((f) => translationFileOf(f.path)?.lang === lang && /(^|\/)glossary\.ya?ml$/.test(f.path));
    return file && readGlossary(file, this.#parse).rules;
  }

  /** parseDataFile, remembering each file's result until its text changes. */
  #parse = <T>(file: SourceFile, schema: z.ZodType<T>): ParseResult<T> => {
    const last = this.#parsed.get(file.path);
    if (last && last.text === file.text && last.schema === schema) return last.result as ParseResult<T>;
    const result = parseDataFile(file, schema);
    this.#parsed.set(file.path, { text: file.text, schema, result });
    return result;
  };
}

// --- internal ---

/** What SiteValidator keeps of the last content that passed every check. */
interface LastValid {
  content: SiteContent;
  files: Map<string, SourceFile>;
  /** Each city file's place in content.cities. */
  cityAt: Map<string, number>;
  /** What each city was checked against across files (the rest of the site, which a quick save leaves as it was). */
  neighbours: CityNeighbours;
  /** For each English file that has a translation (data/<lang>/), that translation's path. */
  translationOf: Map<string, string>;
  /** The files under data/images/ then. */
  images: ReadonlySet<string>;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a === b || (a.size === b.size && [...a].every((name) => b.has(name)));

function lastValid(files: SourceFile[], content: SiteContent, parsed: Map<string, { result: ParseResult<unknown> }>): Omit<LastValid, "images" | "neighbours"> {
  const indexOf = new Map<unknown, number>(content.cities.map((city, index) => [city, index]));
  const cityAt = new Map<string, number>();
  for (const file of files) {
    const result = parsed.get(file.path)?.result;
    const index = result?.ok ? indexOf.get(result.parsed.data) : undefined;
    if (index !== undefined) cityAt.set(file.path, index);
  }
  const translationOf = new Map<string, string>();
  for (const file of files) {
    const english = translationFileOf(file.path)?.english;
    if (english === undefined) continue;
    // Two languages for one file: the quick path lays one translation per file, so such a save takes the full path.
    if (translationOf.has(english)) cityAt.delete(english);
    translationOf.set(english, file.path);
  }
  return {
    content,
    files: new Map(files.map((file) => [file.path, file])),
    cityAt,
    translationOf,
  };
}
