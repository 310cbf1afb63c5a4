import { XMLBuilder } from "fast-xml-parser";
import type { Route, SitemapEntry } from "../content/types";
import { absoluteUrl } from "../content/urls";
import { alternatesOf, type Local } from "./languages";

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@", format: true });

/**
 * The sitemap's entry of a page route of any language, with its versions in every language and x-default (English),
 * as the pages' own hreflang links say; a page in English only is its address alone.
 */
export function sitemapEntry(english: Local, route: Route): string | SitemapEntry {
  const site = english.content.site;
  const lang = route.kind === "page" ? (route.translated?.lang ?? "en") : "en";
  const englishUrl = lang === "en" ? route.url : route.url.slice(lang.length + 1);
  const alternates = alternatesOf(english, englishUrl);
  const loc = absoluteUrl(site, route.url);
  return alternates ? { loc, alternates: alternates.map(({ lang, href }) => ({ lang, href })) } : loc;
}

/** sitemap.xml listing every indexable page, built with an XML builder so escaping is the library's job. */
export function renderSitemap(entries: (string | SitemapEntry)[]): string {
  const url = entries.map((entry) => {
    const { loc, alternates } = typeof entry === "string" ? { loc: entry, alternates: undefined } : entry;
    if (!alternates) return { loc };
    const links = [...alternates, { lang: "x-default", href: alternates.find((alternate) => alternate.lang === "en")!.href }];
    return { loc, "xhtml:link": links.map(({ lang, href }) => ({ "@rel": "alternate", "@hreflang": lang, "@href": href })) };
  });
  const xml = builder.build({
    urlset: {
      "@xmlns": "http://www.sitemaps.org/schemas/sitemap/0.9",
      "@xmlns:xhtml": "http://www.w3.org/1999/xhtml",
      url,
    },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>
${xml}`;
}
