import { findBrokenLinks } from "../engine/link-check";
import { count, type GateResult } from "./report";
import type { BuiltSite } from "./site";

/**
 * Every internal link, asset, anchor and download of the site resolves (the build's own link check, run on the
 * files as they lie on disk, plus the sitemap's addresses); links to other sites are listed, never fetched.
 */
export function checkLinks(site: BuiltSite): GateResult[] {
  const origin = new URL(site.baseUrl).origin;
  const internal: string[] = [];
  const external = new Map<string, Set<string>>();
  for (const page of site.pages) {
    const { $ } = page;
    $("a[href], link[href], script[src], img[src], source[src], audio[src], video[src], iframe[src], form[action]").each((_, element) => {
      const value = $(element).attr("href") ?? $(element).attr("src") ?? $(element).attr("action") ?? "";
      if (/^(tel|mailto|data|javascript):/i.test(value)) return;
      const url = new URL(value, `${site.baseUrl}${page.url}`);
      if (url.origin === origin) internal.push(value);
      else external.set(url.href, (external.get(url.href) ?? new Set()).add(page.url));
    });
  }
  const broken = findBrokenLinks(site.files, origin, site.basePath).map(({ page, link, problem }) => `${page}: ${link}${problem ? ` ${problem}` : ""}`);
  const pageUrls = new Set(site.pages.map((page) => `${site.baseUrl}${page.url}`));
  const sitemap = String(site.files.find((f) => f.file === "sitemap.xml")?.contents ?? "");
  for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    if (!pageUrls.has(loc!)) broken.push(`sitemap.xml: ${loc} is not a page of the site`);
  }
  return [
    {
      gate: "Links",
      what: `${count(internal.length, "internal link")} and assets in ${site.pages.length} pages, the feed and the sitemap`,
      result: count(broken.length, "broken link"),
      threshold: "0 broken links",
      passed: broken.length === 0,
      problems: broken,
    },
    {
      gate: "Links",
      what: "links to other sites (listed, not fetched)",
      result: `${count([...external.values()].reduce((sum, pages) => sum + pages.size, 0), "link")} to ${count(external.size, "address", "addresses")}`,
      threshold: "listed",
      passed: true,
      problems: [],
      notes: [...external].map(([url, pages]) => `${url} (${count(pages.size, "page")})`),
    },
  ];
}
