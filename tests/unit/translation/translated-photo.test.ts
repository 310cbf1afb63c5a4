// A photo never takes a page down (issue 35): a translation whose English gained a photo keeps its page, with the
// English alt marked lang="en" and a review reminder at the translation file (so `build --strict` fails), and any page
// left out of a language is told at the field of the file that keeps it out, as a reminder too.
import { describe, expect, it } from "vitest";
import { markReviewed } from "../../../src/translation/review";
import { validateTranslations } from "../../../src/translation/validate-translations";
import type { SourceFile } from "../../../src/content/types";
import { edited, englishFiles, englishPage, englishSite, spanishPage, spanishSite } from "../support/translation-fixtures";

const reviewed = (spanish: SourceFile, english: SourceFile): SourceFile => ({ path: spanish.path, text: markReviewed(spanish, english).text });
const check = (spanish: SourceFile[], english: SourceFile[]) => validateTranslations(spanish, englishFiles(englishSite, ...english), "Naples");

const site = reviewed(spanishSite, englishSite);
const photo = "photo:\n  src: cabin.jpg\n  alt: The stretcher set up in the cabin\n  credit: Jane Doe\n  rights: own\n  hero: true\n";
const pageWithPhoto: SourceFile = { path: englishPage.path, text: `${englishPage.text}${photo}` };

describe("a translated page whose English gained a photo", () => {
  it("keeps its page with the English photo, its alt marked as English, and reminds the translator at the file", () => {
    const page = reviewed(spanishPage, englishPage);
    const { translations, notes, problems } = check([site, page], [pageWithPhoto]);
    expect(problems).toEqual([]);
    expect(notes.incomplete).toEqual([]);
    expect(translations.es!.pages.get("/about")!.photo).toEqual({
      src: "cabin.jpg",
      alt: "The stretcher set up in the cabin",
      credit: "Jane Doe",
      rights: "own",
      hero: true,
      altLang: "en",
    });
    expect(notes.warnings).toEqual([
      {
        file: "data/es/pages/about.yaml",
        line: 2,
        column: 1,
        field: "photo.alt",
        problem: 'is not translated: the Spanish page shows the photo with the English alt (marked lang="en") until it is',
      },
    ]);
  });

  it("shows the translated alt once it is translated, with nothing to remind", () => {
    const translated = { path: spanishPage.path, text: `${spanishPage.text}photo:\n  alt: La camilla preparada en la cabina\n` };
    const { translations, notes } = check([site, reviewed(translated, pageWithPhoto)], [pageWithPhoto]);
    expect(notes).toEqual({ warnings: [], incomplete: [] });
    expect(translations.es!.pages.get("/about")!.photo).toMatchObject({ src: "cabin.jpg", alt: "La camilla preparada en la cabina", credit: "Jane Doe" });
    expect(translations.es!.pages.get("/about")!.photo!.altLang).toBeUndefined();
  });

  it("refuses a translated credit: it is a name, the English file's", () => {
    const credited = { path: spanishPage.path, text: `${spanishPage.text}photo:\n  alt: La camilla\n  credit: Juana\n` };
    expect(check([site, credited], [pageWithPhoto]).problems.map((p) => `${p.field}: ${p.problem}`)).toEqual(["photo.credit: comes from the English file; remove it here"]);
  });
});

describe("a page left out of a language", () => {
  it("is told at each field that keeps it out, in the translation file, as a reminder --strict fails on", () => {
    const page = reviewed(edited(spanishPage, "    body: Por toda Florida.\n", ""), englishPage);
    const { translations, notes } = check([site, page], [englishPage]);
    expect(translations.es!.pages.size).toBe(0);
    expect(notes.warnings).toEqual([
      {
        file: "data/es/pages/about.yaml",
        line: 9,
        column: 5,
        field: "sections[1].body",
        problem: "is not translated: /es/about/ is left out of the Spanish site until it is",
      },
    ]);
  });
});
