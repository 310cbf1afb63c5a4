// Issue 29: the build's summary says how many pages each language has and which are English only.
import { describe, expect, it } from "vitest";
import { formatSummary } from "../../../src/cli";
import type { BuildResult } from "../../../src/engine/stages";

const englishOnly = ["/privacy/", "/accessibility/", "/podcast/", "/podcast/one/", "/podcast/two/", "/naples/", "/naples/a/"];
const result: BuildResult = {
  files: 1,
  reused: 0,
  rendered: [],
  pagesByKind: { home: 2 },
  bytes: 0,
  warnings: [],
  timings: {},
  memory: { start: 0, stages: {} },
  languages: [{ lang: "es", pages: 82, englishOnly }],
};

describe("the build summary's languages", () => {
  it("names the first few English-only pages and how many more there are", () => {
    expect(formatSummary(result, "dist")).toContain(
      "  Spanish (/es/): 82 pages; 7 English only: /privacy/, /accessibility/, /podcast/, /podcast/one/, /podcast/two/, and 2 more (--verbose lists them all)\n",
    );
  });

  it("names them all with --verbose", () => {
    expect(formatSummary(result, "dist", { verbose: true })).toContain(`  Spanish (/es/): 82 pages; 7 English only: ${englishOnly.join(", ")}\n`);
  });

  it("says nothing of languages on a site in English only", () => {
    expect(formatSummary({ ...result, languages: undefined }, "dist")).not.toContain("English only");
  });
});
