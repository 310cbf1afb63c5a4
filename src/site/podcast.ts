// The podcast's rules that pages and the feed share: the show's settings with their defaults, which episodes
// the /podcast/ page shows, an episode's neighbours, and how dates and durations are written.
import type { Episode, SiteConfig } from "../content/types";

export const podcastUrl = "/podcast/";
export const podcastFeedUrl = "/podcast/feed.xml";
export const episodeUrl = (slug: string) => `${podcastUrl}${slug}/`;

/** The show artwork used when site.yaml names none; templates/static/podcast/ holds it. */
export const defaultPodcastImage = "/podcast/cover.png";

/** Spec §9: the /podcast/ page lists up to 6 recent episodes. */
export const recentEpisodeLimit = 6;

/** The show with every default filled in. */
export interface PodcastShow {
  title: string;
  description: string;
  author: string;
  ownerEmail?: string;
  /** PNG or JPEG artwork for podcast apps, site-relative or https. */
  image: string;
  appleUrl?: string;
  spotifyUrl?: string;
  guid?: string;
  language: "en-us";
  category: { name: "Health & Fitness"; subcategory: "Medicine" };
}

/** The podcast settings of site.yaml with the defaults of the fields it leaves out. */
export function podcastShow(site: SiteConfig): PodcastShow {
  const podcast = site.podcast ?? {};
  return {
    title: podcast.title ?? `${site.companyName} Podcast`,
    description:
      podcast.description ??
      `Plain-language conversations from ${site.companyName} about planning a non-emergency medical flight. General information, not medical advice.`,
    author: podcast.author ?? site.companyName,
    ownerEmail: podcast.ownerEmail,
    image: podcast.image ?? defaultPodcastImage,
    appleUrl: podcast.appleUrl,
    spotifyUrl: podcast.spotifyUrl,
    guid: podcast.guid,
    language: "en-us",
    category: { name: "Health & Fitness", subcategory: "Medicine" },
  };
}

/** Spec §3: the first episode of the list is featured; the recent list is the first six (the featured one too). */
export function podcastListing(episodes: Episode[]): { featured?: Episode; recent: Episode[] } {
  return { featured: episodes[0], recent: episodes.slice(0, recentEpisodeLimit) };
}

/**
 * Spec §3: "previous and next cards use the reversed list order". The list is newest first, so reversed it runs
 * oldest to newest: previous is the episode before this one in that order, next the one after.
 */
export function episodeNeighbours(episodes: Episode[], slug: string): { previous?: Episode; next?: Episode } {
  const reversed = [...episodes].reverse();
  const index = reversed.findIndex((episode) => episode.slug === slug);
  if (index === -1) return {};
  return { previous: reversed[index - 1], next: reversed[index + 1] };
}

/** "22:30" → 1350. */
export function durationSeconds(duration: string): number {
  const [minutes = 0, seconds = 0] = duration.split(":").map(Number);
  return minutes * 60 + seconds;
}

/** "22:30" → "22 min 30 sec", for people (and screen readers) rather than players. */
export function durationText(duration: string): string {
  const total = durationSeconds(duration);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} sec`;
}

/** "22:30" → "PT22M30S" (ISO 8601 duration, for structured data). */
export function isoDuration(duration: string): string {
  const total = durationSeconds(duration);
  return `PT${Math.floor(total / 60)}M${total % 60}S`;
}

// One formatter for every call: toLocaleDateString builds a new one each time, which is slow.
const longDate = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });

/** "2025-09-07" → "September 7, 2025". The date is a calendar day, so it is read and written in UTC. */
export function dateText(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** The MIME type of an episode's audio file (validation allows only MP3 and M4A). */
export function audioType(url: string): "audio/mpeg" | "audio/x-m4a" {
  return /\.m4a$/i.test(url) ? "audio/x-m4a" : "audio/mpeg";
}

/** The episodes the feed leaves out because they have no audio yet; the build warns about each. */
export function episodesWithoutAudio(episodes: Episode[]): Episode[] {
  return episodes.filter((episode) => !episode.audio_url);
}
