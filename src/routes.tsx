import type { ReactElement } from "react";
import { CitiesPage } from "../templates/CitiesPage";
import { CityPage } from "../templates/CityPage";
import { ContactPage } from "../templates/ContactPage";
import { DestinationPage } from "../templates/DestinationPage";
import type { EpisodeSummary } from "../templates/EpisodeCard";
import { EpisodePage } from "../templates/EpisodePage";
import { HomePage } from "../templates/HomePage";
import { NotFoundPage } from "../templates/NotFoundPage";
import { PodcastPage } from "../templates/PodcastPage";
import { StaticPage } from "../templates/StaticPage";
import { ThankYouPage } from "../templates/ThankYouPage";
import { fillCity } from "./content/validate";
import { youtubeVideoId } from "./content/schema";
import { renderMarkdown, renderShowNotes } from "./markdown";
import {
  audioType,
  dateText,
  durationText,
  episodeNeighbours,
  episodeUrl,
  isoDuration,
  podcastFeedUrl,
  podcastListing,
  podcastShow,
  podcastUrl,
} from "./podcast";
import {
  breadcrumbJsonLd,
  faqJsonLd,
  localBusinessJsonLd,
  podcastEpisodeJsonLd,
  podcastSeriesJsonLd,
  type Crumb,
  type PodcastSeriesFacts,
} from "./structured-data";
import type { AssetUrls, City, Destination, Episode, Page, PageChrome, PageHead, PageKind, Route, SiteContent } from "./types";
import { absoluteUrl, citiesUrl, cityUrl, destinationUrl, pageFile, pageUrl } from "./urls";

/** Every URL of the site: what file it becomes and what it renders. A pure function of the content. */
export function createRoutes(content: SiteContent, assets: AssetUrls): Route[] {
  const routes: Route[] = [
    homeRoute(content, assets),
    citiesRoute(content, assets),
    ...content.pages.map((page) => staticPageRoute(content, assets, page)),
    podcastRoute(content, assets),
    ...content.episodes.map((episode) => episodeRoute(content, assets, episode)),
    ...content.cities.flatMap((city) => [
      cityRoute(content, assets, city),
      ...content.destinations.map((destination) => destinationRoute(content, assets, city, destination)),
    ]),
    notFoundRoute(content, assets),
  ];
  const indexable = routes.filter(
    (route) => route.kind === "page" && route.pageKind !== "not-found" && route.pageKind !== "thank-you",
  );
  routes.push(
    { kind: "feed", url: podcastFeedUrl, file: podcastFeedUrl.slice(1), episodes: content.episodes },
    { kind: "sitemap", url: "/sitemap.xml", file: "sitemap.xml", urls: indexable.map((r) => absoluteUrl(content.site.baseUrl, r.url)) },
    {
      kind: "text",
      url: "/robots.txt",
      file: "robots.txt",
      contents: `User-agent: *\nDisallow:\n\nSitemap: ${absoluteUrl(content.site.baseUrl, "/sitemap.xml")}\n`,
    },
  );
  return routes;
}

/** "Appointments & Second Opinions" → "appointments-second-opinions", for section anchors. */
export function headingId(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

// --- internal ---

const home: Crumb = { name: "Home", url: "/" };
const cities: Crumb = { name: "Cities We Serve", url: citiesUrl };

function page(pageKind: PageKind, url: string, element: ReactElement): Route {
  return { kind: "page", pageKind, url, file: pageFile(url), element };
}

function chromeFor(
  content: SiteContent,
  assets: AssetUrls,
  head: Omit<PageHead, "canonical" | "jsonLd"> & { jsonLd?: PageHead["jsonLd"] },
): PageChrome {
  const { site } = content;
  const jsonLd = [...(head.jsonLd ?? [])];
  if (head.breadcrumb) jsonLd.push(breadcrumbJsonLd(site, head.breadcrumb));
  return { site, assets, head: { ...head, canonical: absoluteUrl(site.baseUrl, head.url), jsonLd } };
}

function homeRoute(content: SiteContent, assets: AssetUrls): Route {
  const { site, home: homeContent } = content;
  const chrome = chromeFor(content, assets, {
    title: homeContent.title,
    description: homeContent.metaDescription,
    url: "/",
    jsonLd: [localBusinessJsonLd(site, "/")],
  });
  const cityLinks = content.cities.map((city) => ({ name: city.cityName, href: cityUrl(city.urlSlug) }));
  return page("home", "/", <HomePage chrome={chrome} home={homeContent} cities={cityLinks} />);
}

function citiesRoute(content: SiteContent, assets: AssetUrls): Route {
  const chrome = chromeFor(content, assets, {
    title: `Florida Cities We Serve | ${content.site.companyName}`.slice(0, 60),
    description: "Non-emergency medical flight coordination from cities across Florida: local airports, support and common care trips for each city.",
    url: citiesUrl,
    breadcrumb: [home, cities],
  });
  const cityCards = content.cities.map((city) => ({
    name: city.cityName,
    href: cityUrl(city.urlSlug),
    airports: city.airports.map((a) => a.code).join(", "),
  }));
  return page("cities", citiesUrl, <CitiesPage chrome={chrome} cities={cityCards} />);
}

function staticPageRoute(content: SiteContent, assets: AssetUrls, data: Page): Route {
  const url = pageUrl(data.path);
  const chrome = chromeFor(content, assets, {
    title: data.title,
    description: data.metaDescription,
    url,
    noindex: data.noindex,
    breadcrumb: [home, { name: data.heading, url }],
  });
  const props = {
    chrome,
    heading: data.heading,
    lead: data.lead,
    sections: data.sections.map((s) => ({ id: s.id ?? headingId(s.heading), heading: s.heading, html: renderMarkdown(s.body) })),
  };
  if (url === "/contact/") return page("contact", url, <ContactPage {...props} />);
  if (url === "/thank-you/") return page("thank-you", url, <ThankYouPage {...props} />);
  return page(url === "/for-case-managers/" ? "case-managers" : "page", url, <StaticPage {...props} />);
}

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
  });
  const nearby = [city.nearbyCity1, city.nearbyCity2, city.nearbyCity3].map((place) => ({
    name: place.name,
    href: place.slug ? cityUrl(place.slug) : undefined,
  }));
  // Relative links, as the spec asks: "flights-to-…/" from "/naples/" is "/naples/flights-to-…/".
  const careTrips = content.destinations.map((destination) => ({
    href: `${destination.urlSegment}/`,
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

function destinationRoute(content: SiteContent, assets: AssetUrls, city: City, destination: Destination): Route {
  const url = destinationUrl(city.urlSlug, destination.urlSegment);
  const fill = (template: string) => fillCity(template, city.cityName);
  const override = city.destinations?.[destination.slug];
  const chrome = chromeFor(content, assets, {
    title: fill(destination.title),
    description: fill(destination.metaDescription),
    url,
    breadcrumb: [home, cities, { name: city.cityName, url: cityUrl(city.urlSlug) }, { name: `Flights to ${destination.destinationShort}`, url }],
    jsonLd: [localBusinessJsonLd(content.site, url, city)],
  });
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
      sections={destination.sections.map(({ body, ...section }) => ({ ...section, html: renderMarkdown(body) }))}
      video={videoFor(destination.youtubeUrl, `Traveling to ${destination.destination}`)}
      related={related}
    />,
  );
}

const podcastCrumb: Crumb = { name: "Podcast", url: podcastUrl };

function podcastSeries(content: SiteContent): PodcastSeriesFacts {
  const show = podcastShow(content.site);
  return {
    name: show.title,
    description: show.description,
    url: podcastUrl,
    feedUrl: podcastFeedUrl,
    image: show.image,
    author: show.author,
  };
}

function podcastRoute(content: SiteContent, assets: AssetUrls): Route {
  const show = podcastShow(content.site);
  const { featured, recent } = podcastListing(content.episodes);
  const chrome = chromeFor(content, assets, {
    title: show.title.length <= 60 ? show.title : show.title.slice(0, 60),
    description: show.description.slice(0, 160),
    url: podcastUrl,
    alternateFeed: { title: show.title, url: podcastFeedUrl },
    breadcrumb: [home, podcastCrumb],
    jsonLd: [podcastSeriesJsonLd(content.site, podcastSeries(content))],
  });
  // A button whose show URL is not configured is left out rather than pointing nowhere; the feed always exists.
  const subscribeLinks = [
    ...(show.appleUrl ? [{ label: "Apple Podcasts", href: show.appleUrl }] : []),
    ...(show.spotifyUrl ? [{ label: "Spotify", href: show.spotifyUrl }] : []),
    { label: "RSS Feed", href: podcastFeedUrl, type: "application/rss+xml" },
  ];
  return page(
    "podcast",
    podcastUrl,
    <PodcastPage
      chrome={chrome}
      show={{ title: show.title, description: show.description }}
      subscribeLinks={subscribeLinks}
      featured={featured && episodeSummary(featured)}
      recent={recent.map(episodeSummary)}
    />,
  );
}

function episodeRoute(content: SiteContent, assets: AssetUrls, episode: Episode): Route {
  const url = episodeUrl(episode.slug);
  const show = podcastShow(content.site);
  const { previous, next } = episodeNeighbours(content.episodes, episode.slug);
  const chrome = chromeFor(content, assets, {
    title: episode.title,
    description: episode.excerpt,
    keywords: episode.tags,
    url,
    alternateFeed: { title: show.title, url: podcastFeedUrl },
    breadcrumb: [home, podcastCrumb, { name: episode.title, url }],
    jsonLd: [
      podcastEpisodeJsonLd(content.site, podcastSeries(content), {
        name: episode.title,
        description: episode.excerpt,
        url,
        episodeNumber: episode.episode,
        datePublished: episode.publish_date,
        duration: isoDuration(episode.duration),
        image: episode.cover_img,
        keywords: episode.tags,
        audioUrl: episode.audio_url,
      }),
    ],
  });
  return page(
    "episode",
    url,
    <EpisodePage
      chrome={chrome}
      episode={episodeSummary(episode)}
      audio={episode.audio_url ? { src: episode.audio_url, type: audioType(episode.audio_url) } : undefined}
      video={videoFor(episode.youtube_url, episode.title)}
      showNotesHtml={renderShowNotes(episode.show_notes_md)}
      previous={previous && episodeSummary(previous)}
      next={next && episodeSummary(next)}
    />,
  );
}

function episodeSummary(episode: Episode): EpisodeSummary {
  return {
    number: episode.episode,
    title: episode.title,
    url: episodeUrl(episode.slug),
    date: episode.publish_date,
    dateText: dateText(episode.publish_date),
    durationText: durationText(episode.duration),
    excerpt: episode.excerpt,
    coverImg: episode.cover_img,
    tags: episode.tags,
  };
}

function notFoundRoute(content: SiteContent, assets: AssetUrls): Route {
  const chrome = chromeFor(content, assets, {
    title: `Page Not Found | ${content.site.companyName}`,
    description: "The page you're looking for doesn't exist. Call our 24/7 line for medical flight coordination.",
    url: "/404.html",
    noindex: true,
  });
  return { kind: "page", pageKind: "not-found", url: "/404.html", file: "404.html", element: <NotFoundPage chrome={chrome} /> };
}

function videoFor(url: string | undefined, title: string) {
  const videoId = url ? youtubeVideoId(url) : undefined;
  return videoId ? { videoId, title } : undefined;
}
