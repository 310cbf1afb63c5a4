// One rule set for the build and a save (issue 37, item 4): whatever a save in `serve --watch` changes, SiteValidator
// finds what validateSite, the build's validation, finds in the same files: the same problems (file, line, column,
// field, problem, in the same order) or the same content. The edits break references across files on purpose.
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { loadSourceFiles } from "../../../src/content/load";
import { parseDataFile, type ParseResult } from "../../../src/content/parse";
import type { SiteContent, SourceFile } from "../../../src/content/types";
import { ContentError, type ContentProblem } from "../../../src/errors";
import { SiteValidator } from "../../../src/translation/site-validator";
import { validateSite } from "../../../src/translation/validate-site";
import { sampleRoot } from "../support/sample-site";

// The frozen sample site (tests/fixtures/sample-site/), with one photo file under data/images/.
let original: SourceFile[];
beforeAll(async () => {
  original = await loadSourceFiles(path.join(sampleRoot, "data"), sampleRoot);
});
const images: ReadonlySet<string> = new Set(["cabin.jpg"]);

// Three cities of the sample site that name each other (estero → ft-myers, marco-island → naples).
const cities = ["naples", "estero", "marco-island"] as const;
type City = (typeof cities)[number];
const english = (city: City) => `data/cities/${city}.yaml`;
const spanish = (city: City) => `data/es/cities/${city}.yaml`;

/** A save: one file's text rewritten; the text as it was when the edit does not apply to it. */
interface Save {
  path: string;
  edit: (text: string) => string;
}

/** A city's own `destinations:` notes, at the end of the file where these edits put them. */
const withoutNotes = (text: string) => text.replace(/\ndestinations:\n(?: {2}.*\n)*/, "\n");

const saves = labelled({
  // References from a city to other files: another city, a destination, a photo.
  nearbyCity: (city: City, slug: string): Save => ({ path: english(city), edit: (text) => text.replace(/^(nearbyCity1:\n {2}name: .*\n {2}slug: ).*$/m, `$1${slug}`) }),
  destinationNote: (city: City, slug: string): Save => ({ path: english(city), edit: (text) => `${withoutNotes(text)}destinations:\n  ${slug}:\n    intro: A note for this city.\n` }),
  photo: (city: City, src: string): Save => ({
    path: english(city),
    edit: (text) => `${text.replace(/\nphoto:\n(?: {2}.*\n)*/, "\n")}photo:\n  src: ${src}\n  alt: A small jet on the ramp at dusk.\n  rights: own\n`,
  }),
  // A city's own text; its name and slug, which other files and the order of the cities depend on.
  airport: (city: City): Save => ({ path: english(city), edit: (text) => text.replace(/^(airports:\n {2}- code: \w+\n {4}name: )/m, "$1New ") }),
  englishText: (city: City, words: string): Save => ({ path: english(city), edit: (text) => text.replace(/^localCareOverview: >-\n {2}/m, `localCareOverview: >-\n  ${words} `) }),
  cityName: (city: City): Save => ({ path: english(city), edit: (text) => text.replace(/^cityName: /m, "cityName: Aaa ") }),
  urlSlug: (city: City, slug: string): Save => ({ path: english(city), edit: (text) => text.replace(/^urlSlug: .*$/m, `urlSlug: ${slug}`) }),
  // The translation: its text, a glossary term rendered another way, keys it may not have, a field left out.
  spanishText: (city: City): Save => ({ path: spanish(city), edit: (text) => text.replace(/^localCareOverview: >-\n {2}/m, "localCareOverview: >-\n  También, ") }),
  spanishGlossaryMiss: (city: City): Save => ({ path: spanish(city), edit: (text) => text.replace(/oxígeno/gi, "aire") }),
  spanishKey: (city: City, key: string): Save => ({ path: spanish(city), edit: (text) => text.replace(/^title: /m, `${key}: x\ntitle: `) }),
  spanishNote: (city: City, slug: string): Save => ({ path: spanish(city), edit: (text) => `${withoutNotes(text)}destinations:\n  ${slug}:\n    intro: Una nota.\n` }),
  spanishIncomplete: (city: City): Save => ({ path: spanish(city), edit: (text) => text.replace(/^title: .*\n/m, "") }),
  spanishTooLong: (city: City): Save => ({ path: spanish(city), edit: (text) => text.replace(/^title: /m, "title: Muy largo y mucho más largo que antes, ") }),
  // Files the cities depend on: the glossary, a destination's slug.
  glossaryTerm: (): Save => ({ path: "data/es/glossary.yaml", edit: (text) => `${text.trimEnd()}\n  - en: caregiver\n    es: [cuidador]\n` }),
  destinationSlug: (slug: string): Save => ({ path: "data/destinations/mayo-clinic.yaml", edit: (text) => text.replace(/^slug: .*$/m, `slug: ${slug}`) }),
  restore: (city: City): Save => ({ path: english(city), edit: () => original.find((file) => file.path === english(city))!.text }),
  restoreSpanish: (city: City): Save => ({ path: spanish(city), edit: () => original.find((file) => file.path === spanish(city))!.text }),
});

const city = fc.constantFrom(...cities);
/** A slug another file may name: one that exists, one misspelt, this city's own, none at all. */
const citySlug = fc.constantFrom("ft-myers", "naples", "estero", "marco-island", "esterro", "nowhere");
const destinationSlug = fc.constantFrom("mayo-clinic", "md-anderson", "md-andersen", "nowhere-clinic");
const save: fc.Arbitrary<Save> = fc.oneof<fc.Arbitrary<Save>[]>(
  fc.tuple(city, citySlug).map(([c, slug]) => saves.nearbyCity(c, slug)),
  fc.tuple(city, destinationSlug).map(([c, slug]) => saves.destinationNote(c, slug)),
  fc.tuple(city, fc.constantFrom("cabin.jpg", "cabn.jpg")).map(([c, src]) => saves.photo(c, src)),
  city.map(saves.airport),
  fc.tuple(city, fc.constantFrom("Also,", "Oxygen is on board.")).map(([c, words]) => saves.englishText(c, words)),
  city.map(saves.cityName),
  fc.tuple(city, citySlug).map(([c, slug]) => saves.urlSlug(c, slug)),
  city.map(saves.spanishText),
  city.map(saves.spanishGlossaryMiss),
  fc.tuple(city, fc.constantFrom("urlSlug", "titel")).map(([c, key]) => saves.spanishKey(c, key)),
  fc.tuple(city, destinationSlug).map(([c, slug]) => saves.spanishNote(c, slug)),
  city.map(saves.spanishIncomplete),
  city.map(saves.spanishTooLong),
  fc.constant(saves.glossaryTerm()),
  fc.constantFrom("mayo", "mayo-clinic").map(saves.destinationSlug),
  city.map(saves.restore),
  city.map(saves.restoreSpanish),
);

/** Each save shown in a counterexample by its name and arguments, like nearbyCity(naples, esterro). */
function labelled<T extends Record<string, (...args: never[]) => Save>>(makers: T): T {
  const named = Object.entries(makers).map(([name, make]) => [
    name,
    (...args: never[]) => Object.assign(make(...args), { [fc.toStringMethod]: () => `${name}(${args.join(", ")})` }),
  ]);
  return Object.fromEntries(named) as T;
}

/** The files with one saved: a new object for that file only, as the dev server's reader gives them. */
function saved(files: SourceFile[], { path: file, edit }: Save): SourceFile[] {
  return files.map((f) => (f.path === file ? { path: f.path, text: edit(f.text) } : f));
}

/** The content, or the problems of the ContentError thrown, each with its file, line, column, field and text. */
function outcome(run: () => SiteContent): SiteContent | ContentProblem[] {
  try {
    return run();
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
}

/** parseDataFile remembered by text and schema (it is pure), so that the build's side of each step stays quick. */
const parsedBefore = new Map<string, { schema: z.ZodType; result: ParseResult<unknown> }>();
function parse<T>(file: SourceFile, schema: z.ZodType<T>): ParseResult<T> {
  const key = `${file.path}\n${file.text}`;
  const before = parsedBefore.get(key);
  if (before?.schema === schema) return before.result as ParseResult<T>;
  const result = parseDataFile(file, schema);
  parsedBefore.set(key, { schema, result });
  return result;
}

describe("one rule set for the build and a save", () => {
  it("finds after any sequence of saves, references broken or not, what the build's validation finds in the same files", () => {
    fc.assert(
      fc.property(fc.array(save, { minLength: 1, maxLength: 8 }), (sequence) => {
        const validator = new SiteValidator();
        validator.validate(original, images);
        let files = original;
        for (const step of sequence) {
          files = saved(files, step);
          expect(outcome(() => validator.validate(files, images))).toEqual(outcome(() => validateSite(files, parse, images)));
        }
      }),
      { numRuns: 30 },
    );
    // Up to 240 validations of the sample site, half of them whole: about 10 s alone.
  }, 90_000);

  it("makes the saves this test depends on: each edit changes its file, and the quick path takes a city's save", () => {
    const files = original;
    for (const step of [saves.nearbyCity("naples", "esterro"), saves.destinationNote("estero", "md-andersen"), saves.photo("naples", "cabn.jpg"), saves.spanishGlossaryMiss("naples"), saves.spanishKey("estero", "titel")]) {
      const text = files.find((file) => file.path === step.path)!.text;
      expect(step.edit(text), step.path).not.toBe(text);
    }
    // A broken reference is a problem of the build's, at the reference.
    const broken = saved(original, saves.nearbyCity("naples", "esterro"));
    // The quick path keeps every part of the content the save did not change.
    const validator = new SiteValidator();
    const before = validator.validate(original, images);
    expect(validator.validate(saved(original, saves.airport("naples")), images).destinations).toBe(before.destinations);
    expect(outcome(() => validateSite(broken, parse, images))).toEqual([
      expect.objectContaining({ file: "data/cities/naples.yaml", line: 15, column: 9, field: "nearbyCity1.slug", problem: 'no city "esterro" in data/cities/ (did you mean "estero"?)' }),
    ]);
  });
});
