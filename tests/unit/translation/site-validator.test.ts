// SiteValidator's quick path for a city that has a Spanish translation, and for a save of the translation itself.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { SiteValidator } from "../../../src/translation/site-validator";
import { validateSite } from "../../../src/translation/validate-site";
import { ContentError } from "../../../src/errors";
import type { SiteContent, SourceFile } from "../../../src/content/types";
import { cityFiles } from "../support/data-files";
import { loadRealSite, messagesOf } from "../support/site";

let sources: SourceFile[];
beforeAll(async () => {
  sources = (await loadRealSite()).sources;
});

// Three translated cities of data/, whichever they are today (issue 35): the first is saved in Spanish, the second in
// English; each is named by its file (data/cities/<name>.yaml) and its urlSlug.
const translated = cityFiles().filter((city) => city.spanish).slice(0, 3);
const cities = translated.map((city) => city.file.replace(/^data\/cities\/|\.yaml$/g, ""));
const [spanishSaved, englishSaved] = translated;
const [spanishSavedName, englishSavedName] = cities;
type Slug = string;
const englishOf = (slug: Slug) => `data/cities/${slug}.yaml`;
const spanishOf = (slug: Slug) => `data/es/cities/${slug}.yaml`;

/** Edits of one city's files, each a text replacement; the ones the quick path cannot decide must fall back. */
const edits = {
  // An English-only field: the translation is laid over the new English.
  airport: (slug: Slug) => ({ path: englishOf(slug), from: /^(airports:\n  - code: \w+\n    name: )/m, to: "$1New " }),
  // A translated field's English: the Spanish field falls behind (a warning).
  englishText: (slug: Slug) => ({ path: englishOf(slug), from: /^localCareOverview: >-\n  /m, to: "localCareOverview: >-\n  Also, " }),
  spanishText: (slug: Slug) => ({ path: spanishOf(slug), from: /^localCareOverview: >-\n  /m, to: "localCareOverview: >-\n  También, " }),
  // A title too long: a problem in the translation.
  spanishTooLong: (slug: Slug) => ({ path: spanishOf(slug), from: /^title: /m, to: "title: Muy largo y mucho más largo que antes, " }),
  // The translation becomes incomplete: its Spanish pages disappear.
  spanishIncomplete: (slug: Slug) => ({ path: spanishOf(slug), from: /^title: .*\n/m, to: "" }),
  englishName: (slug: Slug) => ({ path: englishOf(slug), from: /^cityName: /m, to: "cityName: Aaa " }),
  // Both files as data/ has them.
  restore: (slug: Slug) => ({ path: [englishOf(slug), spanishOf(slug)], from: undefined, to: "" }),
};

function apply(files: SourceFile[], edit: { path: string | string[]; from: RegExp | undefined; to: string }, original: SourceFile[]): SourceFile[] {
  return files.map((file) => {
    if (!([] as string[]).concat(edit.path).includes(file.path)) return file;
    if (!edit.from) return original.find((f) => f.path === file.path)!;
    const text = file.text.replace(edit.from, edit.to);
    if (!edit.from.test(original.find((f) => f.path === file.path)!.text)) throw new Error(`${file.path} has no ${edit.from}`);
    return { ...file, text };
  });
}

/** The content, or the problems of the ContentError it throws. */
function outcome(run: () => SiteContent): SiteContent | string[] {
  try {
    return run();
  } catch (error) {
    if (error instanceof ContentError) return messagesOf(() => { throw error; });
    throw error;
  }
}

describe("SiteValidator with data/es/", () => {
  it("gives for any sequence of city saves, English or Spanish, the content or the problems validateSite gives", () => {
    const save = fc.record({ edit: fc.constantFrom(...(Object.keys(edits) as (keyof typeof edits)[])), slug: fc.constantFrom(...cities) });
    fc.assert(
      fc.property(fc.array(save, { minLength: 1, maxLength: 6 }), (saves) => {
        const validator = new SiteValidator();
        validator.validate(sources);
        let files = sources;
        for (const { edit, slug } of saves) {
          files = apply(files, edits[edit](slug), sources);
          expect(outcome(() => validator.validate(files))).toEqual(outcome(() => validateSite(files)));
        }
      }),
      { numRuns: 15 },
    );
    // Up to 90 validations of the whole site: about 15 s alone, twice that on the two shared cores of a full run.
  }, 60_000);

  it("lays a saved Spanish city over its English, keeping every other part of the content as it was", () => {
    const validator = new SiteValidator();
    const first = validator.validate(sources);
    const files = apply(sources, edits.spanishText(spanishSavedName!), sources);
    const content = validator.validate(files);
    expect(content).toEqual(validateSite(files));
    expect(content.destinations).toBe(first.destinations);
    expect(content.cities).toEqual(first.cities);
    expect(content.translations.es!.pages).toBe(first.translations.es!.pages);
    expect(content.translations.es!.cities.get(englishSaved!.urlSlug)).toBe(first.translations.es!.cities.get(englishSaved!.urlSlug));
    const before = first.translations.es!.cities.get(spanishSaved!.urlSlug)!.localCareOverview;
    expect(content.translations.es!.cities.get(spanishSaved!.urlSlug)!.localCareOverview).toBe(`También, ${before}`);
  });

  it("lays a translated English city's translation over its new English, warning of the Spanish that fell behind", () => {
    const validator = new SiteValidator();
    const first = validator.validate(sources);
    const files = apply(sources, edits.englishText(englishSavedName!), sources);
    const content = validator.validate(files);
    expect(content).toEqual(validateSite(files));
    expect(content.destinations).toBe(first.destinations);
    expect(content.translationNotes.warnings.map((w) => `${w.file} ${w.field}: ${w.problem}`)).toContain(
      `${spanishOf(englishSavedName!)} localCareOverview: the English changed since this was translated`,
    );
  });
});
