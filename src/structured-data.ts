import type { City, Faq, SiteConfig } from "./types";
import { absoluteUrl } from "./urls";

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
      item: absoluteUrl(site.baseUrl, crumb.url),
    })),
  };
}

/** schema.org LocalBusiness with the fields of spec §3, serving one city or all of Florida. */
export function localBusinessJsonLd(site: SiteConfig, url: string, city?: City): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: site.companyName,
    description: city ? city.metaDescription : site.description,
    url: absoluteUrl(site.baseUrl, url),
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
