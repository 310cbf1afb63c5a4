import { describe, expect, it } from "vitest";
import { formatBrokenLinks } from "../../src/errors";
import { findBrokenLinks } from "../../src/build/link-check";
import type { OutputFile } from "../../src/content/types";

const baseUrl = "https://www.example.org";
const html = (body: string, head = "") => `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

/** A tiny built site: a home page, an about page with a #team section, a city with a sub-page, and assets. */
function site(extra: OutputFile[] = []): OutputFile[] {
  return [
    { file: "index.html", contents: html('<a href="/about/">About</a>', '<link rel="stylesheet" href="/assets/site.css">') },
    { file: "about/index.html", contents: html('<h2 id="team">Team</h2><a href="#team">Team</a>') },
    { file: "naples/index.html", contents: html('<a href="flights-to-houston/">Houston</a>') },
    { file: "naples/flights-to-houston/index.html", contents: html('<a href="../">Back to Naples</a>') },
    { file: "404.html", contents: html('<a href="/">Home</a>') },
    { file: "assets/site.css", contents: "body{}" },
    { file: "assets/client.js", contents: "" },
    { file: "logo.png", contents: new Uint8Array([1, 2, 3]) },
    ...extra,
  ];
}
const page = (file: string, body: string, head = ""): OutputFile => ({ file, contents: html(body, head) });

describe("findBrokenLinks", () => {
  it("finds nothing wrong in a site whose links all resolve", () => {
    expect(findBrokenLinks(site(), baseUrl)).toEqual([]);
  });

  it("reports a link to a page that does not exist, with the page it is on", () => {
    const broken = findBrokenLinks(site([page("contact/index.html", '<a href="/podcast/">Podcast</a>')]), baseUrl);
    expect(broken).toEqual([{ page: "contact/index.html", link: "/podcast/" }]);
  });

  it("reports a page link without the trailing slash, which S3 would answer with a redirect", () => {
    expect(findBrokenLinks(site([page("contact/index.html", '<a href="/about">About</a>')]), baseUrl)).toEqual([
      { page: "contact/index.html", link: "/about" },
    ]);
  });

  it("reports an anchor that no element on the target page has, and accepts one that exists", () => {
    const broken = findBrokenLinks(
      site([page("contact/index.html", '<a href="/about/#team">Team</a><a href="/about/#staff">Staff</a><a href="#form">Form</a>')]),
      baseUrl,
    );
    expect(broken).toEqual([
      { page: "contact/index.html", link: "/about/#staff" },
      { page: "contact/index.html", link: "#form" },
    ]);
  });

  it("resolves relative links against the page they are on", () => {
    const broken = findBrokenLinks(
      site([page("sarasota/index.html", '<a href="../naples/">Naples</a><a href="flights-to-houston/">Houston</a>')]),
      baseUrl,
    );
    expect(broken).toEqual([{ page: "sarasota/index.html", link: "flights-to-houston/" }]);
  });

  it("checks stylesheets, scripts, images and srcset entries as well as links", () => {
    const broken = findBrokenLinks(
      site([
        page(
          "gallery/index.html",
          '<img src="/logo.png" srcset="/logo.png 1x, /logo@2x.png 2x"><img src="/missing.png">',
          '<link rel="stylesheet" href="/assets/old.css"><script type="module" src="/assets/client.js"></script><script src="/assets/gone.js"></script>',
        ),
      ]),
      baseUrl,
    );
    expect(broken).toEqual([
      { page: "gallery/index.html", link: "/assets/old.css" },
      { page: "gallery/index.html", link: "/assets/gone.js" },
      { page: "gallery/index.html", link: "/logo@2x.png" },
      { page: "gallery/index.html", link: "/missing.png" },
    ]);
  });

  it("ignores other sites, phone and mail links, but checks absolute links to its own base URL", () => {
    const broken = findBrokenLinks(
      site([
        page(
          "links/index.html",
          [
            '<a href="https://www.mayoclinic.org/nowhere">Mayo</a>',
            '<a href="http://example.com/x">Other</a>',
            '<a href="tel:+18003273004">Call</a>',
            '<a href="mailto:help@example.org">Mail</a>',
            `<a href="${baseUrl}/about/">About</a>`,
            `<a href="${baseUrl}/gone/">Gone</a>`,
          ].join(""),
        ),
      ]),
      baseUrl,
    );
    expect(broken).toEqual([{ page: "links/index.html", link: `${baseUrl}/gone/` }]);
  });

  it("does not look for links inside files that are not HTML", () => {
    expect(findBrokenLinks(site([{ file: "notes.txt", contents: '<a href="/nowhere/">x</a>' }]), baseUrl)).toEqual([]);
  });
});

describe("formatBrokenLinks", () => {
  it("gives one line per broken target, naming the first pages it is on", () => {
    const broken = ["a", "b", "c", "d", "e"].map((name) => ({ page: `${name}/index.html`, link: "/podcast/" }));
    expect(formatBrokenLinks([...broken, { page: "x/index.html", link: "/gone/" }]).split("\n")).toEqual([
      "dist/a/index.html: link to /podcast/ does not resolve (on a/index.html, b/index.html, c/index.html and 2 more)",
      "dist/x/index.html: link to /gone/ does not resolve (on x/index.html)",
    ]);
  });

  it("names the output folder the build was given, not always dist/", () => {
    expect(formatBrokenLinks([{ page: "x/index.html", link: "/gone/" }], "../preview")).toBe(
      "../preview/x/index.html: link to /gone/ does not resolve (on x/index.html)",
    );
  });
});
