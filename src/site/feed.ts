import { createHash } from "node:crypto";
import { XMLBuilder } from "fast-xml-parser";
import { audioType, durationSeconds, episodeUrl, episodesWithoutAudio, podcastFeedUrl, podcastShow, podcastUrl } from "./podcast";
import type { Episode, SiteConfig } from "../content/types";
import { absoluteUrl } from "../content/urls";

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@", format: true, suppressEmptyNode: true });

export const feedNamespaces = {
  itunes: "http://www.itunes.com/dtds/podcast-1.0.dtd",
  podcast: "https://podcastindex.org/namespace/1.0",
  atom: "http://www.w3.org/2005/Atom",
} as const;

/**
 * /podcast/feed.xml: RSS 2.0 with the iTunes and Podcasting 2.0 tags that Apple Podcasts, Spotify and RSS readers
 * read. An episode without audio has nothing to play, and podcast apps refuse an item without an enclosure, so it
 * is left out (the build warns about it: see episodesWithoutAudio). Pure: the same content always gives the same
 * bytes. That is why lastBuildDate is the newest publish date of its episodes, not the clock: a feed that
 * changed on every build would defeat the build cache (every build would render it again) and tell podcast apps
 * about news that is not there.
 */
export function renderFeed(site: SiteConfig, episodes: Episode[]): string {
  const show = podcastShow(site);
  const absolute = (url: string) => (url.startsWith("/") ? absoluteUrl(site, url) : url);
  const feedUrl = absoluteUrl(site, podcastFeedUrl);
  // The Podcasting 2.0 rule for a show without a stored guid: a UUIDv5 of the feed URL without its scheme.
  const guid = show.guid ?? uuidV5(feedUrl.replace(/^[a-z]+:\/\//, "").replace(/\/$/, ""), podcastNamespaceUuid);
  const showImage = absolute(show.image);
  const withoutAudio = new Set(episodesWithoutAudio(episodes));

  const items = episodes
    .filter((episode) => !withoutAudio.has(episode))
    .map((episode) => ({
      title: episode.title,
      link: absoluteUrl(site, episodeUrl(episode.slug)),
      // Derived from the show's guid and the slug, not from the web address: it survives a change of domain.
      guid: { "@isPermaLink": "false", "#text": uuidV5(episode.slug, guid) },
      pubDate: rfc822(publishedAt(episode.publish_date)),
      description: episode.excerpt,
      enclosure: {
        "@url": absolute(episode.audio_url!),
        "@length": String(episode.audio_bytes),
        "@type": audioType(episode.audio_url!),
      },
      "itunes:title": episode.title,
      "itunes:duration": String(durationSeconds(episode.duration)),
      // Podcast apps show only PNG or JPEG artwork; an episode with an SVG cover shows the show's artwork instead.
      "itunes:image": { "@href": /\.(png|jpe?g)$/i.test(episode.cover_img) ? absolute(episode.cover_img) : showImage },
      "itunes:episode": String(episode.episode),
      "itunes:episodeType": "full",
      "itunes:explicit": "false",
      "itunes:keywords": episode.tags.join(","),
    }));

  const xml = builder.build({
    rss: {
      "@version": "2.0",
      "@xmlns:itunes": feedNamespaces.itunes,
      "@xmlns:podcast": feedNamespaces.podcast,
      "@xmlns:atom": feedNamespaces.atom,
      channel: {
        "atom:link": { "@href": feedUrl, "@rel": "self", "@type": "application/rss+xml" },
        title: show.title,
        link: absoluteUrl(site, podcastUrl),
        description: show.description,
        language: show.language,
        copyright: `© ${site.footerYear} ${site.companyName}`,
        ...(episodes.length > 0 && { lastBuildDate: rfc822(lastChanged(episodes, withoutAudio)) }),
        generator: "flightsite",
        image: { url: showImage, title: show.title, link: absoluteUrl(site, podcastUrl) },
        "itunes:image": { "@href": showImage },
        "itunes:category": { "@text": show.category.name, "itunes:category": { "@text": show.category.subcategory } },
        "itunes:explicit": "false",
        "itunes:author": show.author,
        "itunes:owner": { "itunes:name": show.author, "itunes:email": show.ownerEmail },
        "itunes:type": "episodic",
        "podcast:guid": guid,
        // Locked: other podcast hosts may not import the show. The owner e-mail, when set, is who can unlock it.
        "podcast:locked": { "@owner": show.ownerEmail, "#text": "yes" },
        item: items,
      },
    },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}

/** A date as RSS wants it (RFC 822), like "Sun, 07 Sep 2025 12:00:00 GMT". */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

/** A UUID version 5 (RFC 9562) of `name` in the namespace `namespace`. */
export function uuidV5(name: string, namespace: string): string {
  const hash = createHash("sha1")
    .update(Buffer.from(namespace.replaceAll("-", ""), "hex"))
    .update(name, "utf8")
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// --- internal ---

/** The namespace the Podcasting 2.0 spec gives for podcast:guid. */
const podcastNamespaceUuid = "ead4c236-bf58-58c6-a2c6-a6b28d128cb6";

// A publish date is a calendar day; noon UTC keeps it on that day in every US time zone.
const publishedAt = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

/**
 * When the feed last changed: the newest publish date of the episodes it lists or, while none has audio yet, of all
 * episodes (ISO dates compare as text). `episodes` is not empty.
 */
function lastChanged(episodes: Episode[], withoutAudio: Set<Episode>): Date {
  const listed = episodes.filter((episode) => !withoutAudio.has(episode));
  const dates = (listed.length > 0 ? listed : episodes).map((episode) => episode.publish_date);
  return publishedAt(dates.reduce((newest, date) => (date > newest ? date : newest)));
}
