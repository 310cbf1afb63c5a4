import { load } from "cheerio";
import { describe, expect, it } from "vitest";
import { findRawHtml, renderMarkdown, renderShowNotes } from "../../../src/content/markdown";

describe("show notes", () => {
  const notes = [
    "A short intro.",
    "",
    "**Before the travel day**",
    "",
    "- Records sent to the receiving team",
    "- Insurance questions asked early (/insurance)",
    "",
    "Read [for families](/for-families) or call us (/contact#quote).",
  ].join("\n");
  const $ = load(renderShowNotes(notes));

  it("turns a paragraph that is only bold text into a heading", () => {
    expect($("h3").text()).toBe("Before the travel day");
    expect($("strong")).toHaveLength(0);
  });

  it("turns bullet lines into a list", () => {
    expect($("ul > li").map((_, li) => $(li).text()).get()).toEqual([
      "Records sent to the receiving team",
      "Insurance questions asked early (/insurance)",
    ]);
  });

  it("links a parenthesised internal path, keeping the parentheses and the site's trailing slash", () => {
    const link = $("li a");
    expect(link.attr("href")).toBe("/insurance/");
    expect(link.text()).toBe("/insurance");
    expect($("li").last().html()).toBe('Insurance questions asked early (<a href="/insurance/">/insurance</a>)');
    expect($("p a[href='/contact/#quote']").text()).toBe("/contact#quote");
  });

  it("gives markdown links the site's trailing slash", () => {
    expect($("a[href='/for-families/']").text()).toBe("for families");
  });

  it("keeps a paragraph that only starts and ends bold a paragraph", () => {
    const $ = load(renderShowNotes("**Before** the flight and **after**"));
    expect($("h3")).toHaveLength(0);
    expect($("p > strong")).toHaveLength(2);
    expect(load(renderShowNotes("- **In a list**"))("li > strong").text()).toBe("In a list");
  });

  it("leaves parenthesised text that is no path, and paths in code, as text", () => {
    const html = renderShowNotes("Call (877) 555-0100, or see `(/insurance)` (and/or ask).");
    expect(load(html)("a")).toHaveLength(0);
  });
});

describe("markdown of other pages", () => {
  it("keeps bold paragraphs bold rather than making them headings", () => {
    const $ = load(renderMarkdown("**In an emergency, call 911.**"));
    expect($("h3")).toHaveLength(0);
    expect($("p > strong").text()).toBe("In an emergency, call 911.");
  });

  it("finds raw HTML, which validation refuses", () => {
    expect(findRawHtml("Hello <script>alert(1)</script>")).toBe("<script>");
    expect(findRawHtml("**Plain** markdown (/insurance)")).toBeUndefined();
    // A "<" that starts no HTML (a comparison, an autolink) is not refused; a comment or a tag after text is.
    expect(findRawHtml("If 2 < 3, see <https://example.org>.")).toBeUndefined();
    expect(findRawHtml("Text\n\n<!-- hidden -->")).toBe("<!-- hidden -->");
    expect(findRawHtml("Call *now* <b>today</b>")).toBe("<b>");
  });

  it("links only to the web, e-mail, phone numbers and the site itself", () => {
    const $ = load(renderMarkdown("[a](https://example.org) [b](mailto:x@example.org) [c](tel:+18775550100) [d](/about) [e](javascript:alert(1)) [f](data:text/html,x) [g](ftp://example.org/x)"));
    expect($("a").map((_, a) => $(a).attr("href")).get()).toEqual(["https://example.org", "mailto:x@example.org", "tel:+18775550100", "/about/"]);
  });

  it("never lets raw HTML through even if it got past validation", () => {
    const $ = load(renderShowNotes('<img src="x" onerror="alert(1)">\n\nText'));
    expect($("img")).toHaveLength(0);
  });
});
