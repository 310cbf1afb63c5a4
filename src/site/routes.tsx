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
import { fillCity, fillToFit } from "../content/city-forms";
import { formatFileSize, formatMonth, splitPlaceholders } from "../documents/text";
import { renderMarkdown } from "../content/markdown";
import { chromeFor, crumbsOf, home, lazyCard, lazyPage, page, shareCardFor, videoFor } from "./page-route";
import { documentRoutes, downloadLinks } from "./document-routes";
import { accessibilityUrl, caseManagersUrl, documentUrl, englishOnlyLang, privacyUrl, englishSite, otherSites, type Local } from "./languages";
import { episodeRoute, podcastRoute } from "./podcast-routes";
import { podcastFeedUrl } from "./podcast";
import { robotsText } from "./robots";
import { accessibilityFacts, privacyFacts } from "./privacy-facts";
import { faqJsonLd, localBusinessJsonLd, type Crumb } from "./structured-data";
import type { AssetUrls, City, Destination, Download, MadeFrom, Page, Route, ShareCard, SiteContent } from "../content/types";
import { citiesUrl, cityUrl, destinationUrl, pageUrl } from "../content/urls";
import { sitemapEntry } from "./sitemap";

/**
 * Every URL of the site: what file it becomes and what it renders. A pure function of the content and of the
 * generated downloads, whose links show each file's size.
 */
export function createRoutes(content: SiteContent, assets: AssetUrls, downloads: Download[]): Route[] {
  const english = englishSite(content);
  const others = otherSites(content);
  const routes: Route[] = [
    homeRoute(english, assets),
    citiesRoute(english, assets),
    ...content.pages.map((page) => staticPageRoute(english, assets, page, downloads)),
    ...documentRoutes(english, assets, downloads),
    privacyRoute(english, assets),
    accessibilityRoute(english, assets),
    podcastRoute(content, assets),
    ...content.episodes.map((episode) => episodeRoute(content, assets, episode)),
    ...others.flatMap((local) => translatedRoutes(local, assets, downloads)),
    // A large site has tens of thousands of these: each builds its page (props, structured data) only when asked,
    // so a render thread holds one page's props at a time rather than the whole site's.
    ...content.cities.flatMap((city) => cityRoutes(content, assets, city)),
    notFoundRoute(english, assets),
    ...others.map((local) => notFoundRoute(local, assets)),
  ];
  const indexable = routes.filter(
    (route) => route.kind === "page" && route.pageKind !== "not-found" && route.pageKind !== "thank-you",
  );
  const { preview } = content.site;
  routes.push(
    { kind: "feed", url: podcastFeedUrl, file: podcastFeedUrl.slice(1), episodes: content.episodes },
    // A preview lists nothing to index, and asks every crawler to stay out.
    { kind: "sitemap", url: "/sitemap.xml", file: "sitemap.xml", urls: preview ? [] : indexable.map((r) => sitemapEntry(english, r)) },
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
 * server creates again after a city's save, follow that declaration alone (MadeFrom; tests/unit/site/made-from.test.tsx).
 */
export function cityRoutes(content: SiteContent, assets: AssetUrls, city: City): Route[] {
  const english = englishSite(content);
  return [english, ...otherSites(content)].flatMap((local) => localCityRoutes(local, assets, city));
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

/**
 * A city's pages in one language, each declaring what it is made from: in English its city (and destination); in
 * another language the translated city, city-common and destination and the language's settings too, since what every
 * page shares (routeKey's sharedInputs) is the English. A translated city keeps its English city as `city`: all the
 * city's pages are created again together.
 */
function localCityRoutes(local: Local, assets: AssetUrls, englishCity: City): Route[] {
  const { translation } = local;
  if (translation && !(translation.cityCommon && translation.cities.has(englishCity.urlSlug))) return [];
  const city = translation?.cities.get(englishCity.urlSlug) ?? englishCity;
  const destinations = local.content.destinations.filter((destination) => !translation || translation.destinations.has(destination.slug));
  // A translated page shows its language's destinations: a city page their summaries, a destination page their names.
  const made = translation ? { site: translation.site, cityCommon: translation.cityCommon, translated: city, destinations } : {};
  return [
    cityPage(local, assets, city, { city: englishCity, ...made, ...alternatesMade(local, cityUrl(city.urlSlug)) }),
    ...destinations.map((destination) => {
      const url = destinationUrl(city.urlSlug, destination.urlSegment);
      const madeFrom = { city: englishCity, destination: translation ? destination : destination.slug, ...made, ...alternatesMade(local, url) };
      const card = lazyCard(() => cardOf(local, assets, url, destinationTitle(city, destination)));
      return lazyPage("destination", local.url(url), madeFrom, () => destinationRoute(local, assets, city, destination, card()), card);
    }),
  ].map((route) => (local.translation ? withTranslated(local, route) : route));
}

/** A city's page, made when read, with its card. */
function cityPage(local: Local, assets: AssetUrls, city: City, madeFrom: MadeFrom): Route {
  const card = lazyCard(() => cardOf(local, assets, cityUrl(city.urlSlug), city.title));
  return lazyPage("city", local.url(cityUrl(city.urlSlug)), madeFrom, () => cityRoute(local, assets, city, card()), card);
}

/** The share card of a lazily made page, as chromeFor gives the page's head (the language's URL and word for "call"). */
function cardOf(local: Local, assets: AssetUrls, englishUrl: string, title: string) {
  return shareCardFor(local.content.site, assets, local.url(englishUrl), title, local.words.cardCall);
}

/** What a page declares of its versions in other languages: their hreflang links and switcher change with them. */
function alternatesMade(local: Local, englishUrl: string): { languages?: string[] } {
  const languages = (Object.values(local.versions) as { lang: string; urls: ReadonlySet<string> }[])
    .filter((links) => links.urls.has(englishUrl))
    .map((links) => links.lang);
  return languages.length > 0 ? { languages } : {};
}

/** A route of a language other than English, marked so that its links lead to that language's pages. */
function withTranslated(local: Local, route: Route): Route {
  if (route.kind !== "page") return route;
  const translated = local.versions[local.lang as keyof Local["versions"]];
  // Copied with its getter: a lazy page makes its element only when read.
  return Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(route), translated: { value: translated, enumerable: true } }) as Route;
}

/** The pages of a language other than English, besides its cities' pages (cityRoutes) and its 404. */
function translatedRoutes(local: Local, assets: AssetUrls, downloads: Download[]): Route[] {
  const urls = local.versions[local.lang as keyof Local["versions"]]!.urls;
  const { content } = local;
  const routes: Route[] = [];
  if (urls.has("/")) routes.push(homeRoute(local, assets));
  routes.push(citiesRoute(local, assets));
  for (const page of content.pages) {
    if (urls.has(pageUrl(page.path))) routes.push(staticPageRoute(local, assets, page, downloads));
  }
  // Only with its document pages: making them looks up the downloads, which exist only for translated documents.
  if (urls.has(documentUrl(content.documents.checklist.slug))) {
    routes.push(...documentRoutes(local, assets, downloads).filter((route) => urls.has(route.url.slice(local.lang.length + 1))));
  }
  if (urls.has(privacyUrl)) routes.push(privacyRoute(local, assets));
  if (urls.has(accessibilityUrl)) routes.push(accessibilityRoute(local, assets));
  return routes.map((route) => withTranslated(local, route));
}

function homeRoute(local: Local, assets: AssetUrls): Route {
  const { site, home: homeContent } = local.content;
  const chrome = chromeFor(local, assets, {
    title: homeContent.title,
    description: homeContent.metaDescription,
    url: "/",
    jsonLd: [localBusinessJsonLd(site, local.url("/"))],
  }, { modal: true });
  const cityLinks = local.content.cities.map((city) => {
    const { name, href } = listedCity(city);
    return { name, href, hrefLang: englishOnlyLang(local, href) };
  });
  return page("home", local.url("/"), <HomePage chrome={chrome} home={homeContent} cities={cityLinks} />);
}

function citiesRoute(local: Local, assets: AssetUrls): Route {
  const { content, words } = local;
  const chrome = chromeFor(local, assets, {
    title: words.cities.title(content.site.companyName).slice(0, 60),
    description: words.cities.description,
    url: citiesUrl,
    breadcrumb: [crumbsOf(local).home, crumbsOf(local).cities],
  });
  const cityCards = content.cities.map((city) => ({ ...listedCity(city), hrefLang: englishOnlyLang(local, cityUrl(city.urlSlug)) }));
  return page("cities", local.url(citiesUrl), <CitiesPage chrome={chrome} cities={cityCards} />);
}

function staticPageRoute(local: Local, assets: AssetUrls, english: Page, downloads: Download[]): Route {
  const { content } = local;
  const data = local.translation?.pages.get(english.path) ?? english;
  const url = pageUrl(data.path);
  const chrome = chromeFor(local, assets, {
    title: data.title,
    description: data.metaDescription,
    url,
    noindex: data.noindex,
    breadcrumb: [crumbsOf(local).home, { name: data.heading, url }],
  }, { footer: url !== "/contact/" && url !== "/thank-you/" });
  const props = {
    chrome,
    heading: data.heading,
    lead: data.lead,
    sections: data.sections.map((s) => ({ id: s.id ?? headingId(s.heading), heading: s.heading, html: renderMarkdown(s.body) })),
    photo: data.photo,
  };
  const localUrl = local.url(url);
  // The contact page's quote form speaks the page's language (its `lang`: es-form's part of issue 29).
  const contactProps = { ...props, lang: local.lang };
  if (url === "/contact/") return page("contact", localUrl, <ContactPage {...contactProps} />);
  if (url === "/thank-you/") return page("thank-you", localUrl, <ThankYouPage {...props} />);
  if (url === caseManagersUrl) {
    const { checklist, letter, itinerary } = content.documents;
    // The letter template is English only: another language's page says so in its own words.
    const letterCard = local.words.caseManagers.letter ?? letter;
    const documents = [
      { document: checklist, card: checklist },
      { document: letter, card: letterCard },
      { document: itinerary, card: itinerary },
    ].map(({ document, card }) => ({
      id: document.slug,
      label: card.label,
      summary: card.summary,
      pageUrl: documentUrl(document.slug),
      pageLang: englishOnlyLang(local, documentUrl(document.slug)),
      downloads: downloadLinks(downloads, document.slug, document === letter ? "en" : local.lang),
    }));
    return page("case-managers", localUrl, <CaseManagersPage {...props} documents={documents} />);
  }
  return page("page", localUrl, <StaticPage {...props} />);
}


/** A city's page; `card` is its share card, made once for its route (cityPage). */
function cityRoute(local: Local, assets: AssetUrls, city: City, card: ShareCard | undefined): Route {
  const { content, words, translation } = local;
  const { site } = content;
  const url = cityUrl(city.urlSlug);
  const chrome = chromeFor(local, assets, {
    title: city.title,
    description: city.metaDescription,
    keywords: city.keywords,
    url,
    breadcrumb: [crumbsOf(local).home, crumbsOf(local).cities, { name: city.cityName, url }],
    jsonLd: [localBusinessJsonLd(site, local.url(url), city), faqJsonLd(city.faqs)],
    ...(card && { card }),
  }, { modal: true });
  const nearby = [city.nearbyCity1, city.nearbyCity2, city.nearbyCity3].map((place) => ({
    name: place.name,
    href: place.slug ? cityUrl(place.slug) : undefined,
    hrefLang: place.slug ? englishOnlyLang(local, cityUrl(place.slug)) : undefined,
  }));
  // From the site's root like every other link (issue 12): a link relative to /naples/ would lead elsewhere from a
  // host that serves /naples without redirecting it to /naples/.
  // A destination not translated shows no summary here rather than an English one; its link leads to its English page.
  const careTrips = content.destinations.map((destination) => ({
    href: destinationUrl(city.urlSlug, destination.urlSegment),
    hrefLang: englishOnlyLang(local, destinationUrl(city.urlSlug, destination.urlSegment)),
    destination: destination.destination,
    location: destination.location,
    summary: translation && !translation.destinations.has(destination.slug) ? undefined : fillCity(destination.intro, city.cityName),
  }));
  const videoUrl = city.youtubeUrl ?? site.video.cityDefault;
  const video = videoFor(videoUrl, words.city.video(city.cityName));
  return page(
    "city",
    local.url(url),
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

/** A destination's page; `card` is its share card, made once for its route (localCityRoutes). */
function destinationRoute(local: Local, assets: AssetUrls, city: City, destination: Destination, card: ShareCard | undefined): Route {
  const { content, words } = local;
  const url = destinationUrl(city.urlSlug, destination.urlSegment);
  const fill = (template: string) => fillCity(template, city.cityName);
  const override = city.destinations?.[destination.slug];
  const crumbs = crumbsOf(local);
  const chrome = chromeFor(local, assets, {
    title: destinationTitle(city, destination),
    description: fillToFit(destination, "metaDescription", city.cityName),
    url,
    breadcrumb: [crumbs.home, crumbs.cities, { name: city.cityName, url: cityUrl(city.urlSlug) }, { name: words.destination.crumb(destination.destinationShort), url }],
    jsonLd: [localBusinessJsonLd(content.site, local.url(url), city)],
    ...(card && { card }),
  }, { modal: true });
  const related = [
    { href: cityUrl(city.urlSlug), label: words.destination.backToCity(city.cityName) },
    ...content.destinations
      .filter((other) => other.slug !== destination.slug)
      .map((other) => ({ href: destinationUrl(city.urlSlug, other.urlSegment), label: words.destination.toOther(city.cityName, other.destinationShort) })),
  ];
  return page(
    "destination",
    local.url(url),
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
      video={videoFor(destination.youtubeUrl, words.destination.video(destination.destination))}
      related={related}
      photo={destination.photo}
    />,
  );
}

/** A destination page's title, for its head and, before the page is made, its share card. */
function destinationTitle(city: City, destination: Destination): string {
  return fillToFit(destination, "title", city.cityName);
}

/** /privacy/ in `local`'s language: what the site collects and keeps, stated from the configuration (privacy-facts.ts). */
function privacyRoute(local: Local, assets: AssetUrls): Route {
  const url = privacyUrl;
  const words = local.words.privacy;
  const chrome = chromeFor(local, assets, {
    title: words.title(local.content.site.companyName),
    description: words.description,
    url,
    breadcrumb: [crumbsOf(local).home, { name: words.heading, url }],
  });
  return page("privacy", local.url(url), <PrivacyPage chrome={chrome} facts={privacyFacts(local.content)} />);
}

/** /accessibility/ in `local`'s language: the accessibility statement. */
function accessibilityRoute(local: Local, assets: AssetUrls): Route {
  const url = accessibilityUrl;
  const words = local.words.accessibility;
  const chrome = chromeFor(local, assets, {
    title: words.title(local.content.site.companyName),
    description: words.description,
    url,
    breadcrumb: [crumbsOf(local).home, { name: words.heading, url }],
  });
  return page("accessibility", local.url(url), <AccessibilityPage chrome={chrome} facts={accessibilityFacts(local.content)} />);
}

/** The page served for a path with no page: /404.html, and each other language's for the paths under its root. */
function notFoundRoute(local: Local, assets: AssetUrls): Route {
  const chrome = notFoundChrome(local, assets);
  const url = local.url("/404.html");
  // Only to a language with a home page of its own.
  const others = local.translation ? [] : otherSites(local.content);
  const otherLanguages = others.flatMap((other) => (other.link("/") === "/" ? [] : [{ lang: other.lang, href: other.link("/") }]));
  // Every translation has its 404 page (languages.ts): all of it, for CloudFront's one error page (NotFoundPage), its
  // links leading to its language's pages as on es/404.html (translatedBodies).
  const translations = others.map((other) => notFoundChrome(other, assets));
  const translatedBodies = others.flatMap((other) => other.versions[other.lang as keyof Local["versions"]] ?? []);
  const element = <NotFoundPage chrome={chrome} otherLanguages={otherLanguages} translations={translations} />;
  const route: Route = { kind: "page", pageKind: "not-found", url, file: url.slice(1), element, ...(chrome.head.card && { card: chrome.head.card }) };
  if (translatedBodies.length > 0) route.translatedBodies = translatedBodies;
  return local.translation ? withTranslated(local, route) : route;
}

/** The 404's chrome in `local`'s language. */
function notFoundChrome(local: Local, assets: AssetUrls) {
  const { words } = local;
  return chromeFor(local, assets, {
    title: words.notFound.title(local.content.site.companyName),
    description: words.notFound.description,
    url: "/404.html",
    noindex: true,
  });
}
