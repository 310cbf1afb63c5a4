import { unzipSync } from "fflate";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { validateSite } from "../../../src/translation/validate-site";
import { generateDocuments } from "../../../src/documents/generate";
import { renderLetterPdf } from "../../../src/documents/letter";
import type { Download, SiteContent } from "../../../src/content/types";
import { docxParagraphs, flatten, loadDataFiles, pdfFacts, pdfPages } from "../support/documents";

let content: SiteContent;
let downloads: Download[];
const file = (name: string) => downloads.find((d) => d.file === `downloads/${name}`)!;

beforeAll(async () => {
  content = validateSite(await loadDataFiles());
  downloads = await generateDocuments(content);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the case-manager downloads", () => {
  it("are four files in downloads/ (three PDFs and the letter template as a Word document too), and the checklist and itinerary in Spanish", () => {
    expect(downloads.map((d) => [d.file, d.format, d.document, d.lang ?? "en"])).toEqual([
      ["downloads/pre-flight-checklist.pdf", "pdf", "pre-flight-checklist", "en"],
      ["downloads/letter-of-medical-necessity-template.docx", "docx", "letter-of-medical-necessity-template", "en"],
      ["downloads/letter-of-medical-necessity-template.pdf", "pdf", "letter-of-medical-necessity-template", "en"],
      ["downloads/sample-itinerary.pdf", "pdf", "sample-itinerary", "en"],
      // data/es/ translates these two; the letter template stays English.
      ["downloads/pre-flight-checklist.es.pdf", "pdf", "pre-flight-checklist", "es"],
      ["downloads/sample-itinerary.es.pdf", "pdf", "sample-itinerary", "es"],
    ]);
  });

  it("are real PDFs on US Letter pages, with the document's title in their metadata", async () => {
    for (const download of downloads.filter((d) => d.format === "pdf")) {
      expect(new TextDecoder().decode(download.contents.slice(0, 5)), download.file).toBe("%PDF-");
      const facts = await pdfFacts(download.contents);
      for (const size of facts.pageSizes) expect(size, download.file).toEqual([0, 0, 612, 792]);
    }
    expect((await pdfFacts(file("sample-itinerary.pdf").contents)).title).toBe("Sample Itinerary: Naples to Houston");
  });

  it("are tagged PDFs, so screen readers find their headings, paragraphs, lists and timetable", async () => {
    expect((await pdfFacts(file("pre-flight-checklist.pdf").contents)).roles).toEqual(expect.arrayContaining(["Document", "H1", "H2", "P", "L", "LI", "LBody"]));
    expect((await pdfFacts(file("sample-itinerary.pdf").contents)).roles).toEqual(expect.arrayContaining(["Table", "TR", "TH", "TD"]));
  });

  it("put the company name, tagline (in the PDF's language) and phone line on every page of every PDF", async () => {
    const taglines = { en: "There When You Need Us", es: "Con usted cuando nos necesite" };
    for (const download of downloads.filter((d) => d.format === "pdf")) {
      const pages = await pdfPages(download.contents);
      expect(pages.length, download.file).toBeGreaterThan(0);
      for (const page of pages) {
        expect(page, download.file).toContain("Florida Medical Flights");
        expect(page, download.file).toContain(taglines[download.lang ?? "en"]);
        expect(page, download.file).toContain(content.site.phone.display);
      }
    }
  });

  it("print every pre-flight and return checklist item of city-common.yaml in the checklist PDF", async () => {
    const text = flatten((await pdfPages(file("pre-flight-checklist.pdf").contents)).join("\n"));
    expect(text).toContain("Pre-Flight and Return Checklist");
    expect(text).toContain(`Call 24/7: ${content.site.phone.display}`);
    const items = [...content.cityCommon.preFlightChecklist, ...content.cityCommon.returnChecklist];
    expect(items.map((item) => item.title)).toEqual([
      "Medical records transfer",
      "Fit-to-fly assessment",
      "Insurance verification",
      "Ground transport coordination",
      "Return flight scheduling",
      "Local follow-up coordination",
      "Medication management",
      "Home health arrangements",
    ]);
    for (const item of items) {
      expect(text).toContain(item.title);
      expect(text).toContain(flatten(item.detail));
    }
    expect(text).toContain("Before the flight");
    expect(text).toContain("Planning the return");
    expect(text).toContain("Notes for case managers");
  });

  it("mark every page of the itinerary PDF as a sample, and give the whole bed-to-bed day", async () => {
    const pages = await pdfPages(file("sample-itinerary.pdf").contents);
    for (const page of pages) expect(page).toContain("Sample — times and places vary");
    const text = flatten(pages.join("\n"));
    for (const title of ["Ground pick-up", "Departure airport", "Flight", "Arrival", "Ground transfer", "Hand-off"]) {
      expect(text).toContain(title);
    }
    expect(text).toContain("Naples Airport (APF)");
    expect(text).toContain("7:00 a.m. ET");
  });

  it("give the letter template in the PDF with its placeholders, the letter alone on its own page", async () => {
    const pages = await pdfPages(file("letter-of-medical-necessity-template.pdf").contents);
    expect(pages).toHaveLength(2);
    expect(flatten(pages[0]!)).toContain("How to use this template");
    const letter = flatten(pages[1]!);
    for (const placeholder of ["[Patient name]", "[Date of birth]", "[Diagnosis]", "[Physician name]", "[Physician signature]", "[Date]",
      "[Origin facility]", "[Destination facility]", "[Mobility: stretcher / wheelchair / seated]", "[Equipment prescribed]"]) {
      expect(letter).toContain(placeholder);
    }
    expect(letter).toContain("Template from Florida Medical Flights");
    expect(letter).not.toContain("How to use this template");
  });

  it("keep a letter that runs over a page free of the company header, which would clash with the letterhead", async () => {
    const template = content.documents.letter;
    const long = { ...template, letter: { ...template.letter, paragraphs: Array(4).fill(template.letter.paragraphs).flat() } };
    const pages = await pdfPages(await renderLetterPdf(content.site, long));
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages.slice(1)) {
      expect(page).toContain(`Template from Florida Medical Flights · There When You Need Us · Call 24/7: ${content.site.phone.display}`);
      expect(page).not.toMatch(/^Florida Medical Flights$/m);
    }
  });

  it("give the letter template as a valid Word document with the letter's text and highlighted placeholders", () => {
    const bytes = file("letter-of-medical-necessity-template.docx").contents;
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]); // a zip file
    const entries = unzipSync(bytes);
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(["[Content_Types].xml", "word/document.xml", "docProps/core.xml"]));
    const paragraphs = docxParagraphs(bytes);
    expect(paragraphs).toContain("How to use this template (delete this note before sending)");
    expect(paragraphs).toContain("[Physician signature]");
    expect(paragraphs).toContain("To whom it may concern:");
    expect(paragraphs).toContain(
      "I am the treating physician of [Patient name], date of birth [Date of birth]. I am writing to ask for coverage of " +
        "non-emergency air medical transport from [Origin facility] to [Destination facility] on or about [Date of travel].",
    );
    expect(paragraphs.join("\n")).toContain(`From Florida Medical Flights, ${content.site.phone.display}, 24/7.`);
    const xml = new TextDecoder().decode(entries["word/document.xml"]);
    expect(xml).toMatch(/<w:highlight w:val="yellow"\/>[\s\S]*?<w:t[^>]*>\[Patient name\]<\/w:t>/);
    expect(xml).toContain('<w:pgSz w:w="12240" w:h="15840"'); // US Letter
  });

  it("come out byte for byte the same on another day: dates come from the content, not the clock", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-02-03T04:05:06Z"));
    const later = await generateDocuments(content);
    expect(later.map((d) => d.contents)).toEqual(downloads.map((d) => d.contents));
    const core = new TextDecoder().decode(unzipSync(file("letter-of-medical-necessity-template.docx").contents)["docProps/core.xml"]);
    expect(core).toContain(">2025-09-01T12:00:00Z</dcterms:created>");
  });
});
