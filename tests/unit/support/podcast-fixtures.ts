// Small in-memory podcast content for the podcast tests.
import type { Episode, SiteConfig } from "../../../src/content/types";

export const site: SiteConfig = {
  companyName: "Example Flights",
  tagline: "There When You Need Us",
  description: "Non-emergency medical flight coordination.",
  phone: { display: "(877) 555-0100", tel: "+18775550100" },
  founded: 1988,
  headquarters: { city: "St. Petersburg", region: "FL", country: "US" },
  baseUrl: "https://www.example.org",
  basePath: "/",
  footerYear: 2025,
  quote: { notice: { fields: [] } },
  quoteStorage: { region: "us-east-1", retentionDays: 365 },
  analytics: {},
  video: {},
  phoneLanguages: ["en"],
  phoneInterpreter: false,
};

/** An episode with audio; override what a test is about. */
export function episode(overrides: Partial<Episode> = {}): Episode {
  const number = overrides.episode ?? 1;
  return {
    episode: number,
    title: `Episode title ${number}`,
    slug: `episode-${number}`,
    publish_date: "2025-09-07",
    duration: "22:30",
    audio_url: `/podcast/audio/episode-${number}.mp3`,
    audio_bytes: 21_600_000,
    excerpt: `What episode ${number} is about.`,
    cover_img: "/podcast/cover.svg",
    tags: ["Process", "Safety"],
    show_notes_md: "**In this episode**\n\n- One point",
    ...overrides,
  };
}

/** Episodes numbered from `count` down to 1: the order validateContent gives (newest first). */
export function episodesNewestFirst(count: number): Episode[] {
  return Array.from({ length: count }, (_, index) => episode({ episode: count - index }));
}
