import { describe, expect, it } from "vitest";
import { normalizeInternalLink, pageFile, pageUrl } from "../../../src/content/urls";

describe("the trailing-slash policy", () => {
  it("gives every page URL a trailing slash and writes it as index.html", () => {
    expect(pageUrl("/about")).toBe("/about/");
    expect(pageUrl("/")).toBe("/");
    expect(pageFile("/about/")).toBe("about/index.html");
    expect(pageFile("/")).toBe("index.html");
  });

  it("rewrites internal links the way editors write them, and leaves files and other sites alone", () => {
    expect(normalizeInternalLink("/insurance")).toBe("/insurance/");
    expect(normalizeInternalLink("/contact#quote")).toBe("/contact/#quote");
    expect(normalizeInternalLink("/podcast/feed.xml")).toBe("/podcast/feed.xml");
    expect(normalizeInternalLink("https://www.mayoclinic.org")).toBe("https://www.mayoclinic.org");
  });
});
