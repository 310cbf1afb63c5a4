// Which pages exist in which language, decided once here for createRoutes, the sitemap and the build summary: a page
// exists in a language other than English only when every text it shows has a complete translation (data/<lang>/),
// never with English text under /<lang>/. Privacy and accessibility are made from facts the build knows and the
// templates' words, so they exist with every translation; the podcast and the letter template are English only.
import { hash } from "node:crypto";
import { textFor, type Messages } from "../../templates/text";
import { languageRoot, type Lang } from "../content/language";
import type { Alternate, SiteContent, TranslatedLinks, Translation } from "../content/types";
import { absoluteUrl, citiesUrl, cityUrl, destinationUrl, pageUrl } from "../content/urls";
import { episodeUrl, podcastUrl } from "./podcast";

export type OtherLang = Exclude<Lang, "en">;

/** The site as the pages of one language are made from it. */
export interface Local {
  lang: Lang;
  /** The content with the language's text laid over the English (the English content itself for English). */
  content: SiteContent;
  /** The translation the pages of this language are made from (undefined for English). */
  translation?: Translation;
  words: Messages;
  /** Which pages exist in each language other than English, by their English URL. */
  versions: Versions;
  /** The English URL of a page ("/naples/") as this language's ("/es/naples/"). */
  url(englishUrl: string): string;
  /** A link to the English URL `englishUrl`: to this language's page when there is one, else to the English page. */
  link(englishUrl: string): string;
}

export type Versions = Partial<Record<OtherLang, TranslatedLinks>>;

export const caseManagersUrl = "/for-case-managers/";
export const privacyUrl = "/privacy/";
export const accessibilityUrl = "/accessibility/";
export const documentUrl = (slug: string) => pageUrl(`/for-case-managers/${slug}`);

/** The English site, with what it needs to know of the other languages (their pages, for the hreflang links). */
export function englishSite(content: SiteContent): Local {
  const versions = versionsOf(content);
  return { lang: "en", content, words: textFor("en"), versions, url: (url) => url, link: (url) => url };
}

/**
 * The hreflang of a link from a page of `local` to the English URL `englishUrl`: "en" when that page exists only in
 * English (the link then leads there, and says so); none when it leads to a page in the linking page's language.
 */
export function englishOnlyLang(local: Local, englishUrl: string): "en" | undefined {
  return local.lang !== "en" && local.link(englishUrl) === englishUrl ? "en" : undefined;
}

/** The sites of the other languages there are translations for, made once per content (cityRoutes asks per city). */
export function otherSites(content: SiteContent): Local[] {
  let sites = otherSitesByContent.get(content);
  if (!sites) otherSitesByContent.set(content, (sites = makeOtherSites(content)));
  return sites;
}

/** The page at `englishUrl` in every language it exists in (English first), or undefined when only in English. */
export function alternatesOf(local: Local, englishUrl: string): Alternate[] | undefined {
  const others = (Object.values(local.versions) as TranslatedLinks[]).filter((links) => links.urls.has(englishUrl));
  if (others.length === 0) return undefined;
  const site = local.content.site;
  const alternate = (lang: Lang): Alternate => {
    const url = lang === "en" ? englishUrl : `${languageRoot(lang)}${englishUrl.slice(1)}`;
    return { lang, url, href: absoluteUrl(site, url) };
  };
  return [alternate("en"), ...others.map((links) => alternate(links.lang))];
}

/**
 * The English URL of every page that exists in `translation`'s language. A translation exists only with its
 * site.yaml, so /es/cities/ (its own words and city names), /es/privacy/ and /es/accessibility/ always do; a city's page needs the city and
 * city-common.yaml, each destination page its destination too; the case-manager page needs its two translated
 * documents (the letter template stays English and is shown as such), and each document's page the case-manager page.
 */
export function translatedUrls(content: SiteContent, translation: Translation): string[] {
  // Their words are the templates' (and privacy's and accessibility's facts the configuration's), like the 404's.
  const urls: string[] = [citiesUrl, privacyUrl, accessibilityUrl];
  if (translation.home) urls.push("/");
  for (const page of content.pages) {
    const url = pageUrl(page.path);
    if (!translation.pages.has(page.path)) continue;
    if (url === caseManagersUrl && !caseManagersTranslated(translation)) continue;
    urls.push(url);
  }
  if (caseManagersTranslated(translation) && content.pages.some((page) => translation.pages.has(page.path) && pageUrl(page.path) === caseManagersUrl)) {
    urls.push(documentUrl(content.documents.checklist.slug), documentUrl(content.documents.itinerary.slug));
  }
  if (translation.cityCommon) {
    for (const city of content.cities) {
      if (!translation.cities.has(city.urlSlug)) continue;
      urls.push(cityUrl(city.urlSlug));
      for (const destination of content.destinations) {
        if (translation.destinations.has(destination.slug)) urls.push(destinationUrl(city.urlSlug, destination.urlSegment));
      }
    }
  }
  return urls;
}

/** Which pages exist in each other language, made once per content. */
export function versionsOf(content: SiteContent): Versions {
  let versions = versionsByContent.get(content);
  if (!versions) {
    versions = {};
    for (const [lang, translation] of Object.entries(content.translations) as [OtherLang, Translation | undefined][]) {
      if (!translation) continue;
      const urls = translatedUrls(content, translation);
      versions[lang] = { lang, urls: new Set(urls), digest: hash("sha1", urls.join("\n"), "base64url") };
    }
    versionsByContent.set(content, versions);
  }
  return versions;
}

/** For each language with a translation: the English pages it has no version of, in the order of the site. */
export function englishOnlyPages(content: SiteContent): { lang: OtherLang; urls: string[] }[] {
  const versions = versionsOf(content);
  const { checklist, letter, itinerary } = content.documents;
  const english = [
    "/",
    citiesUrl,
    ...content.pages.map((page) => pageUrl(page.path)),
    ...[checklist, letter, itinerary].map((document) => documentUrl(document.slug)),
    privacyUrl,
    accessibilityUrl,
    podcastUrl,
    ...content.episodes.map((episode) => episodeUrl(episode.slug)),
    ...content.cities.flatMap((city) => [
      cityUrl(city.urlSlug),
      ...content.destinations.map((destination) => destinationUrl(city.urlSlug, destination.urlSegment)),
    ]),
  ];
  return (Object.values(versions) as TranslatedLinks[]).map(({ lang, urls }) => ({ lang, urls: english.filter((url) => !urls.has(url)) }));
}

// --- internal ---

function makeOtherSites(content: SiteContent): Local[] {
  const versions = versionsOf(content);
  return (Object.entries(content.translations) as [OtherLang, Translation | undefined][]).flatMap(([lang, translation]) => {
    const links = versions[lang];
    if (!translation || !links) return [];
    const root = languageRoot(lang);
    const local: Local = {
      lang,
      content: localContent(content, translation),
      translation,
      words: textFor(lang),
      versions,
      url: (url) => `${root}${url.slice(1)}`,
      link: (url) => (links.urls.has(url.split("#")[0]!) ? `${root}${url.slice(1)}` : url),
    };
    return [local];
  });
}

const versionsByContent = new WeakMap<SiteContent, Versions>();
const otherSitesByContent = new WeakMap<SiteContent, Local[]>();

function caseManagersTranslated(translation: Translation): boolean {
  return Boolean(translation.cityCommon && translation.documents.checklist && translation.documents.itinerary);
}

/**
 * The content as a language's pages show it: its settings, home and city-common text laid over (kept English only where
 * the language has none, for pages that then do not exist), its cities and destinations where translated.
 */
function localContent(content: SiteContent, translation: Translation): SiteContent {
  return {
    ...content,
    site: translation.site,
    home: translation.home ?? content.home,
    cityCommon: translation.cityCommon ?? content.cityCommon,
    cities: content.cities.map((city) => translation.cities.get(city.urlSlug) ?? city),
    destinations: content.destinations.map((destination) => translation.destinations.get(destination.slug) ?? destination),
    pages: content.pages.map((page) => translation.pages.get(page.path) ?? page),
    documents: {
      ...content.documents,
      checklist: translation.documents.checklist ?? content.documents.checklist,
      itinerary: translation.documents.itinerary ?? content.documents.itinerary,
    },
  };
}
