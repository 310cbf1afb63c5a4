// Issue 29: data/es/ through validateSite and the dev server's SiteValidator, over the real English of data/.
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { markReviewed } from "../../../src/translation/review";
import { translatedFields, translatedTexts } from "../../../src/translation/fields";
import type { SourceFile } from "../../../src/content/types";
import { SiteValidator } from "../../../src/translation/site-validator";
import { validateSite } from "../../../src/translation/validate-site";
import { cityFiles } from "../support/data-files";
import { loadRealSite } from "../support/site";
import { edited } from "../support/translation-fixtures";

// A city of data/ (the first whose title is written plainly and that has two keywords or more, whichever it is today,
// issue 35), with a made-up Spanish translation.
let english: SourceFile[];
let naples: SourceFile;
let city: ReturnType<typeof cityFiles>[number];
let spanishPath: string;
let keywords: string[];
let spanishNaples: SourceFile;
const spanishSite: SourceFile = { path: "data/es/site.yaml", text: "tagline: Aquí cuando nos necesita\ndescription: Coordinación de vuelos médicos no urgentes.\n" };

beforeAll(async () => {
  english = (await loadRealSite()).sources.filter((file) => !file.path.startsWith("data/es/"));
  const fileOf = (candidate: { file: string }) => english.find((file) => file.path === candidate.file)!;
  const keywordsOf = (file: SourceFile) => (loadYaml(file.text, { schema: CORE_SCHEMA }) as { keywords: string[] }).keywords;
  city = cityFiles().find((candidate) => fileOf(candidate).text.includes(`\ntitle: ${candidate.title}\n`) && keywordsOf(fileOf(candidate)).length >= 2)!;
  naples = fileOf(city);
  keywords = keywordsOf(naples);
  spanishPath = city.file.replace("data/cities/", "data/es/cities/");
  // Every translated text of the English, marked as Spanish by its first letter ("¡"), so lengths stay the same.
  const translation: Record<string, unknown> = {};
  for (const { path, text } of translatedTexts(translatedFields.city, loadYaml(naples.text, { schema: CORE_SCHEMA }))) {
    let at: Record<string | number, unknown> = translation;
    path.slice(0, -1).forEach((part, i) => (at = (at[part] ??= typeof path[i + 1] === "number" ? [] : {}) as Record<string | number, unknown>));
    at[path.at(-1)!] = `¡${text.slice(1)}`;
  }
  const file = { path: spanishPath, text: stringify(translation) };
  spanishNaples = { path: file.path, text: markReviewed(file, naples).text };
});

const reviewedSite = () => ({ path: spanishSite.path, text: markReviewed(spanishSite, english.find((f) => f.path === "data/site.yaml")!).text });

describe("validateSite with data/es/", () => {
  it("keeps translation files out of the English content and lays them over it", () => {
    const content = validateSite([...english, reviewedSite(), spanishNaples]);
    expect(content.cities.find((c) => c.urlSlug === city.urlSlug)!.title).toBe(city.title);
    expect(content.cities).toHaveLength(english.filter((file) => file.path.startsWith("data/cities/")).length);
    const translated = content.translations.es!.cities.get(city.urlSlug)!;
    expect(translated.title).toBe(`¡${city.title.slice(1)}`);
    expect(translated.airports).toEqual(content.cities.find((c) => c.urlSlug === city.urlSlug)!.airports);
    expect(content.translationNotes).toEqual({ warnings: [], incomplete: [] });
  });

  it("leaves the English entity as it is when its translation is incomplete", () => {
    const incomplete = edited(spanishNaples, "  - question: ¡", "  - questio: ¡");
    expect(() => validateSite([...english, reviewedSite(), incomplete])).toThrow('faqs[0].questio: is not a known field (did you mean "question"?)');
    // Its translation without the last keyword.
    const last = `¡${keywords.at(-1)!.slice(1)}`;
    const lines = spanishNaples.text.split("\n");
    const at = lines.findLastIndex((line) => line.startsWith("  - ") && line.includes(last));
    const shorter = { path: spanishNaples.path, text: lines.filter((_, index) => index !== at).join("\n") };
    expect(shorter.text).not.toBe(spanishNaples.text);
    const content = validateSite([...english, reviewedSite(), shorter]);
    expect(content.translations.es!.cities.has(city.urlSlug)).toBe(false);
    expect(content.translationNotes.incomplete).toEqual([
      { lang: "es", file: spanishPath, english: city.file, reasons: [`keywords has ${keywords.length - 1} items here; the English has ${keywords.length}`] },
    ]);
    expect(content.cities.find((c) => c.urlSlug === city.urlSlug)!.keywords).toEqual(keywords);
  });

  it("still says an English file is missing when only its translation is there", () => {
    const withoutHome = english.filter((file) => file.path !== "data/home.yaml");
    expect(() => validateSite([...withoutHome, reviewedSite(), { path: "data/es/home.yaml", text: "title: Inicio\n" }])).toThrow(
      "data/home.yaml:1:1 is missing; every site needs one",
    );
  });

  it("gives the dev server's validator a fresh merge when a translated English city changes", () => {
    const validator = new SiteValidator();
    const files = [...english, reviewedSite(), spanishNaples];
    expect(validator.validate(files).translationNotes.warnings).toEqual([]);
    const changed = edited(naples, `title: ${city.title}`, `title: ${city.title.slice(0, -1)}`);
    const content = validator.validate(files.map((file) => (file === naples ? changed : file)));
    expect(content.translationNotes.warnings.map((w) => `${w.file}:${w.line} ${w.field}: ${w.problem}`)).toEqual([
      `${spanishPath}:1 title: the English changed since this was translated`,
    ]);
  });
});
