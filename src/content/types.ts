import type { ReactElement } from "react";
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
   * The version of the code that draws share cards (src/render/share-card.ts shareCardVersion), part of each card's
   * name: a card drawn differently is a new file. Without it pages get no card (a template rendered alone).
   */
  shareCards?: string;
}

/**
 * A page's share card: the 1200×630 PNG that a link to the page shows when it is shared (og:image), and what is on it.
 * Made by the engine beside the pages (src/render/share-card.ts), named by a hash of what it shows.
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
    }
  | { kind: "sitemap"; url: string; file: string; urls: string[] }
  | { kind: "text"; url: string; file: string; contents: string }
  | { kind: "feed"; url: string; file: string; episodes: Episode[] };

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
  /** The page's share card (og:image), when the build makes cards. */
  card?: ShareCard;
}

/** What every page template needs besides its own content. */
export interface PageChrome {
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
