import type { ReactElement } from "react";
import type { ContentProblem } from "../errors";
import type { Lang } from "./language";
import type { Photo, Picture } from "./photo";
import type {
  Airport,
  ChecklistDocument,
  City,
  CityCommon,
  Destination,
  Episode,
  Faq,
  Home,
  LetterTemplate,
  Page,
  PodcastConfig,
  SampleItinerary,
  SiteConfig,
} from "./schema";

export type {
  Photo,
  Picture,
  Airport,
  ChecklistDocument,
  City,
  CityCommon,
  Destination,
  Episode,
  Faq,
  Home,
  LetterTemplate,
  Page,
  PodcastConfig,
  SampleItinerary,
  SiteConfig,
};

/** A data file as read from disk; `path` is relative to the project root, with forward slashes. */
export interface SourceFile {
  path: string;
  text: string;
}

/** Everything in data/, validated and cross-checked. */
export interface SiteContent {
  site: SiteConfig;
  home: Home;
  cityCommon: CityCommon;
  /** Sorted by city name. */
  cities: City[];
  destinations: Destination[];
  pages: Page[];
  /** Podcast episodes, newest (highest episode number) first. */
  episodes: Episode[];
  /** The downloads of /for-case-managers/, from data/documents/. */
  documents: CaseManagerDocuments;
  /** The day of the build ("2026-11-24"), when the engine is given one (EngineOptions.builtOn). */
  builtOn?: string;
  /** The translations of data/<lang>/, by language: an empty object when there are none. */
  translations: Partial<Record<TranslatedLang, Translation>>;
  /** What a reviewer of the translations should know that does not stop a build. */
  translationNotes: TranslationNotes;
}

/** What validation found about data/<lang>/ besides its mistakes. */
export interface TranslationNotes {
  /**
   * Review reminders, each at its place in a translation file: a field whose English changed since it was translated
   * (or that has no record of it), a glossary term translated another way, a text the English no longer has. A build
   * prints them and goes on (the page stays translated); `flightsite build --strict` fails on them.
   */
  warnings: ContentProblem[];
  /** The translation files that are not complete, and why: what they translate stays English-only. */
  incomplete: IncompleteTranslation[];
}

export interface IncompleteTranslation {
  lang: TranslatedLang;
  /** The translation file, like "data/es/cities/naples.yaml". */
  file: string;
  /** The English file it translates, like "data/cities/naples.yaml". */
  english: string;
  /** "faqs[2].answer is not translated", "keywords has 3 items here; the English has 4". */
  reasons: string[];
}

/** A language the site is translated into (every one but the source, English). */
export type TranslatedLang = Exclude<Lang, "en">;

/**
 * One language's complete translations: English entities with the translated text laid over them (data/<lang>/,
 * docs/translation.md). An entity whose translation is incomplete is left out, and its page is English-only.
 */
export interface Translation {
  lang: TranslatedLang;
  /** The site settings with the translated text: a Translation exists only when data/<lang>/site.yaml is complete. */
  site: SiteConfig;
  /** Undefined when there is no complete translation: the home page is then English-only. */
  home?: Home;
  /** A city page needs this AND its city; a destination page also its destination. */
  cityCommon?: CityCommon;
  /** By urlSlug, complete ones only. */
  cities: Map<string, City>;
  /** By slug, complete ones only. */
  destinations: Map<string, Destination>;
  /** By path ("/about"), complete ones only. */
  pages: Map<string, Page>;
  documents: { checklist?: ChecklistDocument; itinerary?: SampleItinerary };
}

export interface CaseManagerDocuments {
  checklist: ChecklistDocument;
  letter: LetterTemplate;
  itinerary: SampleItinerary;
}

/** Site-absolute URLs of the built assets (their names carry a content hash). */
export interface AssetUrls {
  css: string;
  js: string;
  /**
   * The version of the code that draws share cards (src/images/share-card.ts shareCardVersion), part of each card's
   * name: a card drawn differently is a new file. Without it pages get no card (a template rendered alone).
   */
  shareCards?: string;
}

/**
 * A page's share card: the 1200×630 PNG that a link to the page shows when it is shared (og:image), and what is on it.
 * Made by the engine beside the pages (src/images/share-card.ts), named by a hash of what it shows.
 */
export interface ShareCard {
  /** Where the card is in the output: "assets/cards/naples.ABCD2345.png". */
  file: string;
  /** Its absolute URL, under the build's base path. */
  imageUrl: string;
  /** What the card says, as the og:image:alt text. */
  alt: string;
  /** The page's title as the card shows it, the company name and the phone number. */
  title: string;
  companyName: string;
  phone: string;
  /** The word before the phone number, in the page's language: "Call", "Llame". */
  call: string;
}

export type PageKind =
  | "home"
  | "cities"
  | "city"
  | "destination"
  | "page"
  | "contact"
  | "case-managers"
  | "case-manager-document"
  | "thank-you"
  | "privacy"
  | "accessibility"
  | "podcast"
  | "episode"
  | "not-found";

export type Route =
  | {
      kind: "page";
      pageKind: PageKind;
      url: string;
      file: string;
      element: ReactElement;
      /** The page's share card (its head's), known without making the page. */
      card?: ShareCard;
      /**
       * What the page is made from besides what every page shares (the settings, city-common.yaml, the destinations,
       * the assets: see routeKey), when that is less than its props: a city's pages are made from their city (and
       * destination) alone, so their key need not make the page.
       */
      madeFrom?: MadeFrom;
      /** The page's language, when not English: its internal links lead to the pages of that language there are. */
      translated?: TranslatedLinks;
      /**
       * The languages whose whole body the page also carries, each in a `<template data-page-body="es">` (the 404:
       * templates/Layout.tsx): the links in it lead to the pages of that language there are.
       */
      translatedBodies?: TranslatedLinks[];
    }
  | { kind: "sitemap"; url: string; file: string; urls: (string | SitemapEntry)[] }
  | { kind: "text"; url: string; file: string; contents: string }
  | { kind: "feed"; url: string; file: string; episodes: Episode[] };

/** A page of the sitemap: its address, and its versions in every language it exists in (xhtml:link alternates). */
export interface SitemapEntry {
  loc: string;
  alternates?: { lang: string; href: string }[];
}

/** A file of the built site; `file` is relative to dist/ and never starts with "/". */
export interface OutputFile {
  file: string;
  contents: string | Uint8Array;
}

/** A file generated for download into dist/downloads/; its link shows the format and the size of `contents`. */
export interface Download extends OutputFile {
  /** The slug of the document it was made from. */
  document: string;
  format: "pdf" | "docx";
  contents: Uint8Array;
  /** The language of its text, when not English. */
  lang?: Lang;
}

/** What the <head> and the breadcrumb of a page say; built by createRoutes, shown by Layout. */
export interface PageHead {
  title: string;
  description: string;
  /** Site-absolute URL of the page, like "/naples/". */
  url: string;
  /** Absolute canonical URL, like "https://www.example.org/naples/". */
  canonical: string;
  keywords?: string[];
  noindex?: boolean;
  /** schema.org objects, each written as one application/ld+json block. */
  jsonLd: Record<string, unknown>[];
  /** A feed about this page, announced with <link rel="alternate"> (the podcast pages point at the RSS feed). */
  alternateFeed?: { title: string; url: string };
  /** The visible trail, Home first, the current page last. */
  breadcrumb?: { name: string; url: string }[];
  /**
   * The page in every language it exists in, itself included (hreflang links, the language switcher); undefined when
   * it exists in one language only.
   */
  alternates?: Alternate[];
  /** The page's share card (og:image), when the build makes cards. */
  card?: ShareCard;
}

/** One language's version of a page: its site URL ("/es/naples/") and its absolute address. */
export interface Alternate {
  lang: Lang;
  url: string;
  href: string;
}

/**
 * The pages that exist in a language other than English, by their English URL ("/naples/" when /es/naples/ exists):
 * a page of that language links to them rather than to the English page (src/render/translated-links.ts).
 */
export interface TranslatedLinks {
  lang: Exclude<Lang, "en">;
  urls: ReadonlySet<string>;
  /** A hash of `urls`: a page's key has it, since its links change when a page of its language comes or goes. */
  digest: string;
}

/** What every page template needs besides its own content. */
export interface PageChrome {
  lang: Lang;
  /** The settings, with the text of `lang` (data/<lang>/site.yaml) laid over them. */
  site: SiteConfig;
  assets: AssetUrls;
  head: PageHead;
  /** Which of the shared quote-form placements the page carries. */
  quote: { modal: boolean; footer: boolean };
}

/**
 * What a page declares it is made from (src/site/page-route.ts lazyPage), stated once for all who need it: its key
 * (src/render/route-key.ts) hashes it, and the dev server re-creates after a city's save only the pages that name
 * that city here (src/engine/run-inputs.ts). A value that is an object counts by its content, an array item by item.
 */
export interface MadeFrom {
  /** The city whose page this is: its pages are re-created with it. */
  city?: City;
  /** Other cities the page shows something of (a nearby city's airports…): a save of one renders this page again. */
  cities?: readonly City[];
  [part: string]: unknown;
}
