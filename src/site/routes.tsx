import { CaseManagersPage } from "../../templates/CaseManagersPage";
import { ChecklistDocumentPage } from "../../templates/ChecklistDocumentPage";
import { CitiesPage } from "../../templates/CitiesPage";
import { CityPage } from "../../templates/CityPage";
import { ContactPage } from "../../templates/ContactPage";
import { DestinationPage, type DestinationSectionView } from "../../templates/DestinationPage";
import type { DownloadLink } from "../../templates/DownloadLinks";
import { HomePage } from "../../templates/HomePage";
import { LetterTemplatePage, type LetterBlock } from "../../templates/LetterTemplatePage";
import { AccessibilityPage } from "../../templates/AccessibilityPage";
import { NotFoundPage } from "../../templates/NotFoundPage";
import { PrivacyPage } from "../../templates/PrivacyPage";
import { SampleItineraryPage } from "../../templates/SampleItineraryPage";
import { StaticPage } from "../../templates/StaticPage";
import { ThankYouPage } from "../../templates/ThankYouPage";
import { fillCity } from "../content/validate";
import { formatFileSize, formatMonth, splitPlaceholders } from "../documents/text";
import { renderMarkdown } from "../content/markdown";
import { chromeFor, home, lazyPage, page, shareCardFor, videoFor } from "./page-route";
import { episodeRoute, podcastRoute } from "./podcast-routes";
import { podcastFeedUrl } from "./podcast";
import { robotsText } from "./robots";
import { accessibilityFacts, privacyFacts } from "./privacy-facts";
import { faqJsonLd, localBusinessJsonLd, type Crumb } from "./structured-data";
import type { AssetUrls, City, Destination, Download, Page, Route, SiteContent } from "../content/types";
import { absoluteUrl, citiesUrl, cityUrl, destinationUrl, pageUrl } from "../content/urls";

/**
 * Every URL of the site: what file it becomes and what it renders. A pure function of the content and of the
 * generated downloads, whose links show each file's size.
 */
export function createRoutes(content: SiteContent, assets: AssetUrls, downloads: Download[]): Route[] {
  const routes: Route[] = [
    homeRoute(content, assets),
    citiesRoute(content, assets),
    ...content.pages.map((page) => staticPageRoute(content, assets, page, downloads)),
    ...documentRoutes(content, assets, downloads),
    privacyRoute(content, assets),
    accessibilityRoute(content, assets),
    podcastRoute(content, assets),
    ...content.episodes.map((episode) => episodeRoute(content, assets, episode)),
    // A large site has tens of thousands of these: each builds its page (props, structured data) only when asked,
    // so a render thread holds one page's props at a time rather than the whole site's.
    ...content.cities.flatMap((city) => cityRoutes(content, assets, city)),
    notFoundRoute(content, assets),
  ];
  const indexable = routes.filter(
    (route) => route.kind === "page" && route.pageKind !== "not-found" && route.pageKind !== "thank-you",
  );
  const { preview } = content.site;
  routes.push(
    { kind: "feed", url: podcastFeedUrl, file: podcastFeedUrl.slice(1), episodes: content.episodes },
    // A preview lists nothing to index, and asks every crawler to stay out.
    { kind: "sitemap", url: "/sitemap.xml", file: "sitemap.xml", urls: preview ? [] : indexable.map((r) => absoluteUrl(content.site, r.url)) },
    {
      kind: "text",
      url: "/robots.txt",
      file: "robots.txt",
      contents: robotsText(content.site),
    },
  );
  return routes;
}

/**
 * The pages of one city, as createRoutes makes them: its city page and one page per destination. Each declares what
 * it is made from besides what every page shares (settings, city-common.yaml, destinations, assets): `madeFrom`, its
 * city and destination, and `cities` for any other city it shows something of. Their keys, and which pages the dev
 * server creates again after a city's save, follow that declaration alone (MadeFrom in src/content/types.ts).
 */
export function cityRoutes(content: SiteContent, assets: AssetUrls, city: City): Route[] {
  return [
    lazyPage("city", cityUrl(city.urlSlug), { city }, () => cityRoute(content, assets, city), shareCardFor(content.site, assets, cityUrl(city.urlSlug), city.title)),
    ...content.destinations.map((destination) => {
      const url = destinationUrl(city.urlSlug, destination.urlSegment);
      const card = shareCardFor(content.site, assets, url, destinationTitle(city, destination));
      return lazyPage("destination", url, { city, destination: destination.slug }, () => destinationRoute(content, assets, city, destination), card);
    }),
  ];
}

/**
 * What the pages that list every city (home, /cities/) show of one city. While it stays the same for every city, so
 * do those pages, and so does the sitemap. A page that is not a city's own shows a city only through this, unless it
 * declares that city in its `madeFrom`.
 */
export function listedCity(city: City): { name: string; href: string; airports: string } {
  return { name: city.cityName, href: cityUrl(city.urlSlug), airports: city.airports.map((a) => a.code).join(", ") };
}

/** "Appointments & Second Opinions" → "appointments-second-opinions", for section anchors. */
export function headingId(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

// --- internal ---

const cities: Crumb = { name: "Cities We Serve", url: citiesUrl };

function homeRoute(content: SiteContent, assets: AssetUrls): Route {
  const { site, home: homeContent } = content;
  const chrome = chromeFor(content, assets, {
    title: homeContent.title,
    description: homeContent.metaDescription,
    url: "/",
    jsonLd: [localBusinessJsonLd(site, "/")],
  }, { modal: true });
  const cityLinks = content.cities.map((city) => {
    const { name, href } = listedCity(city);
    return { name, href };
  });
  return page("home", "/", <HomePage chrome={chrome} home={homeContent} cities={cityLinks} />);
}

function citiesRoute(content: SiteContent, assets: AssetUrls): Route {
  const chrome = chromeFor(content, assets, {
    title: `Florida Cities We Serve | ${content.site.companyName}`.slice(0, 60),
    description: "Non-emergency medical flight coordination from cities across Florida: local airports, support and common care trips for each city.",
    url: citiesUrl,
    breadcrumb: [home, cities],
  });
  const cityCards = content.cities.map(listedCity);
  return page("cities", citiesUrl, <CitiesPage chrome={chrome} cities={cityCards} />);
}

function staticPageRoute(content: SiteContent, assets: AssetUrls, data: Page, downloads: Download[]): Route {
  const url = pageUrl(data.path);
  const chrome = chromeFor(content, assets, {
    title: data.title,
    description: data.metaDescription,
    url,
    noindex: data.noindex,
    breadcrumb: [home, { name: data.heading, url }],
  }, { footer: url !== "/contact/" && url !== "/thank-you/" });
  const props = {
    chrome,
    heading: data.heading,
    lead: data.lead,
    sections: data.sections.map((s) => ({ id: s.id ?? headingId(s.heading), heading: s.heading, html: renderMarkdown(s.body) })),
  };
  if (url === "/contact/") return page("contact", url, <ContactPage {...props} />);
  if (url === "/thank-you/") return page("thank-you", url, <ThankYouPage {...props} />);
  if (url === caseManagersUrl) {
    const { checklist, letter, itinerary } = content.documents;
    const documents = [checklist, letter, itinerary].map((document) => ({
      id: document.slug,
      label: document.label,
      summary: document.summary,
      pageUrl: documentUrl(document.slug),
      downloads: downloadLinks(downloads, document.slug),
    }));
    return page("case-managers", url, <CaseManagersPage {...props} documents={documents} />);
  }
  return page("page", url, <StaticPage {...props} />);
}

/** The web page of each download, under /for-case-managers/. */
function documentRoutes(content: SiteContent, assets: AssetUrls, downloads: Download[]): Route[] {
  const { checklist, letter, itinerary } = content.documents;
  // validateContent makes sure this page exists: it is where the downloads are linked from.
  const parent = content.pages.find((p) => pageUrl(p.path) === caseManagersUrl);
  const frame = (document: typeof checklist | typeof letter | typeof itinerary) => {
    const url = documentUrl(document.slug);
    const chrome = chromeFor(content, assets, {
      title: document.title,
      description: document.metaDescription,
      url,
      breadcrumb: [home, { name: parent!.heading, url: caseManagersUrl }, { name: document.heading, url }],
    });
    const props = {
      chrome,
      heading: document.heading,
      label: document.label,
      updated: formatMonth(document.updated),
      intro: document.intro,
      downloads: downloadLinks(downloads, document.slug),
    };
    return { url, props };
  };

  const checklistPage = frame(checklist);
  const groups = [
    { id: "before-the-flight", ...checklist.preFlight, items: content.cityCommon.preFlightChecklist },
    { id: "planning-the-return", ...checklist.return, items: content.cityCommon.returnChecklist },
  ];
  const letterPage = frame(letter);
  const lines = (kind: LetterBlock["kind"], texts: string[]): LetterBlock => ({ kind, lines: texts.map(splitPlaceholders) });
  const letterBlocks = [
    lines("letterhead", [letter.letter.letterhead]),
    lines("date", [letter.letter.date]),
    lines("address", letter.letter.recipient),
    lines("subject", [letter.letter.subject]),
    lines("paragraph", [letter.letter.salutation]),
    ...letter.letter.paragraphs.map((paragraph) => lines("paragraph", [paragraph])),
    lines("closing", [letter.letter.closing]),
    lines("signature", letter.letter.signature),
  ];
  const itineraryPage = frame(itinerary);
  return [
    page("case-manager-document", checklistPage.url, <ChecklistDocumentPage {...checklistPage.props} groups={groups} notes={checklist.notes} />),
    page("case-manager-document", letterPage.url, <LetterTemplatePage {...letterPage.props} instructions={letter.instructions} letter={letterBlocks} />),
    page(
      "case-manager-document",
      itineraryPage.url,
      <SampleItineraryPage {...itineraryPage.props} notice={itinerary.sampleNotice} steps={itinerary.steps} notes={itinerary.notes} />,
    ),
  ];
}

const caseManagersUrl = "/for-case-managers/";
const documentUrl = (slug: string) => pageUrl(`/for-case-managers/${slug}`);

/** The download links of one document, Word before PDF: "PDF, 42 KB" from the generated bytes. */
function downloadLinks(downloads: Download[], document: string): DownloadLink[] {
  const links = downloads
    .filter((download) => download.document === document)
    .sort((a, b) => a.format.localeCompare(b.format))
    .map((download) => ({
      href: `/${download.file}`,
      fileName: download.file.split("/").pop()!,
      typeAndSize: `${formatNames[download.format]}, ${formatFileSize(download.contents.byteLength)}`,
    }));
  // Every document is generated before the routes; a document without a file is a bug in the build, not content.
  if (links.length === 0) throw new Error(`no generated download for the document "${document}"`);
  return links;
}

const formatNames: Record<Download["format"], string> = { pdf: "PDF", docx: "Word" };

function cityRoute(content: SiteContent, assets: AssetUrls, city: City): Route {
  const { site } = content;
  const url = cityUrl(city.urlSlug);
  const chrome = chromeFor(content, assets, {
    title: city.title,
    description: city.metaDescription,
    keywords: city.keywords,
    url,
    breadcrumb: [home, cities, { name: city.cityName, url }],
    jsonLd: [localBusinessJsonLd(site, url, city), faqJsonLd(city.faqs)],
  }, { modal: true });
  const nearby = [city.nearbyCity1, city.nearbyCity2, city.nearbyCity3].map((place) => ({
    name: place.name,
    href: place.slug ? cityUrl(place.slug) : undefined,
  }));
  // From the site's root like every other link (issue 12): a link relative to /naples/ would lead elsewhere from a
  // host that serves /naples without redirecting it to /naples/.
  const careTrips = content.destinations.map((destination) => ({
    href: destinationUrl(city.urlSlug, destination.urlSegment),
    destination: destination.destination,
    location: destination.location,
    summary: fillCity(destination.intro, city.cityName),
  }));
  const videoUrl = city.youtubeUrl ?? site.video.cityDefault;
  const video = videoFor(videoUrl, `Medical flights from ${city.cityName}`);
  return page(
    "city",
    url,
    <CityPage chrome={chrome} city={city} common={content.cityCommon} careTrips={careTrips} nearby={nearby} video={video} />,
  );
}

/**
 * A destination's sections with their markdown rendered, made once per destination and shared by the pages of every
 * city: the same object each time, so the page template can render them once for all (templates/Once.tsx).
 */
function sectionsOf(destination: Destination): DestinationSectionView[] {
  let sections = renderedSections.get(destination);
  if (!sections) {
    sections = destination.sections.map(({ body, ...section }) => ({ ...section, html: renderMarkdown(body) }));
    renderedSections.set(destination, sections);
  }
  return sections;
}

const renderedSections = new WeakMap<Destination, DestinationSectionView[]>();

function destinationRoute(content: SiteContent, assets: AssetUrls, city: City, destination: Destination): Route {
  const url = destinationUrl(city.urlSlug, destination.urlSegment);
  const fill = (template: string) => fillCity(template, city.cityName);
  const override = city.destinations?.[destination.slug];
  const chrome = chromeFor(content, assets, {
    title: destinationTitle(city, destination),
    description: fill(destination.metaDescription),
    url,
    breadcrumb: [home, cities, { name: city.cityName, url: cityUrl(city.urlSlug) }, { name: `Flights to ${destination.destinationShort}`, url }],
    jsonLd: [localBusinessJsonLd(content.site, url, city)],
  }, { modal: true });
  const related = [
    { href: cityUrl(city.urlSlug), label: `Medical flights in ${city.cityName}` },
    ...content.destinations
      .filter((other) => other.slug !== destination.slug)
      .map((other) => ({ href: destinationUrl(city.urlSlug, other.urlSegment), label: `${city.cityName} to ${other.destinationShort}` })),
  ];
  return page(
    "destination",
    url,
    <DestinationPage
      chrome={chrome}
      cityName={city.cityName}
      heading={fill(destination.heading)}
      intro={override?.intro ?? fill(destination.intro)}
      destination={destination.destination}
      departureAirports={city.airports}
      arrivalAirports={destination.arrivalAirports}
      arrivalDetails={destination.arrivalDetails}
      lodgingOptions={destination.lodgingOptions}
      notes={override?.notes ?? destination.notes}
      sections={sectionsOf(destination)}
      video={videoFor(destination.youtubeUrl, `Traveling to ${destination.destination}`)}
      related={related}
    />,
  );
}

/** A destination page's title, for its head and, before the page is made, its share card. */
function destinationTitle(city: City, destination: Destination): string {
  return fillCity(destination.title, city.cityName);
}

/** /privacy/: what the site collects and keeps, stated from the configuration (privacy-facts.ts). */
function privacyRoute(content: SiteContent, assets: AssetUrls): Route {
  const url = pageUrl("/privacy");
  const chrome = chromeFor(content, assets, {
    title: `Privacy | ${content.site.companyName}`,
    description: "What this website collects when you ask for a quote, where it is kept, for how long, and how to have it deleted.",
    url,
    breadcrumb: [home, { name: "Privacy", url }],
  });
  return page("privacy", url, <PrivacyPage chrome={chrome} facts={privacyFacts(content)} />);
}

/** /accessibility/: the accessibility statement. */
function accessibilityRoute(content: SiteContent, assets: AssetUrls): Route {
  const url = pageUrl("/accessibility");
  const chrome = chromeFor(content, assets, {
    title: `Accessibility | ${content.site.companyName}`,
    description: "The accessibility standard this website is built to, how it is checked, its known limits, and how to report a barrier.",
    url,
    breadcrumb: [home, { name: "Accessibility", url }],
  });
  return page("accessibility", url, <AccessibilityPage chrome={chrome} facts={accessibilityFacts(content)} />);
}

function notFoundRoute(content: SiteContent, assets: AssetUrls): Route {
  const chrome = chromeFor(content, assets, {
    title: `Page Not Found | ${content.site.companyName}`,
    description: "The page you're looking for doesn't exist. Call our 24/7 line for medical flight coordination.",
    url: "/404.html",
    noindex: true,
  });
  return { ...page("not-found", "/404.html", <NotFoundPage chrome={chrome} />), file: "404.html" };
}
