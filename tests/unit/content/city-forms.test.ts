// Names of real places fit (issue 35): a destination's title or description too long with a long city name filled in
// falls back to the shorter form the destination gives, and a name that fits no form is one problem, at the city's
// cityName, never in the destination files the editor did not touch.
import { load } from "cheerio";
import { beforeAll, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { fillToFit } from "../../../src/content/city-forms";
import type { Destination } from "../../../src/content/schema";
import type { SourceFile } from "../../../src/content/types";
import { validateContent } from "../../../src/content/validate";
import { generateDocuments } from "../../../src/documents/generate";
import { renderRoute } from "../../../src/render/render-route";
import { createRoutes } from "../../../src/site/routes";
import { fixture, loadRealSite, messagesOf, testAssets } from "../support/site";

// Every destination of data/ with these forms in place of its own (the Spanish ones left out: English-only pages).
const forms = {
  title: "Flights from {city} to the Clinic | Far North",
  titleShort: "{city} to the Clinic | Flights",
  metaDescription: "Non-emergency medical flights from {city}, FL to the clinic, with the whole trip planned at both ends.",
};
const thirty = "Fixture-by-the-Sea Long Harbor"; // an invented name of 30 characters, hyphens and spaces as real ones have

let sources: SourceFile[];
beforeAll(async () => {
  sources = (await loadRealSite()).sources
    .filter((file) => !file.path.startsWith("data/es/destinations/"))
    .map((file) => (file.path.startsWith("data/destinations/") ? withForms(file, forms) : file));
});

describe("a destination's title and description with a city's name filled in", () => {
  it("take the usual form when it fits, and the shorter form for a name that makes the usual one too long", async () => {
    const content = validateContent([...sources, city("fixture-shores", "Fixture Shores"), city("fixture-thirty", thirty)]);
    const titles = createRoutes(content, testAssets, await generateDocuments(content))
      .filter((route) => route.kind === "page" && route.pageKind === "destination" && /^\/fixture-(shores|thirty)\//.test(route.url))
      .map((route) => load(String(renderRoute(route, { site: content.site }).contents))("title").text());
    expect(new Set(titles)).toEqual(new Set(["Flights from Fixture Shores to the Clinic | Far North", `${thirty} to the Clinic | Flights`]));
    expect(titles.every((title) => title.length <= 60)).toBe(true);
  });

  it("refuse a name that fits no form once, at the city file's cityName, and nothing in the destination files", () => {
    const long = "Fixture-by-the-Sea Long Townsite and Beaches East";
    const messages = messagesOf(() => validateContent([...sources, city("fixture-far-away", long)]));
    expect(messages).toHaveLength(1);
    const shortest = forms.titleShort.replace("{city}", long).length;
    expect(messages[0]).toMatch(new RegExp(`^data/cities/fixture-far-away\\.yaml:2:11 cityName: is too long: with it, even in its shortest form, the title of data/destinations/[a-z-]+\\.yaml is ${shortest} characters \\(at most 60\\)`));
    expect(messages[0]).toMatch(/; use a shorter name, or add a shorter form there \(titleShort, metaDescriptionShort\)$/);
  });

  it("refuse a form too long even for the shortest city name at the destination's own field", () => {
    const [first, ...rest] = sources.filter((file) => file.path.startsWith("data/destinations/"));
    const tooLong = withForms(first!, { ...forms, titleShort: "{city} to the Clinic in the Far North, the Whole Trip Planned | Flights" });
    const messages = messagesOf(() => validateContent([...sources.filter((f) => f !== first && !rest.includes(f)), tooLong, ...rest]));
    // (A long-named city of data/ may be told at its cityName too: the form no longer fits it.)
    expect(messages.filter((message) => !message.startsWith("data/cities/"))).toEqual([expect.stringMatching(new RegExp(`^${tooLong.path}:\\d+:\\d+ titleShort: must be at most 60 characters with the city filled in; for "[^"]+", the shortest city name, it is \\d+$`))]);
  });
});

describe("fillToFit", () => {
  const destination = { title: "Flights from {city} to the Clinic | Far North", titleShort: "{city} to the Clinic" } as Destination;

  it("fills the first form that fits, and the shortest when none does", () => {
    expect(fillToFit(destination, "title", "Estero")).toBe("Flights from Estero to the Clinic | Far North");
    expect(fillToFit(destination, "title", thirty)).toBe(`${thirty} to the Clinic`);
    expect(fillToFit({ ...destination, titleShort: undefined }, "title", thirty)).toBe(`Flights from ${thirty} to the Clinic | Far North`);
  });
});

// --- internal ---

/** A data file with these top-level fields set (added after `title` when it has none). */
function withForms(file: SourceFile, fields: Record<string, string>): SourceFile {
  const document = parseDocument(file.text);
  for (const [key, value] of Object.entries(fields)) document.set(key, value);
  return { path: file.path, text: document.toString({ lineWidth: 0 }) };
}

/** A city file made from the fixture city, named and slugged anew, with no Spanish and no links to other cities. */
function city(slug: string, name: string): SourceFile {
  const text = fixture("city-naples.yaml", "")
    .text.replaceAll("Naples", name)
    .replace("urlSlug: naples", `urlSlug: ${slug}`)
    .replace(/^title: .*$/m, `title: Medical Flights in ${slug}`)
    .replace(/^(nearbyCity\d): \{ name: ([^,]+), slug: [a-z-]+ \}$/gm, "$1: { name: $2 }");
  return { path: `data/cities/${slug}.yaml`, text };
}
