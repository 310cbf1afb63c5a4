// The podcast's pages: its listing and one page per episode.
import type { EpisodeSummary } from "../../templates/EpisodeCard";
import { EpisodePage } from "../../templates/EpisodePage";
import { PodcastPage } from "../../templates/PodcastPage";
import { renderShowNotes } from "../content/markdown";
import { chromeFor, home, page, shorten, videoFor } from "./page-route";
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
import { podcastEpisodeJsonLd, podcastSeriesJsonLd, type Crumb, type PodcastSeriesFacts } from "./structured-data";
import type { AssetUrls, Episode, Route, SiteContent } from "../content/types";

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

export function podcastRoute(content: SiteContent, assets: AssetUrls): Route {
  const show = podcastShow(content.site);
  const { featured, recent } = podcastListing(content.episodes);
  const chrome = chromeFor(content, assets, {
    title: shorten(show.title, 60),
    description: shorten(show.description, 160),
    url: podcastUrl,
    alternateFeed: { title: show.title, url: podcastFeedUrl },
    breadcrumb: [home, podcastCrumb],
    jsonLd: [podcastSeriesJsonLd(content.site, podcastSeries(content))],
  }, { modal: true });
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

export function episodeRoute(content: SiteContent, assets: AssetUrls, episode: Episode): Route {
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
  }, { footer: false });
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
