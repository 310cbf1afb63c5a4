import type { City, Faq, SiteConfig } from "../content/types";
import { absoluteUrl } from "../content/urls";

/** One step of a breadcrumb trail; the last one is the current page. */
export interface Crumb {
  name: string;
  url: string;
}

export type JsonLd = Record<string, unknown>;

/** schema.org BreadcrumbList for the trail the page shows. */
export function breadcrumbJsonLd(site: SiteConfig, crumbs: Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(site, crumb.url),
    })),
  };
}

/** schema.org WebPage: the page's address, name and language (BCP 47: "en", "es"). */
export function webPageJsonLd(url: string, name: string, inLanguage: string): JsonLd {
  return { "@context": "https://schema.org", "@type": "WebPage", url, name, inLanguage };
}

/** schema.org LocalBusiness with the fields of spec §3, serving one city or all of Florida. */
export function localBusinessJsonLd(site: SiteConfig, url: string, city?: City): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: site.companyName,
    description: city ? city.metaDescription : site.description,
    url: absoluteUrl(site, url),
    telephone: site.phone.tel,
    foundingDate: String(site.founded),
    slogan: site.tagline,
    address: {
      "@type": "PostalAddress",
      addressLocality: site.headquarters.city,
      addressRegion: site.headquarters.region,
      addressCountry: site.headquarters.country,
    },
    areaServed: city
      ? { "@type": "City", name: city.cityName, containedInPlace: { "@type": "State", name: "FL" }, address: { "@type": "PostalAddress", addressLocality: city.cityName, addressRegion: "FL", addressCountry: "US" } }
      : { "@type": "State", name: "Florida", address: { "@type": "PostalAddress", addressRegion: "FL", addressCountry: "US" } },
    serviceType: "Medical Flight Coordination",
  };
}

/** schema.org FAQPage with exactly the questions and answers the page shows. */
export function faqJsonLd(faqs: Faq[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

/** What the podcast JSON-LD says about the show; createRoutes fills it from podcastShow(). */
export interface PodcastSeriesFacts {
  name: string;
  description: string;
  /** Site-absolute URLs. */
  url: string;
  feedUrl: string;
  image: string;
  author: string;
}

/** schema.org PodcastSeries for /podcast/. */
export function podcastSeriesJsonLd(site: SiteConfig, series: PodcastSeriesFacts): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "PodcastSeries",
    name: series.name,
    description: series.description,
    url: absoluteIfLocal(site, series.url),
    webFeed: absoluteIfLocal(site, series.feedUrl),
    image: absoluteIfLocal(site, series.image),
    inLanguage: "en-US",
    author: { "@type": "Organization", name: series.author },
    publisher: { "@type": "Organization", name: site.companyName, url: site.baseUrl },
  };
}

/** What the JSON-LD says about one episode. */
export interface PodcastEpisodeFacts {
  name: string;
  description: string;
  url: string;
  episodeNumber: number;
  datePublished: string;
  /** ISO 8601 duration, like PT22M30S. */
  duration: string;
  image: string;
  keywords: string[];
  audioUrl?: string;
}

/** schema.org PodcastEpisode for an episode page, part of the show's PodcastSeries. */
export function podcastEpisodeJsonLd(site: SiteConfig, series: PodcastSeriesFacts, episode: PodcastEpisodeFacts): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "PodcastEpisode",
    name: episode.name,
    description: episode.description,
    url: absoluteIfLocal(site, episode.url),
    episodeNumber: episode.episodeNumber,
    datePublished: episode.datePublished,
    timeRequired: episode.duration,
    image: absoluteIfLocal(site, episode.image),
    keywords: episode.keywords.join(", "),
    inLanguage: "en-US",
    ...(episode.audioUrl
      ? { associatedMedia: { "@type": "MediaObject", contentUrl: absoluteIfLocal(site, episode.audioUrl), duration: episode.duration } }
      : {}),
    partOfSeries: { "@type": "PodcastSeries", name: series.name, url: absoluteIfLocal(site, series.url) },
  };
}

// --- internal ---

const absoluteIfLocal = (site: SiteConfig, url: string) => (url.startsWith("/") ? absoluteUrl(site, url) : url);
