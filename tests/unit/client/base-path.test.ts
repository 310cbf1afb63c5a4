import { describe, expect, it } from "vitest";
import { basePathOf, underBasePath, withoutBasePath } from "../../../client/base-path";
import { assembleQuote, emptyQuoteFields } from "../../../client/quote/rules";

const pageWith = (basePath?: string) => ({ documentElement: { dataset: basePath === undefined ? {} : { basePath } } }) as unknown as Document;

describe("the browser's base path (issue 27)", () => {
  it("is what <html data-base-path> says, and / without it or outside a browser", () => {
    expect(basePathOf(pageWith("/previews/pr-42/"))).toBe("/previews/pr-42/");
    expect(basePathOf(pageWith())).toBe("/");
    expect(basePathOf(undefined)).toBe("/");
  });

  it("puts the site's own URLs under it, and leaves others alone", () => {
    expect(underBasePath("/thank-you/?case=AF1", "/previews/pr-42/")).toBe("/previews/pr-42/thank-you/?case=AF1");
    expect(underBasePath("/api/quote", "/")).toBe("/api/quote");
    expect(underBasePath("https://quotes.example.org/submit", "/previews/pr-42/")).toBe("https://quotes.example.org/submit");
    expect(withoutBasePath("/previews/pr-42/naples/", "/previews/pr-42/")).toBe("/naples/");
  });

  it("takes a quote's city from the first folder after the base path", () => {
    const context = { title: "t", windowWidth: 1200, slot: "inline" as const, nowMs: 0, random: () => 0.5 };
    const href = "https://www.example.org/previews/pr-42/naples/flights-to-mayo-clinic-rochester/";
    expect(assembleQuote(emptyQuoteFields(), { ...context, href, basePath: "/previews/pr-42/" }).city_slug).toBe("naples");
    expect(assembleQuote(emptyQuoteFields(), { ...context, href: "https://www.example.org/naples/" }).city_slug).toBe("naples");
  });
});
