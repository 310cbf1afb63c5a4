import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { rebaseHtml } from "../../../src/render/base-path";
import { scanHtml } from "../../../src/render/scan-links";

const base = "/previews/pr-42/";

describe("rebaseHtml (issue 27)", () => {
  it("puts every root-relative link attribute under the base path", () => {
    const html = [
      '<link rel="stylesheet" href="/assets/site.css">',
      '<script type="module" src="/assets/client.js"></script>',
      '<meta property="og:image" content="/og.png">',
      '<a href="/naples/" class="x">Naples</a>',
      '<img src="/a.png" srcset="/a.png 1x, /b.png 2x" alt="">',
      '<form method="post" action="/api/quote"></form>',
      "<video poster='/p.jpg'></video>",
    ].join("");
    expect(rebaseHtml(html, base)).toBe(
      [
        '<link rel="stylesheet" href="/previews/pr-42/assets/site.css">',
        '<script type="module" src="/previews/pr-42/assets/client.js"></script>',
        '<meta property="og:image" content="/previews/pr-42/og.png">',
        '<a href="/previews/pr-42/naples/" class="x">Naples</a>',
        '<img src="/previews/pr-42/a.png" srcset="/previews/pr-42/a.png 1x, /previews/pr-42/b.png 2x" alt="">',
        '<form method="post" action="/previews/pr-42/api/quote"></form>',
        "<video poster='/previews/pr-42/p.jpg'></video>",
      ].join(""),
    );
  });

  it("leaves other URLs, other attributes, descriptions, script and style text and comments alone", () => {
    const html = [
      '<a href="https://example.org/x">x</a><a href="//cdn.example.org/x">c</a><a href="#main">m</a><a href="tel:+1800">t</a>',
      '<a href="about/" title="href=\'/no\'" data-props="{&quot;endpoint&quot;:&quot;/api/quote&quot;}">r</a>',
      '<meta name="description" content="/ a description">',
      '<script type="application/ld+json">{"x":"<a href=\\"/no\\">"}</script><style>a[href="/no"]{}</style>',
      '<!-- <a href="/no"> --><textarea>src="/no"</textarea>',
    ].join("");
    expect(rebaseHtml(html, base)).toBe(html);
  });

  it("returns the very same text at the root, so a site at / is built byte for byte as before", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(rebaseHtml(text, "/")).toBe(text);
      }),
    );
  });

  it("puts every link the link check finds under the base path, whatever the markup", () => {
    const link = fc.constantFrom("/", "/naples/", "/a.png", "about/", "#x", "https://x.org/", "//x.org/");
    const tag = fc.tuple(fc.constantFrom("a", "img", "form", "link", "script", "video"), fc.constantFrom("href", "src", "action", "poster", "title"), link, fc.constantFrom('"', "'"));
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 6 }), (tags) => {
        const html = tags.map(([name, attribute, url, quote]) => `<${name} ${attribute}=${quote}${url}${quote}></${name}>`).join("");
        const before = scanHtml(html).links;
        const after = scanHtml(rebaseHtml(html, base)).links;
        expect(after).toEqual(before.map((url) => (url.startsWith("/") && !url.startsWith("//") ? `${base}${url.slice(1)}` : url)));
      }),
    );
  });
});
