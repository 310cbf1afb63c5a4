import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import type { ContentProblem } from "../errors";
import { formsTooLong } from "../content/city-forms";
import { fileKinds, translationFileOf } from "../content/file-kinds";
import { unprintableCharacters } from "../content/printable";
import { describeIssue, formatPath, parseDataFile, type ParsedFile } from "../content/parse";
import { contentKinds, type City, type ContentKind, type Destination, type Page, type SiteConfig } from "../content/schema";
import type { IncompleteTranslation, SourceFile, TranslatedLang, Translation, TranslationNotes } from "../content/types";
import type { EnglishFile } from "../content/validate";
import { dottedPath, isTranslatable, recordKey, translatedFields, translatedTexts, translationSchemas, type TranslatableKind } from "./fields";
import { englishHash } from "./freshness";
import { glossaryMessage, glossaryMisses, readGlossary, type GlossaryRules } from "./glossary";
import { layOver } from "./overlay";

// data/<lang>/ (docs/translation.md): each file checked against its kind's translation schema, laid over its English
// file and checked again with the English schema, for complete translations; then what a reviewer should look at.

export interface TranslationsResult {
  translations: Partial<Record<TranslatedLang, Translation>>;
  notes: TranslationNotes;
  /** Mistakes in the translation files, which stop the build as any content error does. */
  problems: ContentProblem[];
}

/**
 * The translation files of data/<lang>/ against the English files they translate (`english`, by path): complete
 * translations into Translations, incomplete ones noted with their reasons, review reminders as warnings (a field
 * whose English changed since it was translated, or has no record of it; a glossary term translated another way; a
 * text the English no longer has), and mistakes as problems. `shortestCityName` checks destination titles as the English's.
 */
export function validateTranslations(
  files: SourceFile[],
  english: Map<string, EnglishFile>,
  shortestCityName: string | undefined,
  parse: typeof parseDataFile = parseDataFile,
): TranslationsResult {
  const problems: ContentProblem[] = [];
  const notes: TranslationNotes = { warnings: [], incomplete: [] };
  const glossaries = new Map<TranslatedLang, GlossaryRules>();
  const entries: TranslationEntry[] = [];

  for (const file of files) {
    const place = translationFileOf(file.path)!;
    if (/(^|\/)glossary\.ya?ml$/.test(place.english)) {
      const glossary = readGlossary(file, parse);
      if (glossary.rules) glossaries.set(place.lang, glossary.rules);
      problems.push(...glossary.problems);
      continue;
    }
    const kind = fileKinds.find((k) => k.pattern.test(place.english))!.kind;
    if (!isTranslatable(kind)) {
      problems.push({ file: file.path, line: 1, column: 1, field: "", problem: `is not translated: ${untranslatedReason[kind] ?? "its pages stay English"}; remove this file` });
      continue;
    }
    const result = parse(file, translationSchemas[kind]);
    if (!result.ok) {
      problems.push(...result.problems);
      continue;
    }
    const source = english.get(place.english);
    if (!source) {
      notes.warnings.push({ file: file.path, line: 1, column: 1, field: "", problem: `has no English file ${place.english} to translate; remove it, or put back the English` });
      continue;
    }
    // An English file with a mistake is reported as such; its translation is looked at again once it is fixed.
    if (source.ok) entries.push({ lang: place.lang, kind, parsed: result.parsed as ParsedFile<Record<string, unknown>>, english: source });
  }

  const merged = new Map<TranslatedLang, { kind: TranslatableKind; data: unknown }[]>();
  for (const entry of entries) {
    const laid = layTranslation(entry, glossaries.get(entry.lang), shortestCityName);
    notes.warnings.push(...laid.warnings);
    problems.push(...laid.problems);
    if (laid.incomplete) notes.incomplete.push(laid.incomplete);
    else if (laid.complete !== undefined) {
      const list = merged.get(entry.lang) ?? [];
      list.push({ kind: entry.kind, data: laid.complete });
      merged.set(entry.lang, list);
    }
  }

  const translations: TranslationsResult["translations"] = {};
  const languages = new Set([...entries.map((entry) => entry.lang), ...glossaries.keys()]);
  for (const lang of languages) {
    const translation = assemble(lang, merged.get(lang) ?? []);
    if (translation) translations[lang] = translation;
    else if (!notes.incomplete.some((note) => note.lang === lang && /(^|\/)site\.ya?ml$/.test(note.english))) {
      const site = [...english.values()].find((file) => file.kind === "site")?.file.path ?? "data/site.yaml";
      const translatedSite = site.replace(/(^|\/)(site\.ya?ml)$/, `$1${lang}/$2`);
      notes.incomplete.push({ lang, file: translatedSite, english: site, reasons: [`${translatedSite} is missing: no page is translated without it`] });
    }
  }
  return { translations, notes, problems };
}

/** A translation file that passed its translation schema, with the English file it translates (which passed its own). */
export interface TranslationEntry {
  lang: TranslatedLang;
  kind: TranslatableKind;
  parsed: ParsedFile<Record<string, unknown>>;
  english: EnglishFile;
}

/** What one translation file gives once laid over its English: `complete` is the merged data when it is complete and valid. */
export interface LaidTranslation {
  warnings: ContentProblem[];
  problems: ContentProblem[];
  incomplete?: IncompleteTranslation;
  complete?: unknown;
}

/**
 * One translation file laid over its English (validateTranslations does this for each; `serve --watch` for the one a
 * save changed): its review reminders, its mistakes, and its merged data or why it is incomplete.
 */
export function layTranslation(entry: TranslationEntry, glossary: GlossaryRules | undefined, shortestCityName: string | undefined): LaidTranslation {
  const { lang, kind, parsed, english: source } = entry;
  const warnings: ContentProblem[] = [];
  const problems: ContentProblem[] = [];
  const spec = translatedFields[kind];
  const { [recordKey]: record = {}, ...translation } = parsed.data as Record<string, unknown> & { [recordKey]?: Record<string, string> };
  const englishData = loadYaml(source.file.text, { schema: CORE_SCHEMA });
  const laid = layOver(spec, englishData, translation);
  const warn = (path: (string | number)[], problem: string) =>
    warnings.push({ file: parsed.file.path, ...parsed.locate(path), field: formatPath(path), problem });

  for (const path of laid.extra) warn(path, `the English (${source.file.path}) has no such text; remove it here`);
  const englishTexts = new Map(translatedTexts(spec, englishData).map(({ path, text }) => [dottedPath(path), text]));
  const texts = translatedTexts(spec, translation); // walked once for the three checks below (issue 38: build time)
  for (const { path, text } of texts) {
    const englishText = englishTexts.get(dottedPath(path));
    if (englishText === undefined) continue;
    const recorded = record[dottedPath(path)];
    if (recorded === undefined) warn(path, "has no record of the English it was translated from; run npm run translation:reviewed");
    else if (recorded !== englishHash(englishText)) warn(path, "the English changed since this was translated");
    for (const term of glossary ? glossaryMisses(glossary, englishText, text) : []) warn(path, glossaryMessage(term, glossary!.file));
  }

  // What the PDF downloads print, as validate.ts checks the English of it.
  for (const { path, text } of texts.filter(({ path }) => printed(kind, path))) {
    const found = unprintableCharacters(text);
    if (found.length > 0) {
      const list = found.map((character) => `"${character}"`).join(", ");
      problems.push({ file: parsed.file.path, ...parsed.locate(path), field: formatPath(path), problem: `has ${list}, which the PDF downloads cannot print; use plain letters and punctuation instead` });
    }
  }

  // A photo's alt not translated yet keeps the page: the photo shows with the English alt, marked lang="en" (issue 35).
  const englishPhoto = (englishData as { photo?: { alt?: string } } | null)?.photo;
  const altAt = laid.missing.indexOf("photo.alt is not translated");
  const englishAlt = altAt >= 0 && englishPhoto?.alt !== "";
  if (altAt >= 0) {
    laid.missing.splice(altAt, 1);
    laid.missingAt.splice(altAt, 1);
    if (englishAlt) warn(["photo", "alt"], `is not translated: the ${languageNames[lang]} page shows the photo with the English alt (marked lang="en") until it is`);
  }
  if (laid.missing.length > 0) {
    // A page left out of a language is told at the field that keeps it out (and --strict fails on it), not only listed.
    const left = `${pagesOf(kind, englishData, lang)} ${kind === "site" || kind === "city-common" || kind === "destination" ? "are" : "is"} left out of the ${languageNames[lang]} site until it is`;
    laid.missingAt.forEach((path, index) => warn(path, `${laid.missing[index]!.slice(formatPath(path).length).trim()}: ${left}`));
    return { warnings, problems, incomplete: { lang, file: parsed.file.path, english: source.file.path, reasons: laid.missing } };
  }
  // The same rules as the English: a title too long in translation is a mistake, at its place in the translation.
  const checked = contentKinds[kind].safeParse(laid.merged, { error: describeIssue });
  const inTranslation = new Set(texts.map(({ path }) => dottedPath(path)));
  const at = (path: (string | number)[], problem: string): ContentProblem =>
    inTranslation.has(dottedPath(path))
      ? { file: parsed.file.path, ...parsed.locate(path), field: formatPath(path), problem }
      : { file: source.file.path, line: 1, column: 1, field: formatPath(path), problem };
  if (!checked.success) {
    problems.push(...checked.error.issues.map((issue) => at(issue.path as (string | number)[], issue.message)));
    return { warnings, problems };
  }
  if (kind === "destination" && shortestCityName !== undefined) {
    // Titles and descriptions are templates: a form too long even for the shortest name is a mistake here (as in the
    // English, validate.ts); a city whose long name fits no form is told so at its cityName.
    for (const { path, problem } of formsTooLong(checked.data as Destination, shortestCityName)) problems.push(at(path, problem));
  }
  const complete = englishAlt ? { ...(checked.data as { photo: object }), photo: { ...(checked.data as { photo: object }).photo, altLang: "en" } } : checked.data;
  return { warnings, problems, complete };
}

const languageNames: Record<TranslatedLang, string> = { es: "Spanish" };

/** The pages of `lang` a translation file of `kind` is needed for, as an editor finds them. */
function pagesOf(kind: TranslatableKind, english: unknown, lang: TranslatedLang): string {
  const data = (english ?? {}) as { urlSlug?: string; urlSegment?: string; path?: string; slug?: string };
  switch (kind) {
    case "site":
      return `every /${lang}/ page`;
    case "home":
      return `/${lang}/`;
    case "city-common":
      return `every /${lang}/ city and destination page`;
    case "city":
      return `/${lang}/${data.urlSlug}/ (and its destination pages)`;
    case "destination":
      return `the /${lang}/<city>/${data.urlSegment}/ pages`;
    case "page":
      return `/${lang}${data.path}/`;
    default:
      return `/${lang}/for-case-managers/${data.slug}/`;
  }
}

// --- internal ---

const untranslatedReason: Partial<Record<ContentKind, string>> = {
  "letter-template": "the letter goes to US physicians and insurers in English, so its page stays English",
  episode: "the podcast is in English, so its pages stay English",
};

/** Whether a translated field is printed in the PDF downloads: the documents, the checklists they share, the tagline. */
function printed(kind: TranslatableKind, path: (string | number)[]): boolean {
  if (kind === "checklist-document" || kind === "sample-itinerary") return true;
  if (kind === "city-common") return path[0] === "preFlightChecklist" || path[0] === "returnChecklist";
  return kind === "site" && path[0] === "tagline";
}

/** One language's complete translations, or undefined without a complete site.yaml. */
function assemble(lang: TranslatedLang, complete: { kind: TranslatableKind; data: unknown }[]): Translation | undefined {
  const site = complete.find((entry) => entry.kind === "site")?.data as SiteConfig | undefined;
  if (!site) return undefined;
  const only = <T>(kind: TranslatableKind) => complete.find((entry) => entry.kind === kind)?.data as T | undefined;
  const all = <T>(kind: TranslatableKind) => complete.filter((entry) => entry.kind === kind).map((entry) => entry.data as T);
  return {
    lang,
    site,
    home: only("home"),
    cityCommon: only("city-common"),
    cities: new Map(all<City>("city").map((city) => [city.urlSlug, city])),
    destinations: new Map(all<Destination>("destination").map((d) => [d.slug, d])),
    pages: new Map(all<Page>("page").map((page) => [page.path, page])),
    documents: { checklist: only("checklist-document"), itinerary: only("sample-itinerary") },
  };
}
