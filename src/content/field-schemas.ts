import * as z from "zod";
import { findRawHtml } from "./markdown";
import { basePathPattern, normalizeInternalLink } from "./urls";

// The field shapes many data files share (schema.ts puts them together into each file's shape). Messages finish the
// sentence "<field>: ..." for someone editing YAML, not for a developer.

export const text = z.string().trim().min(1, "must not be empty");

export const markdown = text.refine((value) => findRawHtml(value) === undefined, {
  error: (issue) => `must not contain raw HTML (found ${findRawHtml(String(issue.input))}); use markdown instead`,
});

export const Slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens, like "palm-beach"');

export const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
};

export const HttpsUrl = z.string().refine(isHttpsUrl, "must be a full https:// address, like https://www.example.org/page");

/** A YouTube link in any of its usual forms; the page embeds it as a click-to-load youtube-nocookie frame. */
export const YoutubeUrl = z
  .string()
  .refine(isHttpsUrl, "must be a full https:// address, like https://www.youtube.com/watch?v=VIDEO_ID")
  .refine((value) => !isHttpsUrl(value) || youtubeVideoId(value) !== undefined, {
    error: "must be a YouTube video link, like https://www.youtube.com/watch?v=VIDEO_ID or https://youtu.be/VIDEO_ID",
  });

/** A file of this site or of another one: a site-relative path like /podcast/cover.svg, or a full https:// address. */
export const SiteOrHttpsUrl = z
  .string()
  .refine((value) => isHttpsUrl(value) || /^\/(?!\/)[^\s?#]*$/.test(value), {
    error: "must be a path inside this site, like /podcast/cover.svg, or a full https:// address",
    abort: true,
  });

/** A link inside the site, like /insurance or /contact#quote. */
/** A folder path of the site's host, like "/" or "/previews/pr-42/" (the rule: basePathPattern in urls.ts). */
export const BasePath = z.string().regex(basePathPattern, 'must start and end with "/", like /previews/pr-42/ (letters, digits, ".", "_", "~" and "-" between the slashes)');

export const InternalPath = z
  .string()
  .regex(/^\/([a-z0-9-]+\/?)*(#[a-z0-9-]+)?$/, "must be a path inside this site, like /insurance or /contact#quote")
  .transform(normalizeInternalLink);

export const PageTitle = text.max(60, "must be at most 60 characters, or search results cut it off");
export const MetaDescription = text.max(160, "must be at most 160 characters, or search results cut it off");

export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The id of a YouTube video from its watch, short, embed or nocookie link. */
export function youtubeVideoId(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.replace(/^www\./, "");
  const id =
    host === "youtu.be"
      ? parsed.pathname.slice(1)
      : host === "youtube.com" || host === "m.youtube.com" || host === "youtube-nocookie.com"
        ? (parsed.searchParams.get("v") ?? parsed.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1])
        : undefined;
  return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? id : undefined;
}
