// What every route of routes.tsx and podcast-routes.tsx is made with: a page route (made at once, or each time it
// is read), the chrome every page shares, and a few helpers of their texts.
import { createHash } from "node:crypto";
import type { ReactElement } from "react";
import { youtubeVideoId } from "../content/schema";
import { alternatesOf, englishSite, type Local } from "./languages";
import { breadcrumbJsonLd, webPageJsonLd, type Crumb } from "./structured-data";
import type { AssetUrls, MadeFrom, PageChrome, PageHead, PageKind, Route, ShareCard, SiteConfig, SiteContent } from "../content/types";
import { absoluteUrl, citiesUrl, pageFile, withBasePath } from "../content/urls";

/** The first crumb of every breadcrumb trail. */
export const home: Crumb = { name: "Home", url: "/" };

/** A page route; its share card is its head's (chromeFor), as every page template takes its chrome. */
export function page(pageKind: PageKind, url: string, element: ReactElement): Route {
  const card = (element.props as { chrome?: PageChrome }).chrome?.head.card;
  return { kind: "page", pageKind, url, file: pageFile(url), element, ...(card && { card }) };
}

/**
 * A page route whose element is made each time it is read (read it once and keep it while you need it). Its url and
 * kind are known without making it, which is all the sitemap needs, and so is what it is made from (`madeFrom`,
 * besides what every page shares), which is all its key needs: cityRoute and destinationRoute read nothing else.
 * Its share card (shareCardFor, the same as its head's) is given too, as `card` (see lazyCard): the engine makes
 * cards without making pages, and a thread that only renders pages never hashes it twice.
 */
export function lazyPage(pageKind: PageKind, url: string, madeFrom: MadeFrom, make: () => Route, card?: () => ShareCard | undefined): Route {
  const route: Route = {
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
  // Read when asked for: every thread creates every route, but only the engine's thread reads every card. (A getter
  // of its own: spread from an object literal, it would be read at once.)
  if (card) Object.defineProperty(route, "card", { get: card, enumerable: true });
  return route;
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
    head: {
      ...head,
      url,
      breadcrumb,
      canonical,
      jsonLd,
      ...(alternates && { alternates }),
      ...(site.preview && { noindex: true }),
      // A lazy page's card is made once (lazyCard), for its route and for its head alike. A page kept out of search
      // engines in its own right (the 404, served at every missing address; the thank-you page, reached only after
      // sending a request) is not one to share: it has no card, and no build draws one for it.
      ...(assets.shareCards !== undefined && !head.noindex && { card: head.card ?? shareCardFor(site, assets, url, head.title, local.words.cardCall) }),
    },
    // Every page ends with the compact form in the footer slot, unless it shows a form of its own.
    quote: { modal: false, footer: true, ...quote },
  };
}

/**
 * The share card of the page at `url` titled `title` (what chromeFor puts in its head), or undefined when the build
 * makes none. Its name carries a hash of what it shows and of the code that draws it (`assets.shareCards`), so that a
 * changed title, number or drawing is a new file: cards are cached for a year (src/deploy/plan.ts). The page's path
 * leads the name, so that two pages never share one by chance.
 */
export function shareCardFor(site: SiteConfig, assets: AssetUrls, url: string, title: string, call = "Call"): ShareCard | undefined {
  if (assets.shareCards === undefined) return undefined;
  // "Privacy | Florida Medical Flights": the company's name is on the card already.
  const shown = title.endsWith(` | ${site.companyName}`) ? title.slice(0, -` | ${site.companyName}`.length) : title;
  const content = { title: shown, companyName: site.companyName, phone: site.phone.display, call };
  const digest = createHash("sha256").update(JSON.stringify([assets.shareCards, content])).digest();
  const file = `assets/cards/${cardName(url)}.${base32(digest).slice(0, 8)}.png`;
  // The card is this build's file: a preview's pages show the preview's cards, under its own base path.
  const imageUrl = `${site.baseUrl}${withBasePath(site.basePath, `/${file}`)}`;
  return { file, imageUrl, alt: `${shown}. ${site.companyName}, ${call.toLowerCase()} ${site.phone.display}.`, ...content };
}

/**
 * A share card made when first asked for and then kept: a lazy page's (lazyPage), which its route and its head (given
 * to chromeFor as `head.card`) both show, so that its hash is taken once.
 */
export function lazyCard(make: () => ShareCard | undefined): () => ShareCard | undefined {
  let made: { card: ShareCard | undefined } | undefined;
  return () => (made ??= { card: make() }).card;
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

// --- internal ---

/** A page's URL as the start of its card's name: "/" → "home", "/naples/flights-to-x/" → "naples--flights-to-x". */
function cardName(url: string): string {
  const name = url.replace(/^\/|\/$/g, "").replace(/\.html$/, "").replaceAll("/", "--");
  return name === "" ? "home" : name;
}

/** Bytes as RFC 4648 base32 (capitals and 2–7): what deploy's content-hash pattern accepts as a name's hash. */
function base32(bytes: Uint8Array): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let [bits, value, text] = [0, 0, ""];
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return text;
}
