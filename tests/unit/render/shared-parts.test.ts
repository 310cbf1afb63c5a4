import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../../src/render/render-route";
import { translateBodies, translateLinks } from "../../../src/render/translated-links";
import { markPhoneNumbers } from "../../../templates/phone-numbers";
import { loadSampleSite } from "../support/sample-site";

// The header, footer and quote forms are rendered once per build and spliced into each page (templates/Once.tsx,
// issue 14). Splicing must never change a byte: every page equals the page rendered in one piece.
describe("parts shared by many pages", () => {
  it("leave every page of the site byte for byte as rendering it in one piece gives", async () => {
    const { content, routes } = await loadSampleSite();
    const pages = routes.filter((route) => route.kind === "page");
    expect(pages.length).toBeGreaterThan(80);
    expect(pages.some((route) => route.translated)).toBe(true);
    for (const route of pages) {
      const spliced = String(renderRoute(route, { site: content.site }).contents);
      // A Spanish page's links lead to the Spanish pages after rendering (src/render/translated-links.ts), in one piece as in parts.
      // Its phone numbers are marked as one unit (templates/phone-numbers.ts), in one piece as in parts.
      // The 404's other languages' bodies lead to their pages (issue 40), in one piece as in parts.
      const whole = translateLinks(markPhoneNumbers(renderToStaticMarkup(route.element)), route.translated);
      expect(spliced, route.url).toBe(`<!DOCTYPE html>${translateBodies(whole, route.translatedBodies ?? [])}`);
      expect(spliced).not.toContain("data-shared-part");
    }
  }, 60_000);

  it("mark the current page in the header on the pages of the main navigation only", async () => {
    const { content, routes } = await loadSampleSite();
    const header = (url: string) => /<header[\s\S]*<\/header>/.exec(String(renderRoute(routes.find((r) => r.url === url)!, { site: content.site }).contents))![0];
    expect(header("/about/")).toContain('<a href="/about/" aria-current="page">About</a>');
    expect(header("/naples/")).not.toContain('aria-current="page"');
  });
});
