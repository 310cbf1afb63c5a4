// What every route of routes.tsx and podcast-routes.tsx is made with: a page route (made at once, or each time it
// is read), the chrome every page shares, and a few helpers of their texts.
import type { ReactElement } from "react";
import { youtubeVideoId } from "../content/schema";
import { alternatesOf, englishSite, type Local } from "./languages";
import { breadcrumbJsonLd, webPageJsonLd, type Crumb } from "./structured-data";
import type { AssetUrls, MadeFrom, PageChrome, PageHead, PageKind, Route, SiteContent } from "../content/types";
import { absoluteUrl, citiesUrl, pageFile } from "../content/urls";

/** The first crumb of every breadcrumb trail. */
export const home: Crumb = { name: "Home", url: "/" };

export function page(pageKind: PageKind, url: string, element: ReactElement): Route {
  return { kind: "page", pageKind, url, file: pageFile(url), element };
}

/**
 * A page route whose element is made each time it is read (read it once and keep it while you need it). Its url and
 * kind are known without making it, which is all the sitemap needs, and so is what it is made from (`madeFrom`,
 * besides what every page shares), which is all its key needs: cityRoute and destinationRoute read nothing else.
 */
export function lazyPage(pageKind: PageKind, url: string, madeFrom: MadeFrom, make: () => Route): Route {
  return {
    kind: "page",
    pageKind,
    url,
    file: pageFile(url),
    madeFrom,
    get element() {
      const route = make();
      if (route.kind !== "page") throw new Error(`the route of ${url} is not a page`);
      return route.element;
    },
  };
}

/**
 * The chrome of a page of `local`'s language (the English site for content), from its head as the English page's:
 * `url` and the breadcrumb's are English URLs, made the language's here (a crumb to a page the language lacks stays
 * English), with the page's versions in other languages (hreflang, the switcher) and its language in JSON-LD.
 */
export function chromeFor(
  from: Local | SiteContent,
  assets: AssetUrls,
  head: Omit<PageHead, "canonical" | "jsonLd" | "alternates"> & { jsonLd?: PageHead["jsonLd"] },
  quote: Partial<PageChrome["quote"]> = {},
): PageChrome {
  const local = "words" in from ? from : englishSite(from);
  const { site } = local.content;
  const url = local.url(head.url);
  const breadcrumb = head.breadcrumb?.map((crumb) => ({ ...crumb, url: crumb.url === head.url ? url : local.link(crumb.url) }));
  const canonical = absoluteUrl(site, url);
  const jsonLd = [...(head.jsonLd ?? []), webPageJsonLd(canonical, head.title, local.lang)];
  if (breadcrumb) jsonLd.push(breadcrumbJsonLd(site, breadcrumb));
  // The 404 is no page of its own: it has no versions to point at.
  const alternates = head.url === "/404.html" ? undefined : alternatesOf(local, head.url);
  return {
    lang: local.lang,
    site,
    assets,
    // A preview is no page of its own to search engines: every page noindex, canonical to the live page.
    head: { ...head, url, breadcrumb, canonical, jsonLd, ...(alternates && { alternates }), ...(site.preview && { noindex: true }) },
    // Every page ends with the compact form in the footer slot, unless it shows a form of its own.
    quote: { modal: false, footer: true, ...quote },
  };
}

/** A text cut to at most `max` characters: whole sentences if they fit, else whole words and "…". */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const sentences = text.slice(0, max + 1).match(/^.*[.!?](?=\s)/)?.[0];
  if (sentences) return sentences;
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** A YouTube address as what the video player needs, or undefined without one. */
export function videoFor(url: string | undefined, title: string) {
  const videoId = url ? youtubeVideoId(url) : undefined;
  return videoId ? { videoId, title } : undefined;
}

/** The first crumbs of a trail, in the language's words. */
export function crumbsOf(local: Local): { home: Crumb; cities: Crumb } {
  return { home: { name: local.words.crumbs.home, url: "/" }, cities: { name: local.words.crumbs.cities, url: citiesUrl } };
}
