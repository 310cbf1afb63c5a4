import { beforeAll, describe, expect, it } from "vitest";
import { SiteValidator } from "../../../src/translation/site-validator";
import { validateContent } from "../../../src/content/validate";
import { validateSite } from "../../../src/translation/validate-site";
import { ContentError, formatContentError } from "../../../src/errors";
import type { SourceFile } from "../../../src/content/types";
import { cityFiles, destinationFiles } from "../support/data-files";
import { fixtureCity, loadRealSite, messagesOf, withFiles } from "../support/site";

// Each test takes the real data/ files and replaces or adds one or two files in memory.
let sources: SourceFile[];
beforeAll(async () => {
  sources = (await loadRealSite()).sources;
});

// The fixture city, whose nearby cities are three city files of data/ (whichever they are today, issue 35).
const naples = fixtureCity("data/cities/naples.yaml");
const nearby = /nearbyCity1: \{ name: [^,]+, slug: ([^ ]+) \}/.exec(naples.text)![1]!;
/** A slug one letter short of `slug`: a typo that the hint corrects. */
const misspelt = (slug: string) => slug.slice(0, -3) + slug.slice(-2);
const destination = destinationFiles()[0]!;
const edited = (file: SourceFile, from: string, to: string): SourceFile => {
  if (!file.text.includes(from)) throw new Error(`${file.path} has no ${from}`);
  return { ...file, text: file.text.replace(from, to) };
};
const realFile = (path: string) => sources.find((f) => f.path === path)!;
/** The line (1-based) of a file of data/ where `text` starts: the real files' lines move as editors edit them. */
const lineOf = (file: SourceFile, text: string) => file.text.slice(0, file.text.indexOf(text)).split("\n").length;
/** line:column (both 1-based) where `text` starts in a file. */
const positionOf = (file: SourceFile, text: string) => {
  const before = file.text.slice(0, file.text.indexOf(text)).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
};

describe("validateContent", () => {
  it("accepts the real content of data/ with the fixture city in place of Naples", () => {
    const content = validateContent(withFiles(sources, naples));
    // Every city file of data/, and the fixture (whose slug is naples) whether or not data/ still has a Naples.
    expect(content.cities.map((c) => c.urlSlug).sort()).toEqual([...new Set([...cityFiles().map((c) => c.urlSlug), "naples"])].sort());
    expect(content.cities.find((c) => c.urlSlug === "naples")?.airports.map((a) => a.code)).toEqual(["APF"]);
  });

  it("refuses a second city with a slug that is already taken, naming the first file", () => {
    const copy = { ...naples, path: "data/cities/naples-copy.yaml" };
    expect(messagesOf(() => validateContent(withFiles(sources, naples, copy)))).toEqual([
      'data/cities/naples-copy.yaml:3:10 urlSlug: "naples" is already used by data/cities/naples.yaml',
    ]);
  });

  it("points a nearby-city slug that names no city at the slug, with a did-you-mean hint", () => {
    const file = edited(naples, `slug: ${nearby}`, `slug: ${misspelt(nearby)}`);
    expect(messagesOf(() => validateContent(withFiles(sources, file)))).toEqual([
      `data/cities/naples.yaml:${positionOf(file, misspelt(nearby))} nearbyCity1.slug: no city "${misspelt(nearby)}" in data/cities/ (did you mean "${nearby}"?)`,
    ]);
  });

  it("tells the editor to leave out the slug of a nearby place that has no page", () => {
    // A made-up place, like nothing in data/cities/: a real town might be added one day.
    const file = edited(naples, `slug: ${nearby}`, "slug: qqqxxz");
    expect(messagesOf(() => validateContent(withFiles(sources, file)))).toEqual([
      `data/cities/naples.yaml:${positionOf(file, "qqqxxz")} nearbyCity1.slug: no city "qqqxxz" in data/cities/; leave out slug for a place without its own page`,
    ]);
  });

  it("points a destination override that names no destination at its key, with a did-you-mean hint", () => {
    const wrong = misspelt(destination.slug);
    const file = { ...naples, text: `${naples.text}destinations:\n  ${wrong}:\n    intro: A Naples intro.\n` };
    expect(messagesOf(() => validateContent(withFiles(sources, file)))).toEqual([
      `data/cities/naples.yaml:27:3 destinations.${wrong}: no destination "${wrong}" in data/destinations/ (did you mean "${destination.slug}"?)`,
    ]);
  });

  it("accepts a destination override that names a destination", () => {
    const file = { ...naples, text: `${naples.text}destinations:\n  ${destination.slug}:\n    intro: A Naples intro.\n` };
    expect(validateContent(withFiles(sources, file)).cities.find((c) => c.urlSlug === "naples")?.destinations).toEqual({
      [destination.slug]: { intro: "A Naples intro." },
    });
  });

  it("refuses a quote endpoint that is not https in the real site.yaml", () => {
    const site = edited(realFile("data/site.yaml"), "quote: {}", "quote:\n  endpoint: http://quotes.example.org/submit");
    expect(messagesOf(() => validateContent(withFiles(sources, site)))).toEqual([
      "data/site.yaml:20:13 quote.endpoint: must be a full https:// address, like https://www.example.org/page",
    ]);
  });

  describe("where quotes go (issue 13)", () => {
    const siteWith = (quote: string) => withFiles(sources, edited(realFile("data/site.yaml"), "quote: {}", quote));

    it("sends the forms to the site's own /api/quote when site.yaml says nothing", () => {
      expect(validateContent(sources).site.quote).toEqual({ endpoint: "/api/quote", notice: { fields: [] }, urgent: [] });
    });

    it("keeps another https:// endpoint that site.yaml names", () => {
      expect(validateContent(siteWith("quote:\n  endpoint: https://forms.example.org/quote")).site.quote).toEqual({
        endpoint: "https://forms.example.org/quote",
        notice: { fields: [] },
        urgent: [],
      });
    });

    it("sends nowhere with delivery: console, the explicit choice for demos", () => {
      expect(validateContent(siteWith("quote:\n  delivery: console")).site.quote).toEqual({ delivery: "console", notice: { fields: [] }, urgent: [] });
    });

    it("keeps the fields the owner lists for the coordinators' e-mail, and refuses others (issue 25)", () => {
      expect(validateContent(siteWith("quote:\n  notice:\n    fields: [notes, mobility]")).site.quote.notice).toEqual({ fields: ["notes", "mobility"] });
      expect(messagesOf(() => validateContent(siteWith("quote:\n  notice:\n    fields: [phone]")))).toEqual([
        "data/site.yaml:21:14 quote.notice.fields[0]: must be one of mobility, equipment, notes",
      ]);
    });

    // Issue 39: the on-call numbers an urgent quote texts, none by default.
    it("keeps the on-call numbers for urgent texts in E.164, and refuses a number written otherwise", () => {
      expect(validateContent(siteWith('quote:\n  urgent: ["+12395550001"]')).site.quote.urgent).toEqual(["+12395550001"]);
      expect(messagesOf(() => validateContent(siteWith('quote:\n  urgent: ["(239) 555-0001"]')))).toEqual([
        "data/site.yaml:20:12 quote.urgent[0]: must be a mobile number in E.164, like +12395550100",
      ]);
    });

    it("refuses another delivery, and console together with an endpoint", () => {
      expect(messagesOf(() => validateContent(siteWith("quote:\n  delivery: email")))).toEqual([
        'data/site.yaml:20:13 quote.delivery: must be "console" (quotes go nowhere: for demos only), or left out to send them to /api/quote',
      ]);
      expect(messagesOf(() => validateContent(siteWith("quote:\n  endpoint: https://forms.example.org/quote\n  delivery: console")))).toEqual([
        "data/site.yaml:21:13 quote.delivery: cannot be console while quote.endpoint is set; remove one of the two",
      ]);
    });
  });

  it("reports the problems of several files at once", () => {
    const city = edited(
      edited(naples, "answer: Yes, when the patient's physician prescribes them.", "answer: 42"),
      "title:",
      "titel:",
    );
    const about = realFile("data/pages/about.yaml");
    const page = edited(about, /^heading: .*$/m.exec(about.text)![0], "heading: 7");
    const target = realFile(destination.file);
    const code = /code: ([A-Z]{3})/.exec(target.text)![1]!;
    const changed = edited(target, `code: ${code}`, `code: ${code.toLowerCase()}`);
    const error = catchContentError(() => validateContent(withFiles(sources, city, page, changed)));
    expect(formatContentError(error).split("\n")).toEqual([
      `flightsite: 5 problems in data/cities/naples.yaml, data/pages/about.yaml, ${destination.file}`,
      "data/cities/naples.yaml:2:1 title: is required",
      'data/cities/naples.yaml:4:1 titel: is not a known field (did you mean "title"?)',
      "data/cities/naples.yaml:23:13 faqs[2].answer: expected string, got number",
      `${destination.file}:${lineOf(changed, `code: ${code.toLowerCase()}`)}:11 arrivalAirports[0].code: must be a 3-letter IATA code in capitals, like APF`,
      `data/pages/about.yaml:${lineOf(page, "heading: 7")}:10 heading: expected string, got number`,
    ]);
  });

  it("counts the files rather than naming them in the first line when more than three have problems", () => {
    const problem = (file: string) => ({ file, line: 1, column: 1, field: "title", problem: "is required" });
    const error = new ContentError(["a", "b", "c", "d"].map((slug) => problem(`data/cities/${slug}.yaml`)));
    expect(formatContentError(error).split("\n")[0]).toBe("flightsite: 4 problems in 4 files");
  });

  it("does not blame the cities that link to a city whose own file is broken", () => {
    const file = edited(naples, "cityName: Naples", "cityName: 7");
    expect(messagesOf(() => validateContent(withFiles(sources, file)))).toEqual([
      "data/cities/naples.yaml:2:11 cityName: expected string, got number",
    ]);
  });

  it("still suggests a city whose own file is broken for a misspelt reference to it", () => {
    // A city of data/ that links to another (whichever they are today, issue 35): the other's file breaks, the link
    // to it is misspelt.
    const linking = cityFiles().find((city) => city.nearby.some((place) => place.slug && cityFiles().some((other) => other.urlSlug === place.slug)))!;
    const index = linking.nearby.findIndex((place) => place.slug && cityFiles().some((other) => other.urlSlug === place.slug));
    const target = cityFiles().find((city) => city.urlSlug === linking.nearby[index]!.slug)!;
    const broken = edited(realFile(target.file), `cityName: ${target.cityName}`, "cityName: 7");
    const linkingFile = realFile(linking.file);
    const at = linkingFile.text.indexOf(`slug: ${target.urlSlug}`, linkingFile.text.indexOf(`nearbyCity${index + 1}:`));
    const misspelling = { ...linkingFile, text: `${linkingFile.text.slice(0, at)}slug: ${misspelt(target.urlSlug)}${linkingFile.text.slice(at + `slug: ${target.urlSlug}`.length)}` };
    expect(messagesOf(() => validateContent(withFiles(sources, broken, misspelling)))).toContain(
      `${linking.file}:${positionOf(misspelling, `slug: ${misspelt(target.urlSlug)}`).replace(/\d+$/, (column) => String(Number(column) + 6))} nearbyCity${index + 1}.slug: no city "${misspelt(target.urlSlug)}" in data/cities/ (did you mean "${target.urlSlug}"?)`,
    );
  });

  it("reports a file in a place flightsite does not know, and what it expected", () => {
    const stray = { ...naples, path: "data/citys/naples.yaml" };
    expect(messagesOf(() => validateContent(withFiles(sources, stray)))).toEqual([
      "data/citys/naples.yaml:1:1 is not a kind of data file flightsite knows; expected site.yaml, home.yaml, city-common.yaml, cities/<slug>.yaml, destinations/<slug>.yaml, pages/<name>.yaml, episodes/<slug>.yaml, documents/pre-flight-checklist.yaml, documents/letter-of-medical-necessity.yaml or documents/sample-itinerary.yaml",
    ]);
  });

  it("reports a missing site.yaml", () => {
    expect(messagesOf(() => validateContent(sources.filter((f) => f.path !== "data/site.yaml")))).toEqual([
      "data/site.yaml:1:1 is missing; every site needs one",
    ]);
  });
});

describe("SiteValidator", () => {
  // As the dev server reads data/: the same files in the same order, a saved one replaced in its place.
  const saved = (...changed: SourceFile[]) => sources.map((f) => changed.find((c) => c.path === f.path) ?? f);
  // A city of data/ with a nearby city that has a page, and another city (whichever they are today, issue 35).
  const sample = cityFiles().find((city) => city.nearby.some((place) => place.slug))!;
  const other = cityFiles().find((city) => city.urlSlug !== sample.urlSlug)!;
  const sampleNearby = sample.nearby.find((place) => place.slug)!.slug!;
  const sampleFile = () => realFile(sample.file);

  it("gives for a city's save the content validateSite gives, keeping every other part as it was", () => {
    const validator = new SiteValidator();
    const first = validator.validate(sources);
    const airport = sample.airports[0]!.name;
    const files = saved(edited(sampleFile(), `name: ${airport}`, `name: ${airport} Municipal`));
    const content = validator.validate(files);
    expect(content).toEqual(validateSite(files));
    expect(content.destinations).toBe(first.destinations);
    expect(content.cities.find((c) => c.urlSlug === sample.urlSlug)?.airports[0]?.name).toBe(`${airport} Municipal`);
  });

  it("reports a saved city's problems exactly as validateSite does, and accepts the fix", () => {
    const validator = new SiteValidator();
    validator.validate(sources);
    for (const broken of [
      edited(sampleFile(), `slug: ${sampleNearby}`, `slug: ${misspelt(sampleNearby)}`),
      edited(sampleFile(), `slug: ${sampleNearby}`, `slug: ${sample.urlSlug}`),
      edited(sampleFile(), `urlSlug: ${sample.urlSlug}`, `urlSlug: ${other.urlSlug}`),
      edited(sampleFile(), `cityName: ${sample.cityName}`, "cityName: 7"),
      { ...sampleFile(), text: `${sampleFile().text}destinations:\n  ${misspelt(destination.slug)}:\n    intro: An intro.\n` },
    ]) {
      const files = saved(broken);
      const messages = messagesOf(() => validateSite(files));
      expect(messages).not.toEqual([]);
      expect(messagesOf(() => validator.validate(files))).toEqual(messages);
    }
    expect(validator.validate(sources)).toEqual(validateSite(sources));
  });

  it("checks the whole site again when a city's name changes, or a file comes or goes", () => {
    const validator = new SiteValidator();
    validator.validate(sources);
    const renamed = saved(edited(sampleFile(), `cityName: ${sample.cityName}`, `cityName: Aaa ${sample.cityName}`));
    expect(validator.validate(renamed).cities[0]?.cityName).toBe(`Aaa ${sample.cityName}`);
    const fewer = sources.filter((f) => f.path !== sample.file);
    expect(messagesOf(() => validator.validate(fewer))).toEqual(messagesOf(() => validateSite(fewer)));
  });
});

function catchContentError(run: () => unknown): ContentError {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error("expected a ContentError");
}
