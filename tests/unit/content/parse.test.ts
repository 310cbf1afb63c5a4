import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { generateCities } from "../../../scripts/gen-cities";
import { parseDataFile } from "../../../src/content/parse";
import { City, Page, SiteConfig } from "../../../src/content/schema";
import { formatProblem } from "../../../src/errors";
import type { SourceFile } from "../../../src/content/types";
import { fixture, projectRoot } from "../support/site";

// tests/fixtures/city-naples.yaml is a small valid city file; each test breaks one thing in it.
const naples = fixture("city-naples.yaml", "data/cities/naples.yaml");

function messagesFor(file: SourceFile, schema: Parameters<typeof parseDataFile>[1] = City): string[] {
  const result = parseDataFile(file, schema);
  return result.ok ? [] : result.problems.map(formatProblem);
}

const edited = (file: SourceFile, from: string | RegExp, to: string): SourceFile => {
  const text = file.text.replace(from, to);
  if (text === file.text) throw new Error(`fixture has no ${String(from)}`);
  return { ...file, text };
};

describe("parseDataFile", () => {
  it("accepts the valid fixture city", () => {
    expect(messagesFor(naples)).toEqual([]);
  });

  it("reports malformed YAML with the line and column where the parser stopped", () => {
    const file = edited(naples, "cityName: Naples", "cityName: Naples: Florida");
    expect(messagesFor(file)).toEqual([
      "data/cities/naples.yaml:2:11 is not valid YAML: Nested mappings are not allowed in compact mappings",
    ]);
  });

  it("reports a key written twice as malformed YAML", () => {
    const file = { ...naples, text: `${naples.text}cityName: Naples again\n` };
    expect(messagesFor(file)).toEqual(["data/cities/naples.yaml:26:1 is not valid YAML: Map keys must be unique"]);
  });

  it("points a missing top-level field at the start of the file's mapping", () => {
    const file = edited(naples, /localCareOverview: .*\n/, "");
    expect(messagesFor(file)).toEqual(["data/cities/naples.yaml:2:1 localCareOverview: is required"]);
  });

  it("points a missing nested field at the list item that lacks it", () => {
    const file = edited(naples, "    name: Naples Airport\n", "");
    expect(messagesFor(file)).toEqual(["data/cities/naples.yaml:11:5 airports[0].name: is required"]);
  });

  it("names the expected and the actual type of a wrong-typed field, at its value", () => {
    const file = edited(naples, "answer: Yes, when the patient's physician prescribes them.", "answer: 42");
    expect(messagesFor(file)).toEqual(["data/cities/naples.yaml:23:13 faqs[2].answer: expected string, got number"]);
  });

  it("speaks of lists and mappings, as the YAML does, in type messages", () => {
    const file = edited(edited(naples, "keywords: [medical flights Naples FL]", "keywords: medical flights Naples FL"),
      "nearbyCity3: { name: Estero, slug: estero }", "nearbyCity3: Estero");
    expect(messagesFor(file)).toEqual([
      "data/cities/naples.yaml:6:11 keywords: expected list, got string",
      "data/cities/naples.yaml:9:14 nearbyCity3: expected mapping, got string",
    ]);
  });

  it("points a misspelt field at its key and suggests the known field it resembles", () => {
    const file = edited(naples, "title:", "titel:");
    expect(messagesFor(file)).toEqual([
      "data/cities/naples.yaml:2:1 title: is required",
      'data/cities/naples.yaml:4:1 titel: is not a known field (did you mean "title"?)',
    ]);
  });

  it("suggests known fields inside list items too", () => {
    const file = edited(naples, "answer: No.", "anwser: No.");
    expect(messagesFor(file)).toEqual([
      "data/cities/naples.yaml:18:5 faqs[0].answer: is required",
      'data/cities/naples.yaml:19:5 faqs[0].anwser: is not a known field (did you mean "answer"?)',
    ]);
  });

  it("lists the allowed values of a field that takes one of a few words", () => {
    const file = edited(naples, "type: primary", "type: main");
    expect(messagesFor(file)).toEqual([
      'data/cities/naples.yaml:13:11 airports[0].type: must be one of "primary", "alternate", "backup", "general aviation", "commercial"',
    ]);
  });

  it("reports every problem of a file at once, in file order", () => {
    const file = edited(edited(naples, "type: primary", "type: main"), "code: APF", "code: apf");
    expect(messagesFor(file)).toEqual([
      "data/cities/naples.yaml:11:11 airports[0].code: must be a 3-letter IATA code in capitals, like APF",
      'data/cities/naples.yaml:13:11 airports[0].type: must be one of "primary", "alternate", "backup", "general aviation", "commercial"',
    ]);
  });

  it("refuses a video link that is not https", () => {
    const file = { ...naples, text: `${naples.text}youtubeUrl: http://www.youtube.com/watch?v=dQw4w9WgXcQ\n` };
    expect(messagesFor(file)).toEqual([
      "data/cities/naples.yaml:26:13 youtubeUrl: must be a full https:// address, like https://www.youtube.com/watch?v=VIDEO_ID",
    ]);
  });

  it("refuses a quote endpoint that is not https", () => {
    const site: SourceFile = {
      path: "data/site.yaml",
      text: [
        "companyName: Florida Medical Flights",
        "tagline: There When You Need Us",
        "description: Non-emergency medical flight coordination.",
        "phone: { display: (877) 555-0100, tel: '+18775550100' }",
        "founded: 1988",
        "headquarters: { city: St. Petersburg, region: FL, country: US }",
        "baseUrl: https://www.example.org",
        "footerYear: 2025",
        "quote:",
        "  endpoint: http://quotes.example.org/submit",
        "analytics: {}",
        "video: {}",
        "",
      ].join("\n"),
    };
    expect(messagesFor(site, SiteConfig)).toEqual([
      "data/site.yaml:10:13 quote.endpoint: must be a full https:// address, like https://www.example.org/page",
    ]);
  });

  it("refuses a base path that does not start and end with a slash, at its line (issue 27)", () => {
    const lines = [
      "companyName: Florida Medical Flights",
      "tagline: There When You Need Us",
      "description: Non-emergency medical flight coordination.",
      "phone: { display: (877) 555-0100, tel: '+18775550100' }",
      "founded: 1988",
      "headquarters: { city: St. Petersburg, region: FL, country: US }",
      "baseUrl: https://www.example.org",
      "basePath: previews/pr-42",
      "footerYear: 2025",
      "quote: {}",
      "analytics: {}",
      "video: {}",
      "",
    ];
    const site = (basePath: string): SourceFile => ({ path: "data/site.yaml", text: lines.join("\n").replace("previews/pr-42", basePath) });
    expect(messagesFor(site("previews/pr-42"), SiteConfig)).toEqual([
      'data/site.yaml:8:11 basePath: must start and end with "/", like /previews/pr-42/ (letters, digits, ".", "_", "~" and "-" between the slashes)',
    ]);
    for (const wrong of ["/previews/pr-42", "/previews//", "/../", "/a b/"]) expect(messagesFor(site(JSON.stringify(wrong)), SiteConfig)).toHaveLength(1);
    for (const right of ["/", "/previews/pr-42/", "/v1.2/"]) expect(messagesFor(site(right), SiteConfig)).toEqual([]);
  });

  it("refuses raw HTML in a markdown body and names what it found", () => {
    const page: SourceFile = {
      path: "data/pages/about.yaml",
      text: [
        "path: /about",
        "title: About Us",
        "metaDescription: Who we are.",
        "heading: About Us",
        "lead: Since 1988.",
        "sections:",
        "  - heading: Who We Are",
        "    body: |-",
        "      We are <b>here</b> for you.",
        "",
      ].join("\n"),
    };
    expect(messagesFor(page, Page)).toEqual([
      "data/pages/about.yaml:8:11 sections[0].body: must not contain raw HTML (found <b>); use markdown instead",
    ]);
  });

  it("says what it expected of an empty file", () => {
    expect(messagesFor({ path: "data/cities/naples.yaml", text: "" })).toEqual([
      "data/cities/naples.yaml:1:1 expected mapping, got nothing (null)",
    ]);
  });
});

// parseDataFile reads a file with js-yaml first, and with yaml's Document (which keeps every place) only when the
// file fails (issue 14). Both must read every file of ours to the same data.
describe("the fast path of parseDataFile", () => {
  it("reads every data file, and a few hundred generated cities, to the same data as the precise parser", async () => {
    const dataDir = path.join(projectRoot, "data");
    const texts = readdirSync(dataDir, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".yaml"))
      .map((name) => readFileSync(path.join(dataDir, name), "utf8"));
    texts.push(...(await generateCities(300, path.join(dataDir, "cities"))).values());
    expect(texts.length).toBeGreaterThan(340);
    for (const text of texts) expect(loadYaml(text, { schema: CORE_SCHEMA })).toEqual(parseDocument(text, { uniqueKeys: true }).toJS());
  });

  it("still points at the line of a mistake in a file that parses but fails its schema", () => {
    const problems = parseDataFile({ path: "data/cities/x.yaml", text: "cityName: X\nurlSlug: 42\n" }, City);
    expect(problems.ok).toBe(false);
    if (!problems.ok) expect(problems.problems.find((p) => p.field === "urlSlug")).toMatchObject({ line: 2, column: 10 });
  });
});
