// The link check of a site built under a base path (issue 27): links resolve without the prefix, and a link written
// from the root that escaped the prefix is broken, with a message that says so.
import { describe, expect, it } from "vitest";
import { findBrokenLinks } from "../../../src/engine/link-check";
import { formatBrokenLinks } from "../../../src/errors";
import type { OutputFile } from "../../../src/content/types";

const baseUrl = "https://www.example.org";
const basePath = "/previews/pr-42/";
const html = (body: string) => `<!DOCTYPE html><html lang="en"><head></head><body>${body}</body></html>`;

function site(home: string): OutputFile[] {
  return [
    { file: "index.html", contents: html(home) },
    { file: "about/index.html", contents: html('<h2 id="team">Team</h2><a href="#team">Team</a><a href="../">Home</a>') },
    { file: "assets/site.css", contents: "body{}" },
  ];
}

describe("the link check under a base path", () => {
  it("resolves links under the prefix to the files without it: root-relative, relative, absolute and anchors", () => {
    const home = [
      '<a href="/previews/pr-42/about/">About</a>',
      '<a href="/previews/pr-42/about/#team">Team</a>',
      '<a href="about/">About</a>',
      '<link rel="stylesheet" href="/previews/pr-42/assets/site.css">',
      '<link rel="canonical" href="https://www.example.org/previews/pr-42/">',
      '<form action="/previews/pr-42/api/quote"></form>',
    ].join("");
    expect(findBrokenLinks(site(home), baseUrl, basePath)).toEqual([]);
  });

  it("reports a root link that escaped the prefix as broken, saying so, even when the file exists at that path", () => {
    const broken = findBrokenLinks(site('<a href="/about/">About</a><img src="/assets/site.css" alt="">'), baseUrl, basePath);
    expect(broken).toEqual([
      { page: "index.html", link: "/about/", problem: "is outside the base path /previews/pr-42/" },
      { page: "index.html", link: "/assets/site.css", problem: "is outside the base path /previews/pr-42/" },
    ]);
    expect(formatBrokenLinks(broken)).toBe(
      [
        "dist/index.html: link to /about/ is outside the base path /previews/pr-42/ (on index.html)",
        "dist/index.html: link to /assets/site.css is outside the base path /previews/pr-42/ (on index.html)",
      ].join("\n"),
    );
  });

  it("still reports a link under the prefix to a page that does not exist as leading nowhere", () => {
    expect(findBrokenLinks(site('<a href="/previews/pr-42/nowhere/">x</a>'), baseUrl, basePath)).toEqual([{ page: "index.html", link: "/previews/pr-42/nowhere/" }]);
  });

  it("leaves absolute addresses of the same host outside the prefix unchecked: the live site a preview points at", () => {
    expect(findBrokenLinks(site('<link rel="canonical" href="https://www.example.org/about/">'), baseUrl, basePath)).toEqual([]);
  });

  it("checks a site at the root as before: the same links are fine there", () => {
    expect(findBrokenLinks(site('<a href="/about/">About</a><img src="/assets/site.css" alt="">'), baseUrl)).toEqual([]);
  });
});
