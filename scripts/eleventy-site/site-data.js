// The data of the Eleventy comparison site (scripts/bench-eleventy.ts): flightsite's own data/ folder, read the way
// an Eleventy site would read it (YAML files, no schema), and the list of pages each template paginates over. The
// URLs and output files follow flightsite's routes (src/content/urls.ts): /<slug>/ and /<slug>/<urlSegment>/.
// Plain JavaScript, because Eleventy loads it as it is; the YAML parser and the markdown renderer are passed in.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Reads `dataDir` and returns what the templates need: the site, the text every city page shares, the destinations
 * (their markdown rendered once), and one entry per city page and per destination page, each with its url and file.
 */
export function loadSiteData({ dataDir, parseYaml, renderMarkdown }) {
  const read = (file) => parseYaml(readFileSync(path.join(dataDir, file), "utf8"));
  const readAll = (folder) =>
    readdirSync(path.join(dataDir, folder))
      .filter((name) => name.endsWith(".yaml"))
      .sort()
      .map((name) => read(path.join(folder, name)));
  const site = read("site.yaml");
  const common = read("city-common.yaml");
  const destinations = readAll("destinations")
    .sort((a, b) => a.slug.localeCompare(b.slug))
    .map((destination) => ({
      ...destination,
      sections: destination.sections.map((section) => ({
        ...section,
        html: renderMarkdown(section.body),
        contacts: section.contacts?.map((contact) => ({
          ...contact,
          host: contact.url && new URL(contact.url).hostname.replace(/^www\./, ""),
        })),
      })),
    }));
  const cityFiles = readAll("cities");
  const cityPages = cityFiles.map((city) => {
    const { url, file } = pageAt(city.urlSlug);
    const breadcrumb = [home, cities, { name: city.cityName, url }];
    return {
      url,
      file,
      head: { title: city.title, description: city.metaDescription, keywords: city.keywords, url, breadcrumb, jsonLd: jsonLdBlocks(site, url, city, breadcrumb, true) },
      city,
      videoId: youtubeVideoId(city.youtubeUrl ?? site.video?.cityDefault),
    };
  });
  const destinationPages = cityFiles.flatMap((city) =>
    destinations.map((destination) => {
      const { url, file } = pageAt(`${city.urlSlug}/${destination.urlSegment}`);
      const breadcrumb = [home, cities, { name: city.cityName, url: pageAt(city.urlSlug).url }, { name: `Flights to ${destination.destinationShort}`, url }];
      const head = {
        title: fillToFit([destination.title, destination.titleShort], 60, city.cityName),
        description: fillToFit([destination.metaDescription, destination.metaDescriptionShort], 160, city.cityName),
        url,
        breadcrumb,
        jsonLd: jsonLdBlocks(site, url, city, breadcrumb, false),
      };
      return {
        url,
        file,
        head,
        city,
        destination,
        override: city.destinations?.[destination.slug] ?? {},
        videoId: youtubeVideoId(destination.youtubeUrl),
        related: [
          { href: pageAt(city.urlSlug).url, label: `Medical flights in ${city.cityName}` },
          ...destinations
            .filter((other) => other.slug !== destination.slug)
            .map((other) => ({ href: pageAt(`${city.urlSlug}/${other.urlSegment}`).url, label: `${city.cityName} to ${other.destinationShort}` })),
        ],
      };
    }),
  );
  return { site, common, destinations, navigation, cityPages, destinationPages };
}

/** The "{city}" placeholders of a destination's texts filled in, as flightsite's fillCity does. */
export const fillCity = (template, cityName) => template.replaceAll("{city}", cityName);

/** The first form (the usual one, then the shorter one) that fits `max` with the city filled in, as flightsite's fillToFit. */
const fillToFit = (forms, max, cityName) => {
  const filled = forms.filter((form) => form !== undefined).map((form) => fillCity(form, cityName));
  return filled.find((text) => text.length <= max) ?? filled.at(-1);
};

/** The JSON-LD blocks flightsite puts on a city page or a destination page (src/site/structured-data.ts). */
export function jsonLdBlocks(site, url, city, crumbs, withFaq) {
  const absolute = (link) => `${site.baseUrl}${link}`;
  const blocks = [
    {
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: site.companyName,
      description: city.metaDescription,
      url: absolute(url),
      telephone: site.phone.tel,
      foundingDate: String(site.founded),
      slogan: site.tagline,
      address: { "@type": "PostalAddress", addressLocality: site.headquarters.city, addressRegion: site.headquarters.region, addressCountry: site.headquarters.country },
      areaServed: { "@type": "City", name: city.cityName, containedInPlace: { "@type": "State", name: "FL" }, address: { "@type": "PostalAddress", addressLocality: city.cityName, addressRegion: "FL", addressCountry: "US" } },
      serviceType: "Medical Flight Coordination",
    },
  ];
  if (withFaq) {
    blocks.push({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: city.faqs.map((faq) => ({ "@type": "Question", name: faq.question, acceptedAnswer: { "@type": "Answer", text: faq.answer } })),
    });
  }
  blocks.push({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: absolute(crumb.url) })),
  });
  // "<" escaped, so no text in the data can close the script element.
  return blocks.map((block) => JSON.stringify(block).replaceAll("<", "\\u003c"));
}

// --- internal ---

// flightsite's main navigation (templates/navigation.ts): links, and groups of links that open as dropdowns.
const navigation = [
  { label: "Home", href: "/" },
  { label: "Cities", href: "/cities/" },
  { label: "Services", links: [
    { label: "Medical Flights", href: "/services/medical-flights/" },
    { label: "International Air Ambulance", href: "/services/international-air-ambulance/" },
  ] },
  { label: "Procedures", links: [
    { label: "Our Procedures", href: "/procedures/" },
    { label: "Bedside to Bedside", href: "/procedures/bedside-to-bedside/" },
  ] },
  { label: "Resources", links: [
    { label: "For Families", href: "/for-families/" },
    { label: "For Case Managers", href: "/for-case-managers/" },
    { label: "Real-Time Tracking", href: "/technology/real-time-tracking/" },
    { label: "Insurance", href: "/insurance/" },
  ] },
  { label: "About", href: "/about/" },
  { label: "Contact", href: "/contact/" },
  { label: "Podcast", href: "/podcast/" },
];

const home = { name: "Home", url: "/" };
const cities = { name: "Cities We Serve", url: "/cities/" };
const pageAt = (urlPath) => ({ url: `/${urlPath}/`, file: `${urlPath}/index.html` });

function youtubeVideoId(url) {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.hostname.replace(/^www\./, "") === "youtu.be" ? parsed.pathname.slice(1) : parsed.searchParams.get("v") ?? undefined;
  } catch {
    return undefined;
  }
}
