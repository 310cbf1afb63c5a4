import { load } from "cheerio";
import { beforeAll, describe, expect, it } from "vitest";
import { siteWarnings } from "../../../src/engine/site-summary";
import { formatSummary } from "../../../src/cli";
import { loadSourceFiles } from "../../../src/content/load";
import { validateSite } from "../../../src/translation/validate-site";
import { episodeNeighbours, podcastListing } from "../../../src/site/podcast";
import { renderRoute } from "../../../src/render/render-route";
import { createRoutes } from "../../../src/site/routes";
import { generateDocuments } from "../../../src/documents/generate";
import type { Download, Route, SiteContent } from "../../../src/content/types";
import { mainNavigation } from "../../../templates/navigation";
import { episode, episodesNewestFirst } from "../support/podcast-fixtures";

const assets = { css: "/assets/site.css", js: "/assets/client.js" };
let content: SiteContent;
let downloads: Download[];

beforeAll(async () => {
  const root = new URL("../../..", import.meta.url).pathname;
  content = validateSite(await loadSourceFiles(`${root}/data`, root));
  downloads = await generateDocuments(content);
});

function pageAt(routes: Route[], url: string) {
  const route = routes.find((r) => r.url === url);
  if (!route || route.kind !== "page") throw new Error(`no page at ${url}`);
  return load(String(renderRoute(route, { site: content.site }).contents));
}

const jsonLdTypes = ($: ReturnType<typeof load>) =>
  $("script[type='application/ld+json']").map((_, el) => JSON.parse($(el).text())["@type"]).get();

describe("the order of episodes", () => {
  const [third, second, first] = episodesNewestFirst(3);

  it("gives previous and next cards in the reversed list order", () => {
    const episodes = [third!, second!, first!];
    expect(episodeNeighbours(episodes, "episode-2")).toEqual({ previous: first, next: third });
    expect(episodeNeighbours(episodes, "episode-3")).toEqual({ previous: second, next: undefined });
    expect(episodeNeighbours(episodes, "episode-1")).toEqual({ previous: undefined, next: second });
  });

  it("features the first episode of the list and lists up to six recent ones", () => {
    const episodes = episodesNewestFirst(8);
    const { featured, recent } = podcastListing(episodes);
    expect(featured?.slug).toBe("episode-8");
    expect(recent.map((e) => e.episode)).toEqual([8, 7, 6, 5, 4, 3]);
    expect(podcastListing([])).toEqual({ featured: undefined, recent: [] });
  });
});

describe("/podcast/", () => {
  it("shows the featured episode, the recent ones, and links the feed", () => {
    const routes = createRoutes({ ...content, episodes: episodesNewestFirst(8) }, assets, downloads);
    const $ = pageAt(routes, "/podcast/");
    expect($(".featured-episode h3 a").attr("href")).toBe("/podcast/episode-8/");
    expect($(".episode-list .episode-card-title a").map((_, a) => $(a).attr("href")).get()).toEqual(
      [8, 7, 6, 5, 4, 3].map((n) => `/podcast/episode-${n}/`),
    );
    expect($("link[rel='alternate'][type='application/rss+xml']").attr("href")).toBe("/podcast/feed.xml");
    expect(jsonLdTypes($)).toEqual(["PodcastSeries", "WebPage", "BreadcrumbList"]);
  });

  it("shows only the subscribe buttons whose show URL is set, and always the RSS feed", () => {
    const subscribe = (podcast: SiteContent["site"]["podcast"]) =>
      pageAt(createRoutes({ ...content, site: { ...content.site, podcast } }, assets, downloads), "/podcast/")(".subscribe-list a")
        .map((_, a) => `${load(a).text()} ${a.attribs.href}`)
        .get();
    expect(subscribe(undefined)).toEqual(["RSS Feed /podcast/feed.xml"]);
    expect(subscribe({ appleUrl: "https://podcasts.apple.com/us/podcast/id1", spotifyUrl: "https://open.spotify.com/show/abc" })).toEqual([
      "Apple Podcasts https://podcasts.apple.com/us/podcast/id1",
      "Spotify https://open.spotify.com/show/abc",
      "RSS Feed /podcast/feed.xml",
    ]);
  });

  it("has an about card and the button that opens the quote modal", () => {
    const $ = pageAt(createRoutes(content, assets, downloads), "/podcast/");
    expect($(".about-card h2").text()).toBe("About the Podcast");
    expect($.html($(".about-card a[data-quote-open]"))).toBe(
      '<a class="button button-secondary" href="/contact/#quote" data-quote-open="">Request a Quote</a>',
    );
  });
});

describe("an episode page", () => {
  it("shows title, date, duration, tags and show notes, and says the audio is coming while there is none", () => {
    const routes = createRoutes(content, assets, downloads);
    const $ = pageAt(routes, "/podcast/real-time-tracking-peace-of-mind/");
    expect($("h1").text()).toBe("Real-Time Tracking and Peace of Mind");
    expect($(".episode-hero .episode-meta").text()).toBe("Episode 2 · September 7, 2025 · 21 min 10 sec");
    expect($(".episode-hero time").attr("datetime")).toBe("2025-09-07");
    expect($(".tag-list li").map((_, li) => $(li).text()).get()).toEqual(["Tracking", "Families"]);
    expect($(".audio-player").text()).toBe("Audio player will appear here when episode is published");
    expect($("audio")).toHaveLength(0);
    expect($("#show-notes + .prose h3").first().text()).toBe("Who hears from us");
    expect($(".episode-disclaimer").text()).toContain("general information, not medical advice");
    expect($(".video-facade")).toHaveLength(0);
  });

  it("plays the audio file without loading it until asked", () => {
    const routes = createRoutes({ ...content, episodes: [episode({ episode: 1 })] }, assets, downloads);
    const audio = pageAt(routes, "/podcast/episode-1/")("audio");
    expect(audio.attr("src")).toBe("/podcast/audio/episode-1.mp3");
    expect(audio.attr("preload")).toBe("none");
    expect(audio.attr("controls")).toBe("controls");
  });

  it("shows a click-to-load video preview only when the episode has a YouTube link", () => {
    const routes = createRoutes({ ...content, episodes: [episode({ youtube_url: "https://youtu.be/abcdefghijk" })] }, assets, downloads);
    const $ = pageAt(routes, "/podcast/episode-1/");
    expect($(".video-facade").attr("data-video-id")).toBe("abcdefghijk");
    expect($("iframe")).toHaveLength(0);
  });

  it("links the previous and next episodes in the reversed list order", () => {
    const $ = pageAt(createRoutes(content, assets, downloads), "/podcast/real-time-tracking-peace-of-mind/");
    const cards = $(".episode-nav .episode-card")
      .map((_, card) => `${$(card).find(".episode-card-label").text()}: ${$(card).find("h3 a").attr("href")}`)
      .get();
    expect(cards).toEqual([
      "Previous episode: /podcast/international-flights-made-simple/",
      "Next episode: /podcast/bedside-to-bedside-how-a-medical-flight-comes-together/",
    ]);
  });

  it("has a sidebar with the phone line and the compact quote form, a call to action, and podcast structured data", () => {
    const $ = pageAt(createRoutes(content, assets, downloads), "/podcast/international-flights-made-simple/");
    expect($(`aside a[href='tel:${content.site.phone.tel}']`)).toHaveLength(1);
    expect(JSON.parse($("aside [data-island='quote-form']").attr("data-props")!)).toMatchObject({ variant: "compact", slot: "sidebar" });
    expect($("aside input[name=email]")).toHaveLength(0);
    expect($(".cta-band")).toHaveLength(1);
    expect($("link[rel='alternate'][type='application/rss+xml']").attr("href")).toBe("/podcast/feed.xml");
    expect(jsonLdTypes($)).toEqual(["PodcastEpisode", "WebPage", "BreadcrumbList"]);
    const crumbs = JSON.parse($("script[type='application/ld+json']").last().text()).itemListElement;
    expect(crumbs.map((c: { name: string }) => c.name)).toEqual(["Home", "Podcast", "International Flights Made Simple"]);
  });
});

describe("the podcast in the rest of the site", () => {
  it("is in the navigation, the sitemap and the feed route", () => {
    expect(mainNavigation).toContainEqual({ label: "Podcast", href: "/podcast/" });
    const routes = createRoutes(content, assets, downloads);
    const sitemap = routes.find((r) => r.kind === "sitemap");
    expect(sitemap?.kind === "sitemap" && sitemap.urls.map((u) => (typeof u === "string" ? u : u.loc)).filter((u) => u.includes("/podcast/"))).toEqual([
      `${content.site.baseUrl}/podcast/`,
      `${content.site.baseUrl}/podcast/bedside-to-bedside-how-a-medical-flight-comes-together/`,
      `${content.site.baseUrl}/podcast/real-time-tracking-peace-of-mind/`,
      `${content.site.baseUrl}/podcast/international-flights-made-simple/`,
    ]);
    expect(routes.find((r) => r.kind === "feed")).toMatchObject({ url: "/podcast/feed.xml", file: "podcast/feed.xml" });
  });

  it("warns, in the build summary, about each episode the feed leaves out for lack of audio", () => {
    const warnings = siteWarnings({ ...content, episodes: [episode({ episode: 2, audio_url: undefined }), episode({ episode: 1 })] });
    expect(warnings).toEqual([
      'episode "episode-2" has no audio_url yet, so /podcast/feed.xml leaves it out (its page says the audio is coming)',
    ]);
    const summary = formatSummary(
      { files: 0, reused: 0, rendered: [], pagesByKind: { podcast: 1 }, bytes: 0, warnings, timings: { load: 1, validate: 1, bundle: 1, documents: 1, render: 1, check: 1, swap: 1 }, memory: { start: 0, stages: {} } },
      "dist",
    );
    expect(summary.split("\n")).toContain(`  warning: ${warnings[0]}`);
  });
});
