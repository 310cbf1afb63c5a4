// The Spanish content layer (issue 29): data/es/ laid over the English, checked with the English rules, complete or
// left out, and its review reminders (freshness, glossary) at the Spanish field's own line and column.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { markReviewed } from "../../../src/translation/review";
import { translatedFields } from "../../../src/translation/fields";
import { normalizeSpace } from "../../../src/translation/freshness";
import { layOver } from "../../../src/translation/overlay";
import { validateTranslations } from "../../../src/translation/validate-translations";
import type { SourceFile } from "../../../src/content/types";
import { edited, englishFiles, englishPage, englishSite, glossary, spanishPage, spanishSite } from "../support/translation-fixtures";

/** The files reviewed (translatedFrom written for every field), as a translator leaves them. */
const reviewed = (spanish: SourceFile, english: SourceFile): SourceFile => ({ path: spanish.path, text: markReviewed(spanish, english).text });

const check = (spanish: SourceFile[], english: SourceFile[] = [englishSite, englishPage]) =>
  validateTranslations(spanish, englishFiles(...english), "Naples");

const site = reviewed(spanishSite, englishSite);
const page = reviewed(spanishPage, englishPage);

describe("a translation laid over its English file", () => {
  it("takes the translated text and everything else from the English entity", () => {
    const { translations, problems, notes } = check([site, page]);
    expect(problems).toEqual([]);
    expect(notes).toEqual({ warnings: [], incomplete: [] });
    const es = translations.es!;
    expect(es.lang).toBe("es");
    expect(es.site.tagline).toBe("Aquí cuando nos necesita");
    expect(es.site.companyName).toBe("Example Flights");
    expect(es.site.phone.tel).toBe("+18775550100");
    const about = es.pages.get("/about")!;
    expect(about.heading).toBe("Quiénes somos");
    expect(about.sections.map((s) => [s.id, s.heading])).toEqual([["who-we-are", "Quiénes somos"], ["where", "Adónde volamos"]]);
    expect(es.home).toBeUndefined();
    expect(es.cities.size).toBe(0);
  });

  it("refuses a field that comes from the English file, at its place in the Spanish file", () => {
    const { problems, translations } = check([site, edited(page, "title: Quiénes somos", "path: /about\ntitle: Quiénes somos")]);
    expect(problems).toEqual([{ file: "data/es/pages/about.yaml", line: 2, column: 7, field: "path", problem: "comes from the English file; remove it here" }]);
    expect(translations.es?.pages.has("/about")).toBe(false);
  });

  it("refuses an English-only field inside a list item too", () => {
    const { problems } = check([site, edited(page, "  - heading: Adónde volamos", "  - id: where\n    heading: Adónde volamos")]);
    expect(problems.map((p) => `${p.line}:${p.column} ${p.field}: ${p.problem}`)).toEqual(["9:9 sections[1].id: comes from the English file; remove it here"]);
  });

  it("holds the translation to the English rules, with the problem at the Spanish field", () => {
    const long = "Quiénes somos, la coordinación de vuelos médicos no urgentes en Florida";
    const { problems } = check([site, edited(page, "title: Quiénes somos", `title: ${long}`)]);
    expect(problems).toEqual([
      { file: "data/es/pages/about.yaml", line: 2, column: 8, field: "title", problem: "must be at most 60 characters, or search results cut it off" },
    ]);
  });

  it("refuses in translated text of the PDF downloads what they cannot print, as in the English", () => {
    const { problems } = check([edited(site, "tagline: Aquí", "tagline: → Aquí"), page]);
    expect(problems).toEqual([
      { file: "data/es/site.yaml", line: 2, column: 10, field: "tagline", problem: 'has "→", which the PDF downloads cannot print; use plain letters and punctuation instead' },
    ]);
  });

  it("leaves out an incomplete translation and says why, as no error", () => {
    const { problems, translations, notes } = check([site, edited(page, "    body: Por toda Florida.\n", "")]);
    expect(problems).toEqual([]);
    expect(translations.es!.pages.size).toBe(0);
    expect(notes.incomplete).toEqual([
      { lang: "es", file: "data/es/pages/about.yaml", english: "data/pages/about.yaml", reasons: ["sections[1].body is not translated"] },
    ]);
  });

  it("counts a list of another length as incomplete", () => {
    const { translations, notes } = check([site, edited(page, "  - heading: Adónde volamos\n    body: Por toda Florida.\n", "")]);
    expect(translations.es!.pages.size).toBe(0);
    expect(notes.incomplete[0]!.reasons).toEqual(["sections has 1 item here; the English has 2"]);
  });

  it("has no translation at all without a complete site.yaml, and says so", () => {
    const { translations, notes } = check([page]);
    expect(translations.es).toBeUndefined();
    expect(notes.incomplete).toEqual([
      { lang: "es", file: "data/es/site.yaml", english: "data/site.yaml", reasons: ["data/es/site.yaml is missing: no page is translated without it"] },
    ]);
  });

  it("refuses a translation of the letter, which stays English", () => {
    const letter = { path: "data/es/documents/letter-of-medical-necessity.yaml", text: "title: Carta\n" };
    expect(check([site, letter]).problems.map((p) => p.problem)).toEqual([
      "is not translated: the letter goes to US physicians and insurers in English, so its page stays English; remove this file",
    ]);
  });

  it("warns about a translation whose English file is gone", () => {
    const orphan = { path: "data/es/pages/gone.yaml", text: "title: Ya no\n" };
    expect(check([site, page, orphan]).notes.warnings).toEqual([
      { file: "data/es/pages/gone.yaml", line: 1, column: 1, field: "", problem: "has no English file data/pages/gone.yaml to translate; remove it, or put back the English" },
    ]);
  });

  it("leaves out, as text to remove, a translated field the English does not have", () => {
    const spec = translatedFields.city;
    const english = { urlSlug: "naples", destinations: { "md-anderson": { intro: "Houston." } } };
    const spanish = { destinations: { "md-anderson": { intro: "Houston.", notes: "Notas." }, "mayo-clinic": { intro: "Rochester." } } };
    const laid = layOver({ destinations: spec.destinations }, english, spanish);
    expect(laid.merged).toEqual({ urlSlug: "naples", destinations: { "md-anderson": { intro: "Houston." } } });
    expect(laid.extra).toEqual([["destinations", "md-anderson", "notes"], ["destinations", "mayo-clinic"]]);
    expect(laid.missing).toEqual([]);
  });
});

describe("freshness", () => {
  it("reports a field whose English changed at the Spanish field's line and column", () => {
    const english = edited(englishPage, "  day and night.", "  day and night, every day of the year.");
    const { warnings } = check([site, page], [englishSite, english]).notes;
    expect(warnings).toEqual([{ file: "data/es/pages/about.yaml", line: 5, column: 7, field: "lead", problem: "the English changed since this was translated" }]);
  });

  it("does not count a change of line breaks or spaces in the English", () => {
    const english = edited(englishPage, "lead: >-\n  A coordinator answers every call,\n  day and night.", "lead: A coordinator answers  every call, day and night.");
    expect(check([site, page], [englishSite, english]).notes.warnings).toEqual([]);
  });

  it("reports a field with no record of its English, until it is marked reviewed", () => {
    const { warnings } = check([site, spanishPage]).notes;
    expect(warnings).toHaveLength(8);
    expect(warnings[0]).toEqual({
      file: "data/es/pages/about.yaml", line: 2, column: 8, field: "title",
      problem: "has no record of the English it was translated from; run npm run translation:reviewed",
    });
  });

  it("is clean again once the changed field is marked reviewed, and only that one", () => {
    const english = edited(englishPage, "heading: Who We Are", "heading: Who We Are Today");
    expect(check([site, page], [englishSite, english]).notes.warnings.map((w) => w.field)).toEqual(["sections[0].heading"]);
    const { text, reviewed: fields } = markReviewed(page, english, ["sections[0].heading"]);
    expect(fields).toEqual(["sections.0.heading"]);
    expect(check([site, { path: page.path, text }], [englishSite, english]).notes.warnings).toEqual([]);
  });
});

describe("the glossary", () => {
  it("warns at the Spanish field when an English term is rendered with none of its forms", () => {
    const spanish = edited(page, "Conseguimos una camilla", "Conseguimos un catre");
    const { warnings } = check([site, spanish, glossary]).notes;
    expect(warnings).toEqual([
      { file: "data/es/pages/about.yaml", line: 8, column: 11, field: "sections[0].body", problem: '"stretcher" is translated as "camilla" or "camillas" here (data/es/glossary.yaml)' },
    ]);
  });

  it("matches whole words in any case, with an English plural, and not inside link targets", () => {
    const english = edited(englishPage, "We arrange a stretcher when one is needed. [Ask for a quote](/contact#quote).", "STRETCHERS are quoted. [Call us](/contact#quote).");
    const spanish = edited(reviewed(spanishPage, english), "Conseguimos una camilla", "Conseguimos Camillas");
    expect(check([site, spanish, glossary], [englishSite, english]).notes.warnings).toEqual([]);
    const without = edited(spanish, "Conseguimos Camillas", "Conseguimos catres");
    expect(check([site, without, glossary], [englishSite, english]).notes.warnings.map((w) => w.problem)).toEqual([
      '"stretcher" is translated as "camilla" or "camillas" here (data/es/glossary.yaml)',
    ]);
  });

  it("refuses a glossary that is not a list of terms and forms", () => {
    const broken = { path: "data/es/glossary.yaml", text: "terms:\n  - en: stretcher\n    es: []\n" };
    expect(check([site, page, broken]).problems).toEqual([
      { file: "data/es/glossary.yaml", line: 3, column: 9, field: "terms[0].es", problem: "must list at least one form" },
    ]);
  });
});

describe("translation reviewed", () => {
  it("writes the record at the end and leaves every other line, comment and order as it was", () => {
    const spanish = edited(spanishPage, "lead: Un", "# Revisado por Ana.\nlead: Un");
    const { text } = markReviewed(spanish, englishPage);
    expect(text.startsWith(spanish.text)).toBe(true);
    const record = text.slice(spanish.text.length).split("\n");
    expect(record[0]).toBe("translatedFrom:");
    expect(record.slice(1, -1).map((line) => line.split(":")[0])).toEqual([
      "  title", "  metaDescription", "  heading", "  lead", "  sections.0.heading", "  sections.0.body", "  sections.1.heading", "  sections.1.body",
    ]);
  });

  it("replaces the record in place, keeping what follows it", () => {
    const withComment = { path: page.path, text: `${page.text}# fin\n` };
    const english = edited(englishPage, "heading: About Us", "heading: About Our Service");
    const { text } = markReviewed(withComment, english, ["heading"]);
    expect(text.endsWith("# fin\n")).toBe(true);
    expect(text.split("\n").filter((line) => line.startsWith("translatedFrom:"))).toHaveLength(1);
    expect(text.replace(/ {2}heading: \S+\n/, "")).toBe(withComment.text.replace(/ {2}heading: \S+\n/, ""));
  });

  it("names an unknown field, with the closest one the file has", () => {
    expect(() => markReviewed(page, englishPage, ["sections[0].bdy"])).toThrow(
      'data/es/pages/about.yaml has no translated field "sections.0.bdy" (did you mean "sections.0.body"?); name fields as translatedFrom does, like title',
    );
  });

  it("refuses a file that is not a translation", () => {
    expect(() => markReviewed(englishPage, englishPage)).toThrow("data/pages/about.yaml is not a translated data file");
  });
});

describe("freshness, for any English text", () => {
  const printable = fc.string({ minLength: 1, maxLength: 40, unit: fc.oneof(fc.constantFrom(" ", "\n", ":", "#", "-", "'", '"', "[", "]", "{", "}", "&", "*", "!", "|", ">", "%", "@", "`", ","), fc.constantFrom(..."aZé9ñ€")) });
  const meaningful = printable.filter((text) => normalizeSpace(text) !== "");
  /** englishPage with `lead` set to `text`, written by the yaml library (quoted or folded as it needs). */
  const withLead = (text: string): SourceFile => {
    const doc = parseDocument(englishPage.text);
    doc.set("lead", text);
    return { path: englishPage.path, text: doc.toString() };
  };

  it("reports nothing once reviewed, and exactly the field whose English then changes", () => {
    fc.assert(
      fc.property(meaningful, meaningful, (before, after) => {
        const english = withLead(before);
        const spanish = reviewed(spanishPage, english);
        expect(check([site, spanish], [englishSite, english]).notes.warnings).toEqual([]);
        const warnings = check([site, spanish], [englishSite, withLead(after)]).notes.warnings;
        if (normalizeSpace(before) === normalizeSpace(after)) expect(warnings).toEqual([]);
        else expect(warnings).toEqual([{ file: spanish.path, line: 5, column: 7, field: "lead", problem: "the English changed since this was translated" }]);
      }),
      { numRuns: 200 },
    );
  });
});
