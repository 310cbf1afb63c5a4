import * as z from "zod";
import { languages } from "./language";
import { QuoteSettings } from "./quote-settings";
import {
  BasePath,
  HttpsUrl,
  InternalPath,
  isCalendarDate,
  markdown,
  MetaDescription,
  PageTitle,
  SiteOrHttpsUrl,
  Slug,
  text,
  YoutubeUrl,
} from "./field-schemas";
import { Photo } from "./photo";

export { noticeFields, type NoticeField } from "./quote-settings";
export { HttpsUrl, InternalPath, SiteOrHttpsUrl, Slug, YoutubeUrl, youtubeVideoId } from "./field-schemas";

// One definition of every data shape. Types come from these schemas (z.infer), and the JSON Schemas in
// schemas/ that give editors completion in data/*.yaml are generated from them (npm run schemas).
// Messages finish the sentence "<field>: ..." for someone editing YAML, not for a developer.

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

/** The show as a whole: what podcast apps and the /podcast/ page say about it. Every field has a default. */
export const PodcastConfig = z.strictObject({
  /** Default: "<companyName> Podcast". */
  title: text.optional(),
  /** Default: a sentence about what the show covers. */
  description: text.optional(),
  /** Default: companyName. */
  author: text.optional(),
  /** Where podcast apps send mail about the show (Spotify uses it to verify ownership). Not shown on pages. */
  ownerEmail: z.email("must be an e-mail address").optional(),
  /** The show artwork for podcast apps: they accept only PNG or JPEG, square, 1400 to 3000 pixels. */
  image: SiteOrHttpsUrl.refine(
    (value) => /\.(png|jpe?g)$/i.test(value),
    "must be a PNG or JPEG image, like /podcast/cover.png; podcast apps accept no other format",
  ).optional(),
  /** The show's page on Apple Podcasts. Without it, no Apple Podcasts button is shown. */
  appleUrl: HttpsUrl.optional(),
  /** The show's page on Spotify. Without it, no Spotify button is shown. */
  spotifyUrl: HttpsUrl.optional(),
  /** The show's permanent Podcasting 2.0 id; keep it when the web address changes. */
  guid: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "must be a lowercase UUID, like 917393e3-1b1e-5cef-ace4-edaa54e1f810")
    .optional(),
});
export type PodcastConfig = z.infer<typeof PodcastConfig>;

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
  /**
   * The path the site lives under on baseUrl's host: every link, asset and absolute address starts with it.
   * `flightsite build --base-path` replaces it for one build (a preview under /previews/pr-42/).
   */
  basePath: BasePath.default("/"),
  footerYear: z.number().int().min(2000, "must be a year, like 2025").max(2100, "must be a year, like 2025"),
  quote: QuoteSettings,
  /**
   * Where the intake keeps the quotes, as /privacy/ tells visitors: the AWS region of the stack (infra/ makes it in
   * us-east-1) and the days a quote is kept; infra/test/privacy-mirror.test.ts holds both equal to the stack's.
   */
  quoteStorage: z
    .strictObject({
      region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, "must be an AWS region, like us-east-1"),
      retentionDays: z.number().int().min(1, "must be a whole number of days, like 365"),
    })
    .default({ region: "us-east-1", retentionDays: 365 }),
  analytics: z.strictObject({
    /** A Google Analytics measurement id. Without it, no analytics code is on the page. */
    measurementId: z.string().regex(/^G-[A-Z0-9]+$/, "must be a measurement id, like G-ABC123XYZ").optional(),
  }),
  video: z.strictObject({
    /** The hero video of city pages that set no youtubeUrl of their own. Without it, no video is shown. */
    cityDefault: YoutubeUrl.optional(),
  }),
  /** The podcast show; leave it out to use the defaults. */
  podcast: PodcastConfig.optional(),
  /**
   * The languages spoken on the phone line, like [en, es]. The Spanish pages say Spanish is spoken on the line only
   * when this lists es; left out, it is English alone, and nothing more is claimed.
   */
  phoneLanguages: z
    .array(z.enum(languages, { error: `must be one of ${languages.join(", ")}` }))
    .refine((list) => new Set(list).size === list.length, "must not list a language twice")
    .default(["en"]),
  /**
   * Whether a caller may ask for an interpreter on the phone line. The Spanish pages offer one only when this is true
   * (and Spanish is not spoken on the line); left out, no interpreter is offered.
   */
  phoneInterpreter: z.boolean().default(false),
});
export type SiteConfig = z.infer<typeof SiteConfig> & {
  /**
   * Set by `flightsite build --preview`, never in site.yaml: a preview of the site, whose canonical addresses point
   * at the live site (baseUrl + `liveBasePath`), whose pages are all noindex and whose quote forms never send.
   */
  preview?: { liveBasePath: string };
};

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
  photo: Photo.optional(),
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
  photo: Photo.optional(),
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
  /** {city} is replaced by the city's name in title, metaDescription, heading and intro (and the shorter forms). */
  title: text,
  /** Shorter forms, for a city whose name makes title (or metaDescription) too long: src/content/city-forms.ts. */
  titleShort: text.optional(),
  metaDescription: text,
  metaDescriptionShort: text.optional(),
  heading: text,
  intro: text,
  arrivalAirports: z.array(Airport).min(1, "must list at least one airport"),
  arrivalDetails: text,
  lodgingOptions: z.array(text).min(1, "must list at least one option"),
  notes: text,
  youtubeUrl: YoutubeUrl.optional(),
  sections: z.array(DestinationSection).min(1, "must list at least one section"),
  photo: Photo.optional(),
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
  /** Pages like /thank-you that search engines should not list (and nobody shares: such a page has no share card). */
  noindex: z.boolean().optional(),
  photo: Photo.optional(),
});
export type Page = z.infer<typeof Page>;

// --- data/episodes/<slug>.yaml: one podcast episode (spec §3 field names) ---

/** A field that may also be left empty (""), which means the same as leaving it out: "not yet". */
function emptyOr(schema: z.ZodType<string>) {
  return z
    .string()
    .superRefine((value, ctx) => {
      if (value === "") return;
      const result = schema.safeParse(value);
      if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
    })
    .transform((value) => (value === "" ? undefined : value))
    .optional();
}

export const Episode = z.strictObject({
  /** The episode number in podcast apps. The /podcast/ page lists the highest number first, and features it. */
  episode: z.number().int("must be a whole number, like 3").min(1, "must be 1 or more"),
  title: text.max(70, "must be at most 70 characters, or search results and podcast apps cut it off"),
  slug: Slug,
  publish_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date written as YYYY-MM-DD, like 2025-09-07", abort: true })
    .refine((value) => isCalendarDate(value), "is not a date on the calendar; write it as YYYY-MM-DD, like 2025-09-07"),
  duration: z.string().regex(/^\d{1,3}:[0-5]\d$/, "must be minutes and seconds, like 22:30"),
  /** The MP3 or M4A file. Leave empty until the episode is published: the page then says the audio is coming. */
  audio_url: emptyOr(
    SiteOrHttpsUrl.refine((value) => /\.(mp3|m4a)$/i.test(value), "must be an MP3 or M4A file, like /podcast/audio/episode-1.mp3"),
  ),
  /** The audio file's size in bytes, which podcast apps need. Required with audio_url. */
  audio_bytes: z.number().int("must be a whole number of bytes").min(1, "must be the file's size in bytes").optional(),
  youtube_url: emptyOr(YoutubeUrl),
  excerpt: text.max(160, "must be at most 160 characters: it is also the page's description in search results"),
  cover_img: SiteOrHttpsUrl,
  tags: z.array(text).min(1, "must list at least one tag"),
  show_notes_md: markdown,
});
export type Episode = z.infer<typeof Episode>;
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
  episode: Episode,
  "checklist-document": ChecklistDocument,
  "letter-template": LetterTemplate,
  "sample-itinerary": SampleItinerary,
} as const;
export type ContentKind = keyof typeof contentKinds;
