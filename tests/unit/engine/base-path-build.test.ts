// A site built under a base path (issue 27), in a temp folder: every link, asset and address is under the prefix
// (or, in a preview, absolute to the live site), and the build's own link check passed on it.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { load } from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../../client/messages/en";
import { build } from "../../../src/engine/build";
import { checkBudgets, weighPages } from "../../../src/check/budgets";
import { checkLinks } from "../../../src/check/links";
import { checkSeo } from "../../../src/check/seo";
import { readBuiltSite } from "../../../src/check/site";
import { sitePhone } from "../support/data-files";
import { projectRoot } from "../support/site";
import { sampleDataDir } from "../support/sample-site";

const live = "https://www.floridamedicalflights.example";
const prefix = "/previews/pr-42/";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "flightsite-base-path-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function buildInto(name: string, options: { basePath?: string; preview?: boolean; cache?: boolean }) {
  const outDir = path.join(folder, name);
  const result = await build({ root: projectRoot, dataDir: sampleDataDir, outDir, threads: 1, ...options });
  const files = (await readdir(outDir, { recursive: true })).map(String);
  const read = (file: string) => readFile(path.join(outDir, file), "utf8");
  return { outDir, result, files, read };
}

/** Every URL an HTML page links with: href, src, each srcset candidate, action, poster, and Open Graph's content. */
function urlsOf(html: string): string[] {
  const $ = load(html);
  const urls: string[] = [];
  $("[href], [src], [action], [poster], [srcset], meta[property^='og:'][content]").each((_, element) => {
    for (const name of ["href", "src", "action", "poster", "content"]) {
      const value = $(element).attr(name);
      if (value !== undefined && !(name === "content" && !/^(\/|https?:)/.test(value))) urls.push(value);
    }
    const srcset = $(element).attr("srcset");
    if (srcset) urls.push(...srcset.split(",").map((candidate) => candidate.trim().split(/\s+/)[0]!));
  });
  return urls;
}

/** Whether a URL stays inside the built site at `prefix`, or goes elsewhere (another site, a phone, an anchor). */
function escapes(url: string, absoluteBase: string): boolean {
  if (url.startsWith("#") || /^(tel|mailto):/.test(url)) return false;
  if (url.startsWith("//")) return true;
  if (url.startsWith("/")) return !url.startsWith(prefix);
  if (url.startsWith(live)) return !url.startsWith(absoluteBase);
  return !/^https:/.test(url) && !/^[a-z0-9]/.test(url);
}

describe("a build under a base path", () => {
  let site: Awaited<ReturnType<typeof buildInto>>;
  beforeAll(async () => {
    site = await buildInto("prefixed", { basePath: prefix });
  }, 60_000);

  it("links, loads and posts only under the prefix, on every page", async () => {
    const pages = site.files.filter((file) => file.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(80);
    for (const page of pages) {
      const html = await site.read(page);
      const urls = urlsOf(html);
      expect(urls.length, page).toBeGreaterThan(5);
      expect(urls.filter((url) => escapes(url, `${live}${prefix}`)), page).toEqual([]);
      expect(load(html)("html").attr("data-base-path"), page).toBe(prefix);
    }
    const naples = load(await site.read("naples/index.html"));
    expect(naples("link[rel=canonical]").attr("href")).toBe(`${live}${prefix}naples/`);
    expect(naples("link[rel=stylesheet]").attr("href")).toMatch(/^\/previews\/pr-42\/assets\/site\.[A-Z0-9]+\.css$/);
    expect(naples("form").first().attr("action")).toBe(`${prefix}api/quote`);
    expect(naples("a.skip-link").attr("href")).toBe("#main");
  });

  it("gives the sitemap, the feed and robots.txt addresses under the prefix", async () => {
    const sitemap = [...(await site.read("sitemap.xml")).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(sitemap).toContain(`${live}${prefix}naples/`);
    expect(sitemap.filter((url) => !url.startsWith(`${live}${prefix}`))).toEqual([]);
    const feed = await site.read("podcast/feed.xml");
    const feedUrls = [...feed.matchAll(/(?:url|href)="([^"]+)"|<link>([^<]+)<\/link>/g)].map((match) => match[1] ?? match[2]!);
    expect(feedUrls.length).toBeGreaterThan(2);
    expect(feedUrls.filter((url) => url.startsWith(live) && !url.startsWith(`${live}${prefix}`))).toEqual([]);
    expect(await site.read("robots.txt")).toBe(`User-agent: *\nDisallow:\n\nSitemap: ${live}${prefix}sitemap.xml\n`);
  });

  it("writes the same files as a build at the root, each at the same path", async () => {
    const root = await buildInto("root", {});
    expect(site.files.filter((file) => !file.startsWith("assets/")).sort()).toEqual(root.files.filter((file) => !file.startsWith("assets/")).sort());
    const home = load(await root.read("index.html"));
    expect(home("html").attr("data-base-path")).toBeUndefined();
    expect(home("link[rel=canonical]").attr("href")).toBe(`${live}/`);
    expect(home("a[href='/cities/']").length).toBeGreaterThan(0);
  }, 60_000);
});

describe("a preview build (--base-path and --preview)", () => {
  let site: Awaited<ReturnType<typeof buildInto>>;
  beforeAll(async () => {
    site = await buildInto("preview", { basePath: prefix, preview: true });
  }, 60_000);

  it("links under the prefix, but names the live page as canonical and marks every page noindex", async () => {
    const pages = site.files.filter((file) => file.endsWith(".html"));
    for (const page of pages) {
      const html = await site.read(page);
      const $ = load(html);
      expect(urlsOf(html).filter((url) => escapes(url, `${live}/`)), page).toEqual([]);
      expect($('meta[name="robots"]').attr("content"), page).toBe("noindex");
      const canonical = $("link[rel=canonical]").attr("href")!;
      expect(canonical.startsWith(`${live}/`) && !canonical.startsWith(`${live}${prefix}`), page).toBe(true);
    }
    const naples = load(await site.read("naples/index.html"));
    expect(naples("link[rel=canonical]").attr("href")).toBe(`${live}/naples/`);
    expect(naples('meta[property="og:url"]').attr("content")).toBe(`${live}/naples/`);
    expect(naples("a[href='/previews/pr-42/cities/']").length).toBeGreaterThan(0);
  });

  it("lists nothing in the sitemap and asks crawlers to stay out", async () => {
    expect(await site.read("robots.txt")).toBe("User-agent: *\nDisallow: /\n");
    expect(await site.read("sitemap.xml")).not.toContain("<loc>");
  });

  it("gives every quote form a notice with the number to call instead of an action and a submit button", async () => {
    for (const page of ["contact/index.html", "naples/index.html", "index.html"]) {
      const $ = load(await site.read(page));
      const forms = $("form.quote-form");
      expect(forms.length, page).toBeGreaterThan(0);
      expect(forms.filter("[action]").length, page).toBe(0);
      expect(forms.find("button[type=submit], input[type=submit]").length, page).toBe(0);
      forms.each((_, form) => {
        const notice = $(form).find(".form-preview-notice");
        expect(notice.find("strong").text()).toBe(en.quoteForm.previewNotice);
        expect(notice.text()).toContain(`To ask for a quote, please call ${sitePhone(sampleDataDir).display}: a coordinator answers 24/7.`);
        expect(notice.find(`a[href='tel:${sitePhone(sampleDataDir).tel}']`).length).toBe(1);
      });
    }
  });
});

describe("the quality gates on a base-path build and on a preview", () => {
  it("read where each is built for, and pass their link, SEO and budget gates", async () => {
    const prefixed = await readBuiltSite(path.join(folder, "prefixed"));
    expect({ baseUrl: prefixed.baseUrl, basePath: prefixed.basePath, preview: prefixed.preview }).toEqual({ baseUrl: `${live}/previews/pr-42`, basePath: prefix, preview: false });
    const preview = await readBuiltSite(path.join(folder, "preview"));
    expect({ baseUrl: preview.baseUrl, basePath: preview.basePath, preview: preview.preview }).toEqual({ baseUrl: live, basePath: prefix, preview: true });
    for (const site of [prefixed, preview]) {
      const weights = weighPages(site, new Map());
      const failed = [...checkLinks(site), ...checkSeo(site), ...checkBudgets(weights)].filter((row) => !row.passed);
      expect(failed.map((row) => `${row.what}: ${row.problems.slice(0, 3).join("; ")}`), site.outDir).toEqual([]);
      expect(weights.every((page) => page.css > 0 && page.javascript > 0), site.outDir).toBe(true);
    }
  });
});
