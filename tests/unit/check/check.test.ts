import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { checkBudgets, weighPages } from "../../../src/check/budgets";
import { checkHtmlValidity } from "../../../src/check/html-validity";
import { checkImageBudgets, weighImages } from "../../../src/check/image-budget";
import { checkLinks } from "../../../src/check/links";
import { formatCheckReport, type GateResult } from "../../../src/check/report";
import { checkSeo } from "../../../src/check/seo";
import { readBuiltSite, samplePages } from "../../../src/check/site";
import { main } from "../../../src/cli";

const base = "https://www.example.test";
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A built site on disk from file names and contents; robots.txt names the site's address as the build writes it. */
function siteFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "flightsite-check-"));
  folders.push(dir);
  for (const [file, contents] of Object.entries({ "robots.txt": `User-agent: *\nDisallow:\n\nSitemap: ${base}/sitemap.xml\n`, ...files })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), contents);
  }
  return dir;
}

interface PageParts {
  url: string;
  title?: string;
  description?: string;
  h1?: string;
  main?: string;
  head?: string;
  lang?: string;
  jsonLd?: object[];
  crumbs?: [string, string][];
}

/** A page that passes every SEO check unless a part says otherwise. */
function page({ url, title = `Title of ${url}`, description = `About ${url}`, h1 = "<h1>Heading</h1>", main = "", head = "", lang = "en", jsonLd, crumbs }: PageParts): string {
  const trail = crumbs ?? [];
  const breadcrumb = trail.length
    ? `<nav aria-label="Breadcrumb"><ol>${trail.map(([name, href]) => `<li><a href="${href}">${name}</a></li>`).join("")}</ol></nav>`
    : "";
  const blocks = jsonLd ?? (trail.length ? [breadcrumbLd(trail)] : []);
  return (
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>` +
    `<meta name="description" content="${description}"><link rel="canonical" href="${base}${url}">${head}` +
    blocks.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`).join("") +
    `</head><body><header><a href="tel:+18005550100">(800) 555-0100</a></header>${breadcrumb}<main>${h1}${main}</main></body></html>`
  );
}

function breadcrumbLd(trail: [string, string][]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, href], index) => ({ "@type": "ListItem", position: index + 1, name, item: `${base}${href}` })),
  };
}

const problemsOf = (results: GateResult[], what: string) => results.find((result) => result.what.startsWith(what))!.problems;

describe("reading a built site", () => {
  it("tells page kinds apart by address, and cities and destinations by a breadcrumb that runs through /cities/", async () => {
    const cities: [string, string][] = [["Home", "/"], ["Cities", "/cities/"]];
    const dir = siteFolder({
      "index.html": page({ url: "/" }),
      "cities/index.html": page({ url: "/cities/", crumbs: cities }),
      "naples/index.html": page({ url: "/naples/", crumbs: [...cities, ["Naples", "/naples/"]] }),
      "naples/flights-to-mayo/index.html": page({ url: "/naples/flights-to-mayo/", crumbs: [...cities, ["Naples", "/naples/"], ["Mayo", "/naples/flights-to-mayo/"]] }),
      "about/index.html": page({ url: "/about/", crumbs: [["Home", "/"], ["About", "/about/"]] }),
      "procedures/bedside/index.html": page({ url: "/procedures/bedside/" }),
      "for-case-managers/checklist/index.html": page({ url: "/for-case-managers/checklist/" }),
      "podcast/index.html": page({ url: "/podcast/" }),
      "podcast/episode-one/index.html": page({ url: "/podcast/episode-one/" }),
      "404.html": page({ url: "/404.html" }),
    });
    const site = await readBuiltSite(dir);
    expect(site.baseUrl).toBe(base);
    expect(Object.fromEntries(site.pages.map((p) => [p.url, p.kind]))).toEqual({
      "/404.html": "not-found",
      "/about/": "page",
      "/cities/": "cities",
      "/for-case-managers/checklist/": "case-manager-document",
      "/": "home",
      "/naples/flights-to-mayo/": "destination",
      "/naples/": "city",
      "/podcast/episode-one/": "episode",
      "/podcast/": "podcast",
      "/procedures/bedside/": "page",
    });
    expect(samplePages(site.pages).map((p) => p.url)).toEqual([
      "/",
      "/cities/",
      "/naples/",
      "/naples/flights-to-mayo/",
      "/about/",
      "/procedures/bedside/",
      "/for-case-managers/checklist/",
      "/podcast/",
      "/podcast/episode-one/",
      "/404.html",
    ]);
  });

  it("says there is nothing to check in a folder without a build, and the CLI exits 1", async () => {
    const empty = siteFolder({});
    await expect(readBuiltSite(empty)).rejects.toThrow(`${empty} holds no built site (no index.html or robots.txt)`);
    const errors: string[] = [];
    const code = await main(["check", "--out", empty], { stdout: () => {}, stderr: (text) => void errors.push(text), cwd: empty });
    expect(code).toBe(1);
    expect(errors.join("")).toBe(`flightsite: nothing to check: ${empty} holds no built site (no index.html or robots.txt); run flightsite build first\n`);
  });
});

describe("flightsite check", () => {
  it("runs only the gates --only names, and refuses names it does not know", async () => {
    const dir = siteFolder({ "index.html": page({ url: "/" }) });
    const out: string[] = [];
    const errors: string[] = [];
    const io = { stdout: (text: string) => void out.push(text), stderr: (text: string) => void errors.push(text), cwd: dir };
    expect(await main(["check", "--out", dir, "--only", "links,seo"], io)).toBe(0);
    const gates = out.join("").split("\n").filter((line) => /^\| (?!Gate)/.test(line)).map((line) => line.split("|")[1]!.trim());
    expect([...new Set(gates)]).toEqual(["Links", "SEO"]);
    expect(await main(["check", "--only", "links,sel"], io)).toBe(1);
    expect(errors.join("")).toContain(
      "error: option '--only <gates>' argument 'links,sel' is invalid. must be gate names separated by commas, from: html, accessibility, links, budgets, seo",
    );
  });
});

describe("the SEO gate", () => {
  it("passes pages with one h1, short unique titles and descriptions, their own canonical, a lang and matching JSON-LD", async () => {
    const faq = { "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Is it safe?", acceptedAnswer: { "@type": "Answer", text: "Yes, with a nurse." } }] };
    const business = { "@context": "https://schema.org", "@type": "LocalBusiness", telephone: "+18005550100" };
    const dir = siteFolder({
      "index.html": page({ url: "/", jsonLd: [business] }),
      "naples/index.html": page({
        url: "/naples/",
        crumbs: [["Home", "/"], ["Naples", "/naples/"]],
        jsonLd: [business, faq, breadcrumbLd([["Home", "/"], ["Naples", "/naples/"]])],
        // Another organisation's number in the content is not the business's line.
        main: `<div class="faq"><h3>Is it safe?</h3><p>Yes, with   a nurse.</p></div><a href="tel:+15550000000">Hospital</a>`,
      }),
      // Pages kept out of search may share a title with an indexed page.
      // Its words in another language, hidden until its script shows them instead (issue 29), are no second h1.
      "404.html": page({ url: "/404.html", title: "Title of /", head: '<meta name="robots" content="noindex">', h1: '<h1>Not found</h1><div lang="es" hidden><h1>No encontrada</h1></div>' }),
    });
    const results = checkSeo(await readBuiltSite(dir));
    expect(results.filter((result) => !result.passed)).toEqual([]);
    expect(results.map((result) => result.result)).toEqual(["0 problems", "longest 17, no duplicates", "longest 15, no duplicates", "0 problems", "0 problems", "0 problems"]);
  });

  it("names each page that breaks a rule, and what it found", async () => {
    const dir = siteFolder({
      "index.html": page({ url: "/", h1: "<h1>One</h1><h1>Two</h1>", title: "x".repeat(61), lang: "" }),
      "a/index.html": page({ url: "/a/", h1: "", description: "Same", head: "" }),
      "b/index.html": page({
        url: "/b/",
        description: "Same",
        crumbs: [["Home", "/"], ["B", "/b/"]],
        jsonLd: [
          { "@context": "https://schema.org", "@type": "LocalBusiness", telephone: "+18009999999" },
          { "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } }] },
          breadcrumbLd([["Home", "/"], ["Bee", "/b/"]]),
        ],
      }).replace(`href="${base}/b/"`, `href="${base}/b"`),
      "c/index.html": page({ url: "/c/" }).replace("</head>", '<script type="application/ld+json">{"@type": </script></head>'),
      // Issue 40: the 404 carries other languages' bodies, hidden or inert in a <template>: no h1 a reader meets.
      "d/index.html": page({ url: "/d/", h1: '<h1>Heading</h1><div hidden><h1>Oculto</h1></div><template><div><h1>Plantilla</h1></div></template>' }),
    });
    const results = checkSeo(await readBuiltSite(dir));
    expect(problemsOf(results, "exactly one h1")).toEqual(["/a/: 0 h1 elements", "/: 2 h1 elements"]);
    expect(problemsOf(results, "<title>")).toEqual([`/: <title> has 61 characters: "${"x".repeat(61)}"`]);
    expect(problemsOf(results, '<meta name="description">')).toEqual([`/a/, /b/: share the <meta name="description"> "Same"`]);
    expect(problemsOf(results, "canonical")).toEqual([`/b/: canonical ${base}/b; expected ${base}/b/`]);
    expect(problemsOf(results, "lang")).toEqual(['/: lang is ""']);
    expect(problemsOf(results, "JSON-LD")).toEqual([
      "/b/: JSON-LD telephone +18009999999, but the page's phone line is tel:+18005550100",
      "/b/: FAQPage JSON-LD has 1 question, the page shows 0 questions",
      "/b/: BreadcrumbList JSON-LD is Home › Bee, the page shows Home › B",
      "/c/: JSON-LD block 1 does not parse: Unexpected end of JSON input",
    ]);
  });
});

describe("the links gate", () => {
  it("reports internal links, anchors and sitemap addresses that lead nowhere, and lists links to other sites", async () => {
    const dir = siteFolder({
      "index.html": page({ url: "/", main: `<a href="/about/">About</a><a href="/about/#team">Team</a><a href="/gone/">Gone</a><a href="https://hospital.example.org/">Hospital</a>` }),
      "about/index.html": page({ url: "/about/", main: `<a href="https://hospital.example.org/">Hospital</a>` }),
      "sitemap.xml": `<urlset><url><loc>${base}/</loc></url><url><loc>${base}/old/</loc></url></urlset>`,
    });
    const [internal, external] = checkLinks(await readBuiltSite(dir));
    expect(internal!.problems).toEqual(["index.html: /about/#team", "index.html: /gone/", `sitemap.xml: ${base}/old/ is not a page of the site`]);
    expect(internal!.passed).toBe(false);
    expect(external).toMatchObject({ result: "2 links to 1 address", passed: true, notes: ["https://hospital.example.org/ (2 pages)"] });
  });
});

describe("the budgets gate", () => {
  const entry = `import{a}from"./chunk.js";document.querySelector("[data-island]")&&import("./island.js");`;

  it("counts the entry and its static chunks on every page, and the dynamically imported island only on a page with a form", async () => {
    const dir = siteFolder({
      "index.html": page({ url: "/", head: '<link rel="stylesheet" href="/assets/site.css"><script type="module" src="/assets/client.js"></script>', main: "<form></form>" }),
      "plain/index.html": page({ url: "/plain/", head: '<script type="module" src="/assets/client.js"></script>' }),
      "assets/client.js": entry,
      "assets/chunk.js": "export const a=1;",
      "assets/island.js": `import{a}from"./chunk.js";export const island=a;`,
      "assets/site.css": "body{color:#222}",
    });
    const site = await readBuiltSite(dir);
    const weights = weighPages(site);
    const gzip = (text: string) => gzipSync(text).byteLength;
    expect(weights.map(({ url, css, javascript, hasForm }) => ({ url, css, javascript, hasForm }))).toEqual([
      { url: "/", css: gzip("body{color:#222}"), javascript: gzip(entry) + gzip("export const a=1;") + gzip(`import{a}from"./chunk.js";export const island=a;`), hasForm: true },
      { url: "/plain/", css: 0, javascript: gzip(entry) + gzip("export const a=1;"), hasForm: false },
    ]);
    expect(checkBudgets(weights).every((row) => row.passed)).toBe(true);
  });

  it("fails the kind of a page over a budget, naming the page", async () => {
    const dir = siteFolder({ "index.html": page({ url: "/", main: `<p>${"words ".repeat(11_000)}</p>` }) });
    const [home] = checkBudgets(weighPages(await readBuiltSite(dir)));
    expect(home).toMatchObject({ gate: "Budgets", what: "home (1 page): HTML raw, CSS gzip, JS gzip", threshold: "60 KB, 20 KB, 3 KB (no form)", passed: false });
    expect(home!.problems).toEqual([expect.stringMatching(/^\/: HTML 64\.\d KB is over 60\.0 KB$/)]);
  });
});

describe("the images budget (issue 30)", () => {
  const naples: [string, string][] = [["Home", "/"], ["Cities", "/cities/"], ["Naples", "/naples/"]];
  const hero =
    '<picture><source type="image/avif" srcset="/assets/photos/a-375.avif 375w, /assets/photos/a-750.avif 750w, /assets/photos/a-1200.avif 1200w">' +
    '<img src="/assets/photos/a-1200.jpg" srcset="/assets/photos/a-375.jpg 375w, /assets/photos/a-1200.jpg 1200w" width="1200" height="800" alt="A cabin"></picture>';
  const bytes = (kilobytes: number) => "x".repeat(kilobytes * 1024);
  const files = (heroKilobytes: number) => ({
    "index.html": page({ url: "/", main: '<img src="/podcast/cover.png" alt=""><img src="https://other.example/x.jpg" alt="">' }),
    "naples/index.html": page({ url: "/naples/", crumbs: naples, main: hero }),
    "podcast/cover.png": bytes(3),
    "assets/photos/a-375.avif": bytes(20),
    "assets/photos/a-750.avif": bytes(heroKilobytes),
    "assets/photos/a-1200.avif": bytes(400),
    "assets/photos/a-1200.jpg": bytes(500),
  });

  it("counts for each image the file a 375 px phone at 2x fetches: the first source's narrowest candidate of at least 750 px", async () => {
    const weights = weighImages(await readBuiltSite(siteFolder(files(150))));
    expect(weights.map(({ url, kind, bytes, files }) => ({ url, kind, bytes, files }))).toEqual([
      { url: "/", kind: "home", bytes: 3 * 1024, files: ["podcast/cover.png"] },
      { url: "/naples/", kind: "city", bytes: 150 * 1024, files: ["assets/photos/a-750.avif"] },
    ]);
    expect(checkImageBudgets(weights)).toEqual([
      { gate: "Budgets", what: "home (1 page): images on a 375 px phone at 2x", result: "3.0 KB", threshold: "200.0 KB", passed: true, problems: [] },
      { gate: "Budgets", what: "city (1 page): images on a 375 px phone at 2x", result: "150.0 KB", threshold: "200.0 KB", passed: true, problems: [] },
    ]);
  });

  it("fails a city page whose hero is over the budget, naming the page and the file", async () => {
    const rows = checkImageBudgets(weighImages(await readBuiltSite(siteFolder(files(210)))));
    expect(rows.find((row) => row.what.startsWith("city"))).toMatchObject({
      passed: false,
      result: "210.0 KB",
      problems: ["/naples/: images 210.0 KB on a 375 px phone is over 200.0 KB (/assets/photos/a-750.avif)"],
    });
  });
});

describe("the HTML validity gate", () => {
  it("reports the Nu Html Checker's errors with file, line and column", async () => {
    const dir = siteFolder({ "index.html": `<!DOCTYPE html>\n<html lang="en"><head><title>x</title></head>\n<body><p><div>block in p</div></p></body></html>` });
    const result = await checkHtmlValidity(await readBuiltSite(dir));
    expect(result.passed).toBe(false);
    expect(result.problems).toEqual(["index.html:3:31  No “p” element in scope but a “p” end tag seen."]);
  }, 60_000);
});

describe("the report", () => {
  it("prints one table, then what failed, then the verdict", () => {
    const rows: GateResult[] = [
      { gate: "Links", what: "12 internal links", result: "0 broken links", threshold: "0 broken links", passed: true, problems: [] },
      { gate: "SEO", what: "one h1", result: "1 problem", threshold: "0 problems", passed: false, problems: ["/: 2 h1 elements"] },
    ];
    expect(formatCheckReport(rows, "dist")).toBe(
      [
        "flightsite: quality gates on dist/",
        "| Gate  | What              | Result               | Threshold      |",
        "|-------|-------------------|----------------------|----------------|",
        "| Links | 12 internal links | pass: 0 broken links | 0 broken links |",
        "| SEO   | one h1            | FAIL: 1 problem      | 0 problems     |",
        "",
        "SEO, one h1:",
        "  /: 2 h1 elements",
        "",
        "flightsite: 1 of 2 checks fail; fix the pages (templates/, templates/styles/, client/), not the thresholds",
        "",
      ].join("\n"),
    );
  });
});
