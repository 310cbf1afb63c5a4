import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { renderFeed, uuidV5 } from "../../../src/site/feed";
import { findBrokenLinks } from "../../../src/engine/link-check";
import { episode, site } from "../support/podcast-fixtures";

// An independent reading of the feed: fast-xml-parser's parser, not the builder that wrote it.
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, isArray: (name) => name === "item" });
const parse = (xml: string) => parser.parse(xml) as { rss: Record<string, any> };

describe("the podcast feed", () => {
  const withOwner = { ...site, podcast: { ownerEmail: "podcast@example.org", appleUrl: "https://podcasts.apple.com/us/podcast/id1" } };
  const xml = renderFeed(withOwner, [episode({ episode: 2 }), episode({ episode: 1, cover_img: "/podcast/episode-1.png" })]);
  const { rss } = parse(xml);
  const channel = rss.channel;

  it("is RSS 2.0 with the itunes, podcast and atom namespaces", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss')).toBe(true);
    expect(rss["@version"]).toBe("2.0");
    expect(rss["@xmlns:itunes"]).toBe("http://www.itunes.com/dtds/podcast-1.0.dtd");
    expect(rss["@xmlns:podcast"]).toBe("https://podcastindex.org/namespace/1.0");
    expect(rss["@xmlns:atom"]).toBe("http://www.w3.org/2005/Atom");
  });

  it("carries every channel tag podcast apps ask for", () => {
    expect(channel.title).toBe("Example Flights Podcast");
    expect(channel.link).toBe("https://www.example.org/podcast/");
    expect(channel.description).toContain("non-emergency medical flight");
    expect(channel.language).toBe("en-us");
    expect(channel.copyright).toBe("© 2025 Example Flights");
    expect(channel.lastBuildDate).toBe("Sun, 07 Sep 2025 12:00:00 GMT");
    expect(channel["atom:link"]).toEqual({ "@href": "https://www.example.org/podcast/feed.xml", "@rel": "self", "@type": "application/rss+xml" });
    expect(channel["itunes:image"]["@href"]).toBe("https://www.example.org/podcast/cover.png");
    expect(channel["itunes:category"]["@text"]).toBe("Health & Fitness");
    expect(channel["itunes:category"]["itunes:category"]["@text"]).toBe("Medicine");
    expect(channel["itunes:explicit"]).toBe("false");
    expect(channel["itunes:author"]).toBe("Example Flights");
    expect(channel["itunes:owner"]).toEqual({ "itunes:name": "Example Flights", "itunes:email": "podcast@example.org" });
    expect(channel["podcast:guid"]).toBe(uuidV5("www.example.org/podcast/feed.xml", "ead4c236-bf58-58c6-a2c6-a6b28d128cb6"));
    expect(channel["podcast:locked"]).toEqual({ "@owner": "podcast@example.org", "#text": "yes" });
  });

  it("carries every item tag, with the enclosure's absolute URL, length in bytes and type", () => {
    const [second, first] = channel.item;
    expect(second.title).toBe("Episode title 2");
    expect(second.link).toBe("https://www.example.org/podcast/episode-2/");
    expect(second.guid["@isPermaLink"]).toBe("false");
    expect(second.guid["#text"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.pubDate).toBe("Sun, 07 Sep 2025 12:00:00 GMT");
    expect(second.description).toBe("What episode 2 is about.");
    expect(second.enclosure).toEqual({ "@url": "https://www.example.org/podcast/audio/episode-2.mp3", "@length": "21600000", "@type": "audio/mpeg" });
    expect(second["itunes:duration"]).toBe("1350");
    expect(second["itunes:episode"]).toBe("2");
    expect(second["itunes:explicit"]).toBe("false");
    // An SVG cover is not artwork podcast apps show, so the item falls back to the show's PNG.
    expect(second["itunes:image"]["@href"]).toBe("https://www.example.org/podcast/cover.png");
    expect(first["itunes:image"]["@href"]).toBe("https://www.example.org/podcast/episode-1.png");
  });

  it("keeps an item's guid when the web address changes, as long as the show's guid is kept", () => {
    const guid = "ec88d511-ee8f-51f5-9af5-26633001af57";
    const guidOf = (baseUrl: string) =>
      parse(renderFeed({ ...site, baseUrl, podcast: { guid } }, [episode()])).rss.channel.item[0].guid["#text"];
    expect(guidOf("https://www.example.org")).toBe(guidOf("https://flights.example.com"));
  });

  it("leaves out an episode without audio, since podcast apps refuse an item without an enclosure", () => {
    const feed = parse(renderFeed(site, [episode({ episode: 2, audio_url: undefined, audio_bytes: undefined }), episode({ episode: 1 })]));
    expect(feed.rss.channel.item.map((item: { title: string }) => item.title)).toEqual(["Episode title 1"]);
  });

  it("escapes what editors write, so titles with & and < survive", () => {
    const feed = parse(renderFeed(site, [episode({ title: "Questions & answers <live>" })]));
    expect(feed.rss.channel.item[0].title).toBe("Questions & answers <live>");
  });

  it("gives the same bytes for the same content, whenever it is built", () => {
    expect(renderFeed(site, [episode()])).toBe(renderFeed(site, [episode()]));
  });

  it("dates the feed by the newest episode it lists, not by the clock, so an unchanged site builds the same feed", () => {
    const feed = parse(
      renderFeed(site, [
        episode({ episode: 3, publish_date: "2025-11-20", audio_url: undefined, audio_bytes: undefined }),
        episode({ episode: 2, publish_date: "2025-10-02" }),
        episode({ episode: 1, publish_date: "2025-08-01" }),
      ]),
    );
    expect(feed.rss.channel.lastBuildDate).toBe("Thu, 02 Oct 2025 12:00:00 GMT");
  });

  it("computes Podcasting 2.0 guids the way the namespace's own example does", () => {
    expect(uuidV5("podnews.net/rss", "ead4c236-bf58-58c6-a2c6-a6b28d128cb6")).toBe("9b024349-ccf0-5f69-a609-6b82873eab3c");
  });

  it("fails the link check when the feed points at artwork or audio the site does not have", () => {
    const feed = { file: "podcast/feed.xml", contents: renderFeed(site, [episode()]) };
    expect(new Set(findBrokenLinks([feed], site.baseUrl).map((b) => b.link))).toEqual(
      new Set(["https://www.example.org/podcast/cover.png", "https://www.example.org/podcast/audio/episode-1.mp3"]),
    );
    const files = ["podcast/cover.png", "podcast/audio/episode-1.mp3"].map((file) => ({ file, contents: "" }));
    expect(findBrokenLinks([feed, ...files], site.baseUrl)).toEqual([]);
  });
});
