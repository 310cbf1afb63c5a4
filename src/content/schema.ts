import { z } from "zod";
import { findRawHtml } from "../markdown";
import { normalizeInternalLink } from "../urls";

// One definition of every data shape. Types come from these schemas (z.infer), and the JSON Schemas in
// schemas/ that give editors completion in data/*.yaml are generated from them (npm run schemas).
// Messages finish the sentence "<field>: ..." for someone editing YAML, not for a developer.

const text = z.string().trim().min(1, "must not be empty");

const markdown = text.refine((value) => findRawHtml(value) === undefined, {
  error: (issue) => `must not contain raw HTML (found ${findRawHtml(String(issue.input))}); use markdown instead`,
});

export const Slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens, like "palm-beach"');

const isHttpsUrl = (value: string) => {
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

/** A link inside the site, like /insurance or /contact#quote. */
export const InternalPath = z
  .string()
  .regex(/^\/([a-z0-9-]+\/?)*(#[a-z0-9-]+)?$/, "must be a path inside this site, like /insurance or /contact#quote")
  .transform(normalizeInternalLink);

const PageTitle = text.max(60, "must be at most 60 characters, or search results cut it off");
const MetaDescription = text.max(160, "must be at most 160 characters, or search results cut it off");

export const Iata = z.string().regex(/^[A-Z]{3}$/, "must be a 3-letter IATA code in capitals, like APF");

export const AirportType = z.enum(["primary", "alternate", "backup", "general aviation", "commercial"]);

export const Airport = z.strictObject({ code: Iata, name: text, type: AirportType });
export type Airport = z.infer<typeof Airport>;

export const Faq = z.strictObject({ question: text, answer: text });
export type Faq = z.infer<typeof Faq>;

/** A place near a city. Leave out `slug` for a place without a page of its own (Jupiter, Venice…): it is shown as text. */
export const NearbyCity = z.strictObject({ name: text, slug: Slug.optional() });
export type NearbyCity = z.infer<typeof NearbyCity>;

const Step = z.strictObject({ title: text, text });
const ChecklistItem = z.strictObject({ title: text, detail: text });
export type ChecklistItem = z.infer<typeof ChecklistItem>;

// --- data/site.yaml ---

export const SiteConfig = z.strictObject({
  companyName: text,
  tagline: text,
  description: text,
  phone: z.strictObject({
    display: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, "must be written like (800) 327-3004"),
    tel: z.string().regex(/^\+\d{11,15}$/, "must be the number in international form, like +18003273004"),
  }),
  founded: z.number().int().min(1900, "must be a year, like 1988").max(2100, "must be a year, like 1988"),
  headquarters: z.strictObject({ city: text, region: text, country: text }),
  baseUrl: HttpsUrl.refine((value) => !value.endsWith("/"), "must not end with a slash"),
  footerYear: z.number().int().min(2000, "must be a year, like 2025").max(2100, "must be a year, like 2025"),
  quote: z.strictObject({
    /** Where the quote form POSTs its JSON. Without it, quotes are only written to the browser console. */
    endpoint: HttpsUrl.optional(),
  }),
  analytics: z.strictObject({
    /** A Google Analytics measurement id. Without it, no analytics code is on the page. */
    measurementId: z.string().regex(/^G-[A-Z0-9]+$/, "must be a measurement id, like G-ABC123XYZ").optional(),
  }),
  video: z.strictObject({
    /** The hero video of city pages that set no youtubeUrl of their own. Without it, no video is shown. */
    cityDefault: YoutubeUrl.optional(),
  }),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

// --- data/home.yaml ---

const Tile = z.strictObject({ title: text, text, href: InternalPath });

export const Home = z.strictObject({
  title: PageTitle,
  metaDescription: MetaDescription,
  hero: z.strictObject({ heading: text, lead: text }),
  serviceTiles: z.array(Tile).length(4, "must list exactly four tiles"),
  onBoardCare: z.strictObject({ heading: text, intro: text, items: z.array(Step).min(1, "must list at least one item") }),
  howItWorks: z.array(Step).length(3, "must list exactly three steps"),
  serviceCards: z.array(Tile).min(1, "must list at least one card"),
  quickFacts: z.array(z.strictObject({ label: text, value: text })).min(1, "must list at least one fact"),
  mission: z.strictObject({ heading: text, text }),
});
export type Home = z.infer<typeof Home>;

// --- data/city-common.yaml: what every city page says the same way ---

export const CityCommon = z.strictObject({
  howItWorks: z.array(Step).length(3, "must list exactly three steps"),
  onBoardExperience: z.array(Step).min(1, "must list at least one item"),
  preFlightChecklist: z.array(ChecklistItem).min(1, "must list at least one item"),
  returnChecklist: z.array(ChecklistItem).min(1, "must list at least one item"),
});
export type CityCommon = z.infer<typeof CityCommon>;

// --- data/cities/<slug>.yaml ---

/** What a city page may say differently about one destination. */
const CityDestinationNote = z.strictObject({ intro: text.optional(), notes: text.optional() });

export const City = z.strictObject({
  cityName: text,
  urlSlug: Slug,
  title: PageTitle,
  metaDescription: MetaDescription,
  keywords: z.array(text).min(1, "must list at least one keyword"),
  nearbyCity1: NearbyCity,
  nearbyCity2: NearbyCity,
  nearbyCity3: NearbyCity,
  airports: z.array(Airport).min(1, "must list at least one airport"),
  cancerCareDescription: text,
  localCareOverview: text,
  supportDirectory: z.array(text).min(1, "must list at least one entry"),
  faqs: z.array(Faq).length(4, "must have exactly four questions"),
  youtubeUrl: YoutubeUrl.optional(),
  /** Keyed by destination slug (md-anderson, mayo-clinic). */
  destinations: z.record(Slug, CityDestinationNote).optional(),
});
export type City = z.infer<typeof City>;

// --- data/destinations/<slug>.yaml ---

const Contact = z.strictObject({
  label: text,
  phone: z.string().regex(/^\d{3}-\d{3}-\d{4}$/, "must be written like 877-555-0100").optional(),
  email: z.email("must be an e-mail address").optional(),
  url: HttpsUrl.optional(),
  note: text.optional(),
});

/** A section of a destination page. `body` is markdown; steps, checklist and contacts are optional extras. */
const DestinationSection = z.strictObject({
  id: Slug,
  heading: text,
  body: markdown,
  steps: z.array(Step).optional(),
  checklist: z.array(text).optional(),
  contacts: z.array(Contact).optional(),
});

export const Destination = z.strictObject({
  slug: Slug,
  /** The last part of the page URL, after the city: /naples/<urlSegment>. */
  urlSegment: Slug,
  destination: text,
  destinationShort: text,
  location: text,
  /** {city} is replaced by the city's name in title, metaDescription, heading and intro. */
  title: text,
  metaDescription: text,
  heading: text,
  intro: text,
  arrivalAirports: z.array(Airport).min(1, "must list at least one airport"),
  arrivalDetails: text,
  lodgingOptions: z.array(text).min(1, "must list at least one option"),
  notes: text,
  youtubeUrl: YoutubeUrl.optional(),
  sections: z.array(DestinationSection).min(1, "must list at least one section"),
});
export type Destination = z.infer<typeof Destination>;

// --- data/pages/<name>.yaml ---

export const Page = z.strictObject({
  path: z.string().regex(/^(\/[a-z0-9-]+)+$/, "must be a path like /about or /services/medical-flights"),
  title: PageTitle,
  metaDescription: MetaDescription,
  heading: text,
  lead: text,
  sections: z.array(z.strictObject({ id: Slug.optional(), heading: text, body: markdown })).min(1, "must list at least one section"),
  /** Pages like /thank-you that search engines should not list. */
  noindex: z.boolean().optional(),
});
export type Page = z.infer<typeof Page>;

// --- data/documents/<name>.yaml: the downloads on /for-case-managers/ ---
// Each becomes a PDF (the letter also a Word file) in dist/downloads/ and a page /for-case-managers/<slug>/.

const DocumentCommon = {
  /** The download's file name and the last part of its page URL: /for-case-managers/<slug>/. */
  slug: Slug,
  title: PageTitle,
  metaDescription: MetaDescription,
  /** The document's own title, on its first page and as the heading of its web page. */
  heading: text,
  /** What the download button and its card say: a short name and one sentence about it. */
  label: text,
  summary: text,
  /** When the content last changed; printed on the document and used as the PDF's creation date. */
  updated: z.iso.date("must be a date written like 2025-09-01"),
  intro: text,
};

const DocumentNotes = z.strictObject({ heading: text, items: z.array(text).min(1, "must list at least one item") });

/** The checklist's items are city-common.yaml's preFlightChecklist and returnChecklist; this file frames them. */
export const ChecklistDocument = z.strictObject({
  ...DocumentCommon,
  preFlight: z.strictObject({ heading: text, intro: text }),
  return: z.strictObject({ heading: text, intro: text }),
  notes: DocumentNotes,
});
export type ChecklistDocument = z.infer<typeof ChecklistDocument>;

/** A letter for the patient's physician to complete: [Bracketed text] marks what they fill in. */
export const LetterTemplate = z.strictObject({
  ...DocumentCommon,
  /** How to use the template: on the web page, on the PDF's first page and at the top of the Word file. */
  instructions: DocumentNotes,
  letter: z.strictObject({
    letterhead: text,
    date: text,
    recipient: z.array(text).min(1, "must list at least one line"),
    subject: text,
    salutation: text,
    paragraphs: z.array(text).min(1, "must list at least one paragraph"),
    closing: text,
    signature: z.array(text).min(1, "must list at least one line"),
  }),
});
export type LetterTemplate = z.infer<typeof LetterTemplate>;

export const SampleItinerary = z.strictObject({
  ...DocumentCommon,
  /** Printed on every page of the PDF and shown on the web page. */
  sampleNotice: text,
  steps: z
    .array(
      z.strictObject({
        time: text.max(20, "must be short, like 7:30 a.m. ET"),
        title: text,
        place: text,
        detail: text,
      }),
    )
    .min(1, "must list at least one step"),
  notes: DocumentNotes,
});
export type SampleItinerary = z.infer<typeof SampleItinerary>;

/** Every kind of data file, with its JSON Schema file name (schemas/<name>.schema.json). */
export const contentKinds = {
  site: SiteConfig,
  home: Home,
  "city-common": CityCommon,
  city: City,
  destination: Destination,
  page: Page,
  "checklist-document": ChecklistDocument,
  "letter-template": LetterTemplate,
  "sample-itinerary": SampleItinerary,
} as const;
export type ContentKind = keyof typeof contentKinds;

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
