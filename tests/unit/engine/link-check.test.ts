import { describe, expect, it } from "vitest";
import { formatBrokenLinks } from "../../../src/errors";
import { Parser } from "htmlparser2";
import { findBrokenLinks, LinkCheck } from "../../../src/engine/link-check";
import { renderedSite } from "../support/rendered-site";
import { scanHtml } from "../../../src/render/scan-links";
import type { OutputFile } from "../../../src/content/types";

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

  it("resolves every form of a link as a browser does, the plain ones without parsing a URL", () => {
    const links = ["", "#", "#team", "/about/", "/about/#team", "https://www.example.org/about/#team", "https://www.example.org", "/a/../about/", "/%61bout/", "./", "/about/?x=1#team", "/api/quote"];
    expect(findBrokenLinks([...site(), page("about/more.html", `<p id="team"></p>${links.map((link) => `<a href="${link}">x</a>`).join("")}`)], baseUrl)).toEqual([]);
    const broken = ["#nope", "/about/#nope", "/about", "/nothing/", "https://www.example.org/nothing/", "/a/../nothing/#team", "/ab%20out/"];
    expect(findBrokenLinks([...site(), page("about/more.html", broken.map((link) => `<a href="${link}">x</a>`).join(""))], baseUrl)).toEqual(
      broken.map((link) => ({ page: "about/more.html", link })),
    );
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
            '<a href="tel:+18775550100">Call</a>',
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

  it("resolves a bare anchor on a page that is not a folder's index against that page", () => {
    const broken = findBrokenLinks(site([page("404.html", '<main id="main"><a href="#main">Top</a></main>')]).filter((f, i, all) => all.findIndex((g) => g.file === f.file) === i), baseUrl);
    expect(broken).toEqual([]);
  });

  it("reports broken links page by page, in the order they appear on each, however the pages arrived", () => {
    const check = new LinkCheck(baseUrl);
    check.addPage("b/index.html", ["/x/", "/y/"], []);
    check.addPage("a/index.html", ["/y/", "/a/"], []);
    expect(check.broken()).toEqual([
      { page: "a/index.html", link: "/y/" },
      { page: "b/index.html", link: "/x/" },
      { page: "b/index.html", link: "/y/" },
    ]);
  });

  it("takes a page in pieces, a part shared by many pages included once, its ids and links counted on each page", () => {
    const check = new LinkCheck(baseUrl);
    const header = { links: ["/about/", "#footer-nav"], ids: ["site-nav"] };
    check.addFound("a/index.html", [{ links: ["/b/#site-nav"], ids: ["main"] }, header, { links: ["/nowhere/"], ids: ["footer-nav"] }]);
    check.addFound("b/index.html", [header, { links: ["/a/#main", "/a/#missing"], ids: [] }]);
    expect(check.broken()).toEqual([
      { page: "a/index.html", link: "/about/" },
      { page: "a/index.html", link: "/nowhere/" },
      { page: "b/index.html", link: "/about/" },
      { page: "b/index.html", link: "#footer-nav" },
      { page: "b/index.html", link: "/a/#missing" },
    ]);
  });

  it("still checks a shared piece's links after every page that had them was replaced", () => {
    const check = new LinkCheck(baseUrl);
    const footer = { links: ["/gone/"], ids: [] };
    check.addFound("a/index.html", [footer]);
    check.addFound("a/index.html", []);
    expect(check.broken()).toEqual([]);
    check.addFound("b/index.html", [footer]);
    expect(check.broken()).toEqual([{ page: "b/index.html", link: "/gone/" }]);
  });

  it("does not look for links inside files that are not HTML", () => {
    expect(findBrokenLinks(site([{ file: "notes.txt", contents: '<a href="/nowhere/">x</a>' }]), baseUrl)).toEqual([]);
  });
});

describe("scanHtml", () => {
  it("finds on every page of the site exactly the links and ids a full HTML parse finds", async () => {
    const { files, routes } = await renderedSite();
    const pages = files.filter((f) => f.file.endsWith(".html")).map((f) => ({ ...f, found: routes.get(f.file)?.found }));
    expect(pages.length).toBeGreaterThan(80);
    for (const page of pages) {
      const { file, contents } = page;
      const { links, ids } = scanHtml(String(contents));
      expect({ file, links, ids }).toEqual({ file, ...parsedLinks(String(contents)) });
      // The render thread scans the page's own text and each shared part once (src/render/route-renderer.ts): the same result.
      const pieces = page.found ?? [];
      expect({ file, links: pieces.flatMap((piece) => piece.links), ids: new Set(pieces.flatMap((piece) => piece.ids)) }).toEqual({ file, links, ids });
    }
  }, 60_000);

  it("reads tags as a parser does: quoted values with >, references decoded, comments and script text skipped", () => {
    const html = [
      '<a title="1 > 0" href="/a/?x=1&amp;y=2">A</a>',
      "<!-- <a href=\"/commented/\"> -->",
      '<script type="application/ld+json">{"x":"<a href=\'/in-script/\'>"}</script>',
      "<IMG SRC='/b.png' srcset=\"/b.png 1x, /b@2x.png 2x\">",
      '<form action="/send/" id="f"></form><div id=plain></div><a href="tel:+1800">Call</a>',
      '<div hidden data-grid="1"></div><section ID="Upper" class="video"></section>',
    ].join("");
    expect(scanHtml(html)).toEqual({ links: ["/a/?x=1&y=2", "/b.png", "/b.png", "/b@2x.png", "/send/"], ids: new Set(["f", "plain", "Upper"]) });
    expect(scanHtml(html)).toEqual(parsedLinks(html));
  });
  it("finds what a full parse finds in a thousand generated pages of mixed markup", () => {
    // A fixed seed: the same pages on every run, each a mix of what a scan could trip on.
    let seed = 14;
    const random = (n: number) => {
      // mulberry32: small, and its low bits vary as much as its high ones
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const pick = <T,>(items: readonly T[]): T => items[random(items.length)]!;
    const names = ["a", "A", "link", "img", "IMG", "source", "video", "form", "div", "section", "p", "iframe", "audio", "script", "style", "title", "textarea", "br"];
    const attributeNames = ["href", "HREF", "src", "srcset", "action", "poster", "id", "Id", "class", "hidden", "data-id", "width", "title"];
    const values = ["/x/", "/a/?b=1&amp;c=2", "tel:+1800", "MAILTO:a@b.c", "#top", "1 > 0", "/y.png 1x, /y@2x.png 2x", "", "it's", 'say "hi"'];
    const value = (): string => {
      const text = pick(values);
      const quote = text.includes('"') ? "'" : text.includes("'") ? '"' : pick(['"', "'", ""]);
      return quote === "" && /^[^\s>"'=]+$/.test(text) ? text : `${quote || '"'}${text}${quote || '"'}`;
    };
    const tag = (): string => {
      const name = pick(names);
      const attributes = Array.from({ length: random(4) }, () => {
        const attribute = pick(attributeNames);
        return random(5) === 0 ? ` ${attribute}` : `${pick([" ", "\n", "  "])}${attribute}${pick(["=", " = "])}${value()}`;
      }).join("");
      const start = `<${name}${attributes}${random(6) === 0 ? "/" : ""}>`;
      const inner = pick(["text", "<a href=\"/inside/\">x</a>", "a < b", ""]);
      return `${start}${inner}</${name}>`;
    };
    let links = 0;
    for (let page = 0; page < 1000; page++) {
      const html = Array.from({ length: 1 + random(12) }, () => (random(8) === 0 ? `<!-- ${tag()} -->` : tag())).join(pick(["", "\n", " text "]));
      const scan = scanHtml(html);
      expect({ html, ...scan }).toEqual({ html, ...parsedLinks(html) });
      links += scan.links.length + scan.ids.size;
    }
    expect(links).toBeGreaterThan(2000); // the pages do hold links and ids to find
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

// The reference: htmlparser2's full parse, which the link check used before the scan (issue 14).
const linkAttributes: Record<string, string[]> = { a: ["href"], link: ["href"], script: ["src"], img: ["src", "srcset"], source: ["src", "srcset"], audio: ["src"], video: ["src", "poster"], iframe: ["src"], form: ["action"] };
function parsedLinks(html: string): { links: string[]; ids: Set<string> } {
  const links: string[] = [];
  const ids = new Set<string>();
  const parser = new Parser({
    onopentag(name, attributes) {
      if (attributes.id) ids.add(attributes.id);
      for (const attribute of linkAttributes[name] ?? []) {
        const value = attributes[attribute];
        if (value === undefined || /^(tel|mailto|data|javascript):/i.test(value)) continue;
        links.push(...(attribute === "srcset" ? value.split(",").map((part) => part.trim().split(/\s+/)[0]!) : [value]));
      }
    },
  });
  parser.end(html);
  return { links, ids };
}

describe("LinkCheck, kept between rebuilds", () => {
  it("replaces what a page added when it is added again, and forgets a removed file", () => {
    const check = new LinkCheck(baseUrl);
    check.addFile("about/index.html");
    check.addPage("a/index.html", ["/about/", "/gone/"], ["top"]);
    check.addPage("b/index.html", ["/a/#top", "/gone/"], []);
    expect(check.broken()).toEqual([
      { page: "a/index.html", link: "/gone/" },
      { page: "b/index.html", link: "/gone/" },
    ]);
    check.addPage("a/index.html", ["/about/"], []);
    expect(check.broken()).toEqual([
      { page: "b/index.html", link: "/a/#top" },
      { page: "b/index.html", link: "/gone/" },
    ]);
    check.removeFile("about/index.html");
    check.addPage("b/index.html", [], []);
    expect(check.broken()).toEqual([{ page: "a/index.html", link: "/about/" }]);
  });

  it("lists the broken links of the pages it is asked about, as broken() lists them, and no others", () => {
    const check = new LinkCheck(baseUrl);
    check.addPage("a/index.html", ["/gone/", "/b/", "/gone/", "#top"], ["top"]);
    check.addPage("b/index.html", ["/a/#top", "/elsewhere/", "#nowhere"], []);
    check.addPage("c/index.html", ["/gone/"], []);
    expect(check.brokenOn(["b/index.html", "a/index.html"])).toEqual(
      check.broken().filter((link) => link.page !== "c/index.html"),
    );
    expect(check.brokenOn(["b/index.html"])).toEqual([
      { page: "b/index.html", link: "/elsewhere/" },
      { page: "b/index.html", link: "#nowhere" },
    ]);
    expect(check.idsOf("a/index.html")).toEqual(new Set(["top"]));
  });
});
