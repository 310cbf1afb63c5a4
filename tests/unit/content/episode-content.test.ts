import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { loadSourceFiles } from "../../../src/content/load";
import { parseDataFile } from "../../../src/content/parse";
import { Episode } from "../../../src/content/schema";
import { validateContent } from "../../../src/content/validate";
import { ContentError, type ContentProblem } from "../../../src/errors";
import type { SourceFile } from "../../../src/content/types";

const path = "data/episodes/real-time-tracking-peace-of-mind.yaml";
const valid = `episode: 2
title: Real-Time Tracking and Peace of Mind
slug: real-time-tracking-peace-of-mind
publish_date: "2025-09-07"
duration: "21:10"
audio_url: ""
excerpt: How families stay informed.
cover_img: /podcast/cover.svg
tags: [Tracking, Families]
show_notes_md: |-
  **Who hears from us**

  - The family (/for-families)
`;

function problemsOf(text: string): ContentProblem[] {
  const result = parseDataFile({ path, text }, Episode);
  return result.ok ? [] : result.problems;
}

describe("an episode file", () => {
  it("accepts the spec's fields, and reads an empty audio_url as no audio yet", () => {
    const result = parseDataFile({ path, text: valid }, Episode);
    expect(result.ok && result.parsed.data.audio_url).toBeUndefined();
    expect(result.ok && result.parsed.data.duration).toBe("21:10");
  });

  it("reads an unquoted duration and date as text, as YAML 1.2 does", () => {
    const result = parseDataFile({ path, text: valid.replace('"21:10"', "21:10").replace('"2025-09-07"', "2025-09-07") }, Episode);
    expect(result.ok && [result.parsed.data.duration, result.parsed.data.publish_date]).toEqual(["21:10", "2025-09-07"]);
  });

  it("points at the show notes that hold raw HTML, and quotes it", () => {
    const text = valid.replace("- The family (/for-families)", '- The family <a href="/for-families">here</a>');
    expect(problemsOf(text)).toEqual([
      {
        file: path,
        line: 10,
        column: 16,
        field: "show_notes_md",
        problem: 'must not contain raw HTML (found <a href="/for-families">); use markdown instead',
      },
    ]);
  });

  it("wants https or site-relative addresses for audio, video and cover", () => {
    const text = valid
      .replace('audio_url: ""', "audio_url: http://cdn.example.org/episode.mp3")
      .replace("cover_img: /podcast/cover.svg", "cover_img: cover.svg")
      .concat("youtube_url: //www.youtube.com/watch?v=abcdefghijk\n");
    expect(problemsOf(text).map((p) => `${p.line}:${p.column} ${p.field}: ${p.problem}`)).toEqual([
      "6:12 audio_url: must be a path inside this site, like /podcast/cover.svg, or a full https:// address",
      "14:14 youtube_url: must be a full https:// address, like https://www.youtube.com/watch?v=VIDEO_ID",
      "8:12 cover_img: must be a path inside this site, like /podcast/cover.svg, or a full https:// address",
    ]);
  });

  it("wants an MP3 or M4A file as audio", () => {
    expect(problemsOf(valid.replace('audio_url: ""', "audio_url: /podcast/episode.wav")).map((p) => p.problem)).toEqual([
      "must be an MP3 or M4A file, like /podcast/audio/episode-1.mp3",
    ]);
  });

  it("wants the duration as minutes and seconds, and the date as YYYY-MM-DD", () => {
    const text = valid.replace('"21:10"', '"21 min"').replace('"2025-09-07"', '"09/07/2025"');
    expect(problemsOf(text).map((p) => `${p.line}:${p.column} ${p.field}: ${p.problem}`)).toEqual([
      "4:15 publish_date: must be a date written as YYYY-MM-DD, like 2025-09-07",
      "5:11 duration: must be minutes and seconds, like 22:30",
    ]);
    expect(problemsOf(valid.replace('"2025-09-07"', '"2025-02-30"')).map((p) => p.problem)).toEqual([
      "is not a date on the calendar; write it as YYYY-MM-DD, like 2025-09-07",
    ]);
  });
});

describe("the episodes of a site", () => {
  const root = new URL("../../..", import.meta.url).pathname;
  const siteFiles = () => loadSourceFiles(`${root}/data`, root);
  const withEpisodes = async (episodes: SourceFile[]) => [
    ...(await siteFiles()).filter((file) => !file.path.startsWith("data/episodes/")),
    ...episodes,
  ];
  const problems = (files: SourceFile[]) => {
    try {
      validateContent(files);
      return [];
    } catch (error) {
      if (error instanceof ContentError) return error.problems;
      throw error;
    }
  };

  it("are the spec's three, in the spec's order, dated 2025-09-07 with their durations", async () => {
    const { episodes } = validateContent(await siteFiles());
    expect(episodes.map((e) => [e.slug, e.publish_date, e.duration])).toEqual([
      ["bedside-to-bedside-how-a-medical-flight-comes-together", "2025-09-07", "22:30"],
      ["real-time-tracking-peace-of-mind", "2025-09-07", "21:10"],
      ["international-flights-made-simple", "2025-09-07", "20:12"],
    ]);
    expect(new Set(episodes.flatMap((e) => e.tags))).toEqual(
      new Set(["Process", "Families", "Tracking", "Case Managers", "International", "Safety"]),
    );
    expect(episodes.every((e) => e.audio_url === undefined && e.youtube_url === undefined)).toBe(true);
  });

  it("are listed by episode number, highest first, whatever the file names", async () => {
    const files = await withEpisodes([
      { path: "data/episodes/a.yaml", text: valid.replace("episode: 2", "episode: 1").replace("slug: real-time-tracking-peace-of-mind", "slug: a") },
      { path: "data/episodes/b.yaml", text: valid.replace("episode: 2", "episode: 7").replace("slug: real-time-tracking-peace-of-mind", "slug: b") },
    ]);
    expect(validateContent(files).episodes.map((e) => e.slug)).toEqual(["b", "a"]);
  });

  it("may not share a slug or an episode number", async () => {
    const files = await withEpisodes([
      { path: "data/episodes/a.yaml", text: valid },
      { path: "data/episodes/b.yaml", text: valid },
    ]);
    expect(problems(files).map((p) => `${p.file}:${p.line}:${p.column} ${p.field}: ${p.problem}`)).toEqual([
      'data/episodes/b.yaml:3:7 slug: "real-time-tracking-peace-of-mind" is already used by data/episodes/a.yaml',
      "data/episodes/b.yaml:1:10 episode: 2 is already used by data/episodes/a.yaml",
    ]);
  });

  it("need the audio file's size with the audio file, for the feed's enclosure", async () => {
    const files = await withEpisodes([{ path, text: valid.replace('audio_url: ""', "audio_url: /podcast/audio/episode-2.mp3") }]);
    expect(problems(files)).toEqual([
      {
        file: path,
        line: 6,
        column: 12,
        field: "audio_url",
        problem: "needs audio_bytes beside it: the file's size in bytes, which podcast apps require",
      },
    ]);
  });

  it("start with the schema line editors use for completion", async () => {
    for (const file of (await siteFiles()).filter((f) => f.path.startsWith("data/episodes/"))) {
      const text = await readFile(`${root}/${file.path}`, "utf8");
      expect(text.split("\n")[0]).toBe("# yaml-language-server: $schema=../../schemas/episode.schema.json");
    }
  });
});
