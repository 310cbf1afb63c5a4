// Issue 26: /privacy/ states where the quotes are kept and for how long from data/site.yaml (quoteStorage); the
// stack that keeps them must say the same, or the page tells visitors something false.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDataFile } from "../../src/content/parse";
import { SiteConfig } from "../../src/content/schema";
import { stackRegion } from "../lib/site-stack";
import { synthesize } from "./site-template";

const file = path.resolve(import.meta.dirname, "../../data/site.yaml");
const parsed = parseDataFile({ path: "data/site.yaml", text: readFileSync(file, "utf8") }, SiteConfig);

describe("what the privacy page says of the quotes' storage", () => {
  it("is the stack's region and its default retention period", () => {
    if (!parsed.ok) throw new Error("data/site.yaml does not validate");
    const storage = parsed.parsed.data.quoteStorage;
    expect(storage.region).toBe(stackRegion);
    synthesize().hasParameter("QuoteRetentionDays", { Default: storage.retentionDays });
  });
});
