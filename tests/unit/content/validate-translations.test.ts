// Issue 29: data/es/ through validateContent and the dev server's ContentValidator, over the real English of data/.
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { markReviewed } from "../../../src/content/review";
import { translatedFields, translatedTexts } from "../../../src/content/translated-fields";
import type { SourceFile } from "../../../src/content/types";
import { ContentValidator } from "../../../src/content/content-validator";
import { validateContent } from "../../../src/content/validate";
import { loadRealSite } from "../support/site";
import { edited } from "../support/translation-fixtures";

let english: SourceFile[];
let naples: SourceFile;
let spanishNaples: SourceFile;
const spanishSite: SourceFile = { path: "data/es/site.yaml", text: "tagline: Aquí cuando nos necesita\ndescription: Coordinación de vuelos médicos no urgentes.\n" };

beforeAll(async () => {
  english = (await loadRealSite()).sources.filter((file) => !file.path.startsWith("data/es/"));
  naples = english.find((file) => file.path === "data/cities/naples.yaml")!;
  // Every translated text of the English, marked as Spanish by its first letter ("¡"), so lengths stay the same.
  const translation: Record<string, unknown> = {};
  for (const { path, text } of translatedTexts(translatedFields.city, loadYaml(naples.text, { schema: CORE_SCHEMA }))) {
    let at: Record<string | number, unknown> = translation;
    path.slice(0, -1).forEach((part, i) => (at = (at[part] ??= typeof path[i + 1] === "number" ? [] : {}) as Record<string | number, unknown>));
    at[path.at(-1)!] = `¡${text.slice(1)}`;
  }
  const file = { path: "data/es/cities/naples.yaml", text: stringify(translation) };
  spanishNaples = { path: file.path, text: markReviewed(file, naples).text };
});

const reviewedSite = () => ({ path: spanishSite.path, text: markReviewed(spanishSite, english.find((f) => f.path === "data/site.yaml")!).text });

describe("validateContent with data/es/", () => {
  it("keeps translation files out of the English content and lays them over it", () => {
    const content = validateContent([...english, reviewedSite(), spanishNaples]);
    expect(content.cities.find((city) => city.urlSlug === "naples")!.title).toBe("Medical Flights in Naples, FL | Bed-to-Bed Coordination");
    expect(content.cities).toHaveLength(english.filter((file) => file.path.startsWith("data/cities/")).length);
    const translated = content.translations.es!.cities.get("naples")!;
    expect(translated.title).toBe("¡edical Flights in Naples, FL | Bed-to-Bed Coordination");
    expect(translated.airports).toEqual(content.cities.find((city) => city.urlSlug === "naples")!.airports);
    expect(content.translationNotes).toEqual({ warnings: [], incomplete: [] });
  });

  it("leaves the English entity as it is when its translation is incomplete", () => {
    const incomplete = edited(spanishNaples, "  - question: ¡s this", "  - questio: ¡s this");
    expect(() => validateContent([...english, reviewedSite(), incomplete])).toThrow('faqs[0].questio: is not a known field (did you mean "question"?)');
    const shorter = { path: spanishNaples.path, text: spanishNaples.text.replace(/\n {2}- "?¡ancer treatment travel Naples"?/, "") };
    const content = validateContent([...english, reviewedSite(), shorter]);
    expect(content.translations.es!.cities.has("naples")).toBe(false);
    expect(content.translationNotes.incomplete).toEqual([
      { lang: "es", file: "data/es/cities/naples.yaml", english: "data/cities/naples.yaml", reasons: ["keywords has 3 items here; the English has 4"] },
    ]);
    expect(content.cities.find((city) => city.urlSlug === "naples")!.keywords).toHaveLength(4);
  });

  it("still says an English file is missing when only its translation is there", () => {
    const withoutHome = english.filter((file) => file.path !== "data/home.yaml");
    expect(() => validateContent([...withoutHome, reviewedSite(), { path: "data/es/home.yaml", text: "title: Inicio\n" }])).toThrow(
      "data/home.yaml:1:1 is missing; every site needs one",
    );
  });

  it("gives the dev server's validator a fresh merge when a translated English city changes", () => {
    const validator = new ContentValidator();
    const files = [...english, reviewedSite(), spanishNaples];
    expect(validator.validate(files).translationNotes.warnings).toEqual([]);
    const changed = edited(naples, "title: Medical Flights in Naples, FL", "title: Medical Flights from Naples, FL");
    const content = validator.validate(files.map((file) => (file === naples ? changed : file)));
    expect(content.translationNotes.warnings.map((w) => `${w.file}:${w.line} ${w.field}: ${w.problem}`)).toEqual([
      "data/es/cities/naples.yaml:1 title: the English changed since this was translated",
    ]);
  });
});
