import { beforeAll, describe, expect, it } from "vitest";
import { validateContent } from "../../../src/content/validate";
import { SiteValidator } from "../../../src/translation/site-validator";
import type { SourceFile } from "../../../src/content/types";
import { cityFiles, destinationFiles } from "../support/data-files";
import { loadRealSite, messagesOf, withFiles } from "../support/site";

// Photos (issue 30): each data file that may have one gets a `photo:` block appended; the messages are located at its
// lines, counted from the end of the real file.
let sources: SourceFile[];
beforeAll(async () => {
  sources = (await loadRealSite()).sources;
});

const images = new Set(["cabin.jpg", "crew/night-flight.jpg"]);
const realFile = (path: string) => sources.find((f) => f.path === path)!;

/** The real file with `photo:` and the given lines (each indented under it) appended; `line` is photo:'s line. */
function withPhoto(path: string, ...fields: string[]): { file: SourceFile; line: number } {
  const file = realFile(path);
  const text = file.text.endsWith("\n") ? file.text : `${file.text}\n`;
  return { file: { path, text: `${text}photo:\n${fields.map((field) => `  ${field}\n`).join("")}` }, line: text.split("\n").length };
}

// The first city and destination files of data/, whichever they are today (issue 35).
const [city] = cityFiles();
const cityFile = city!.file;
const [destination] = destinationFiles();

describe("a photo in data/", () => {
  it("is accepted on the home page, a page, a city and a destination, with each kind of rights", () => {
    const files = [
      withPhoto("data/home.yaml", "src: cabin.jpg", "alt: The stretcher set up in the cabin", "rights: own", "hero: true"),
      withPhoto("data/pages/about.yaml", "src: crew/night-flight.jpg", "alt: A flight nurse at night", "rights: consent", "consentRecord: Consents/2026/nurse.pdf", "people: true"),
      withPhoto(cityFile, "src: cabin.jpg", 'alt: ""', "decorative: true", "rights: licensed", "licence: Agency licence 123", "credit: Jane Doe"),
      withPhoto(destination!.file, "src: cabin.jpg", "alt: The cabin", "rights: own"),
    ].map((f) => f.file);
    const content = validateContent(withFiles(sources, ...files), undefined, images);
    // Each photo knows the file it is written in: where a warning about the photo file points (issue 40).
    expect(content.home.photo).toEqual({ src: "cabin.jpg", alt: "The stretcher set up in the cabin", rights: "own", hero: true, writtenIn: "data/home.yaml" });
    expect(content.pages.find((p) => p.path === "/about")?.photo?.people).toBe(true);
    expect(content.cities.find((c) => c.urlSlug === city!.urlSlug)?.photo).toEqual({
      src: "cabin.jpg", alt: "", decorative: true, rights: "licensed", licence: "Agency licence 123", credit: "Jane Doe", writtenIn: cityFile,
    });
    expect(content.destinations.find((d) => d.slug === destination!.slug)?.photo?.src).toBe("cabin.jpg");
  });

  it("names a file missing from data/images/ at its src, suggesting a close name", () => {
    const { file, line } = withPhoto(cityFile, "src: cabn.jpg", "alt: The cabin", "rights: own");
    const other = withPhoto("data/pages/about.yaml", "src: stretcher.jpg", "alt: A stretcher", "rights: own");
    expect(messagesOf(() => validateContent(withFiles(sources, file, other.file), undefined, images))).toEqual([
      `data/pages/about.yaml:${other.line + 1}:8 photo.src: no file "stretcher.jpg" in data/images/; put the photo there first`,
      `${cityFile}:${line + 1}:8 photo.src: no file "cabn.jpg" in data/images/ (did you mean "cabin.jpg"?)`,
    ]);
  });

  it("requires alt, and allows it empty only on a decorative photo", () => {
    const missing = withPhoto(cityFile, "src: cabin.jpg", "rights: own");
    expect(messagesOf(() => validateContent(withFiles(sources, missing.file), undefined, images))).toEqual([
      `${cityFile}:${missing.line + 1}:3 photo.alt: is required`,
    ]);
    const empty = withPhoto(cityFile, "src: cabin.jpg", 'alt: "  "', "rights: own");
    expect(messagesOf(() => validateContent(withFiles(sources, empty.file), undefined, images))).toEqual([
      `${cityFile}:${empty.line + 2}:8 photo.alt: must say what the photo shows, for someone who cannot see it; leave it "" only with decorative: true`,
    ]);
    const decorated = withPhoto(cityFile, "src: cabin.jpg", "alt: The cabin", "decorative: true", "rights: own");
    expect(messagesOf(() => validateContent(withFiles(sources, decorated.file), undefined, images))).toEqual([
      `${cityFile}:${decorated.line + 2}:8 photo.alt: must be "" for a decorative photo; or remove decorative: true`,
    ]);
  });

  it("refuses a recognisable person without consent", () => {
    const { file, line } = withPhoto(cityFile, "src: cabin.jpg", "alt: A patient boarding", "rights: own", "people: true");
    expect(messagesOf(() => validateContent(withFiles(sources, file), undefined, images))).toEqual([
      `${cityFile}:${line + 4}:11 photo.people: needs rights: consent and a consentRecord: a photo of someone who can be recognised is published only with their signed consent`,
    ]);
  });

  it("asks for the licence of a licensed photo and the consent record of one used with consent", () => {
    const licensed = withPhoto(cityFile, "src: cabin.jpg", "alt: The cabin", "rights: licensed");
    const consent = withPhoto("data/pages/about.yaml", "src: cabin.jpg", "alt: The cabin", "rights: consent", "people: true", "licence: CC BY 4.0");
    expect(messagesOf(() => validateContent(withFiles(sources, licensed.file, consent.file), undefined, images))).toEqual([
      `${cityFile}:${licensed.line + 1}:3 photo.licence: is required with rights: licensed; name the licence the photo is used under`,
      `data/pages/about.yaml:${consent.line + 5}:12 photo.licence: goes only with rights: licensed`,
      `data/pages/about.yaml:${consent.line + 1}:3 photo.consentRecord: is required with rights: consent; say where the signed consent form is kept`,
    ]);
  });

  it("says what rights may be, and refuses a src outside data/images/", () => {
    const { file, line } = withPhoto(cityFile, "src: ../site.yaml", "alt: The cabin", "rights: mine");
    expect(messagesOf(() => validateContent(withFiles(sources, file), undefined, images))).toEqual([
      `${cityFile}:${line + 1}:8 photo.src: must be the name of a photo file in data/images/, like cabin.jpg (jpg, jpeg, png, webp, avif, tif, tiff)`,
      `${cityFile}:${line + 3}:11 photo.rights: must be own (the company's own photo), licensed (with licence) or consent (with consentRecord)`,
    ]);
  });

  it("is checked against the images again by the dev server's validator when a city changes, or the images do", () => {
    const validator = new SiteValidator();
    const good = withPhoto(cityFile, "src: cabin.jpg", "alt: The cabin", "rights: own");
    expect(validator.validate(withFiles(sources, good.file), images).cities.find((c) => c.urlSlug === city!.urlSlug)?.photo?.src).toBe("cabin.jpg");
    const renamed = withPhoto(cityFile, "src: cabins.jpg", "alt: The cabin", "rights: own");
    expect(messagesOf(() => validator.validate(withFiles(sources, renamed.file), images))).toEqual([
      `${cityFile}:${renamed.line + 1}:8 photo.src: no file "cabins.jpg" in data/images/ (did you mean "cabin.jpg"?)`,
    ]);
    validator.validate(withFiles(sources, good.file), images);
    expect(messagesOf(() => validator.validate(withFiles(sources, good.file), new Set(["crew/night-flight.jpg"])))).toEqual([
      `${cityFile}:${good.line + 1}:8 photo.src: no file "cabin.jpg" in data/images/; put the photo there first`,
    ]);
  });
});
