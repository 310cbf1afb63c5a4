// The quote request's rules, defined once (spec §3, §4, §5, §9). Browser-safe and dependency-free: the form
// island uses them in the browser, and server-side code (src/quote/schema.ts) wraps them in zod. Their words, in
// each language, are client/messages/'s.
import type { QuoteMessages } from "../messages/quote-words";

export const URGENCY_OPTIONS = ["Today", "24-48 hrs", "Planned (3+ days)"] as const;
export const MOBILITY_OPTIONS = ["Stretcher", "Wheelchair", "Ambulatory / Seat"] as const;
export const EQUIPMENT_OPTIONS = ["Oxygen", "IV", "Monitor", "Other"] as const;

/** The languages a quote form is shown in; the quote says which one the visitor read (its `lang`). */
export const QUOTE_LANGUAGES = ["en", "es"] as const;
export type QuoteLanguage = (typeof QUOTE_LANGUAGES)[number];

export const BOT_DELAY_MS = 4000;
export const HUMAN_CHECK_ANSWER = 7;
export const REDIRECT_DELAY_MS = 1500;
export const SUBMIT_TIMEOUT_MS = 10_000;
export const MOBILE_BREAKPOINT = 768;
export { CASE_ID_PATTERN, DEFAULT_CASE_ID, caseIdFromQuery } from "./case-id";

export type Urgency = (typeof URGENCY_OPTIONS)[number];
export type Mobility = (typeof MOBILITY_OPTIONS)[number];
export type Equipment = (typeof EQUIPMENT_OPTIONS)[number];
/** Where on the site the form was: the modal dialog, /contact, an episode's sidebar or the footer. */
export const SOURCE_SLOTS = ["modal", "inline", "sidebar", "footer"] as const;
export type SourceSlot = (typeof SOURCE_SLOTS)[number];
export type FormVariant = "full" | "compact";

/** What the visitor enters. Radio groups start empty, so "" means "not chosen yet". */
export interface QuoteFields {
  full_name: string;
  phone: string;
  email: string;
  from_location: string;
  to_location: string;
  preferred_date: string;
  urgency: Urgency | "";
  mobility: Mobility | "";
  equipment: Equipment[];
  notes: string;
  consent: boolean;
  /** The hidden trap field: people never see it, so it stays empty unless a bot fills it. */
  company: string;
}

export type FieldName = keyof QuoteFields;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const emptyQuoteFields = (): QuoteFields => ({
  full_name: "",
  phone: "",
  email: "",
  from_location: "",
  to_location: "",
  preferred_date: "",
  urgency: "",
  mobility: "",
  equipment: [],
  notes: "",
  consent: false,
  company: "",
});

/** Fields the compact variant (episode sidebar, footer) leaves out. */
export const COMPACT_HIDDEN_FIELDS: readonly FieldName[] = ["email", "preferred_date", "equipment", "notes"];

/** Valid when it has 10 to 15 digits once everything else is removed, or is written like (555) 123-4567. */
export function isValidPhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, "").length;
  return (digits >= 10 && digits <= 15) || /^\(\d{3}\) \d{3}-\d{4}$/.test(phone.trim());
}

const addressPart = /^[^\s\p{Cc}@<>()[\]\\,;:"]+$/u;

/**
 * The e-mail address rule (optional field; docs/quotes.md, "The e-mail address"): at most 254 characters, one @
 * with 1 to 64 characters before it, and a domain of at least two dot-separated labels after it, the last at least
 * 2 characters long. No spaces, control characters or the characters that separate or quote addresses in a mail
 * header (<>()[]\,;:"), so an accepted address is always one address when it becomes the e-mail's Reply-To.
 */
export function isValidEmail(email: string): boolean {
  const address = email.trim();
  if (address.length > 254) return false;
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split(".");
  return (
    at > 0 &&
    local.length <= 64 &&
    addressPart.test(local) &&
    !local.startsWith(".") &&
    !local.endsWith(".") &&
    !local.includes("..") &&
    labels.length >= 2 &&
    labels.every((label) => addressPart.test(label)) &&
    labels[labels.length - 1]!.length >= 2
  );
}

/** Every field error in `messages`' words, in the order the fields appear on the form; empty when the quote may be sent. */
export function validateQuote(fields: QuoteFields, messages: QuoteMessages): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.full_name.trim()) errors.full_name = messages.full_name;
  if (!fields.phone.trim()) errors.phone = messages.phone;
  else if (!isValidPhone(fields.phone)) errors.phone = messages.phoneInvalid;
  if (fields.email.trim() && !isValidEmail(fields.email)) errors.email = messages.emailInvalid;
  if (!fields.from_location.trim()) errors.from_location = messages.from_location;
  if (!fields.to_location.trim()) errors.to_location = messages.to_location;
  if (!fields.urgency) errors.urgency = messages.urgency;
  if (!fields.mobility) errors.mobility = messages.mobility;
  if (!fields.consent) errors.consent = messages.consent;
  return errors;
}

/** AF + last 8 digits of `nowMs` + 4 random uppercase alphanumerics (`random` returns numbers in [0, 1)). */
export function createCaseId(nowMs: number, random: () => number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  let suffix = "";
  for (let i = 0; i < 4; i++) suffix += alphabet[Math.floor(random() * alphabet.length)];
  return `AF${String(Math.trunc(nowMs)).slice(-8).padStart(8, "0")}${suffix}`;
}

/** Where the form sends the visitor once the quote is delivered: the thank-you page in the form's language. */
export function thankYouPath(caseId: string, lang: QuoteLanguage = "en"): string {
  return `${lang === "en" ? "/" : `/${lang}/`}thank-you/?case=${encodeURIComponent(caseId)}`;
}

/** Where and how the quote was sent, read from the browser at submit time. */
export interface SubmitContext {
  href: string;
  title: string;
  windowWidth: number;
  slot: SourceSlot;
  nowMs: number;
  random: () => number;
  /** The path the site is served under ("/" when left out): the city is the first segment after it. */
  basePath?: string;
  /** The language of the form the visitor filled in ("en" when left out). */
  lang?: QuoteLanguage;
}

export interface Quote extends Omit<QuoteFields, "company"> {
  page_url: string;
  page_title: string;
  city_slug: string;
  destination_slug: "md-anderson" | "mayo-clinic" | "";
  source_slot: SourceSlot;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  device: "mobile" | "desktop";
  case_id: string;
  timestamp: string;
  /** The language of the form the visitor filled in: a coordinator may call back in it. */
  lang: QuoteLanguage;
}

/** The quote as sent: every entered field plus page, campaign and device facts (spec §3). */
export function assembleQuote(fields: QuoteFields, context: SubmitContext): Quote {
  const { company: _trap, ...entered } = fields;
  const url = new URL(context.href);
  const query = url.searchParams;
  return {
    ...entered,
    page_url: context.href,
    page_title: context.title,
    ...pagePlace(url.pathname, context.basePath),
    source_slot: context.slot,
    utm_source: query.get("utm_source") ?? "",
    utm_medium: query.get("utm_medium") ?? "",
    utm_campaign: query.get("utm_campaign") ?? "",
    device: context.windowWidth < MOBILE_BREAKPOINT ? "mobile" : "desktop",
    case_id: createCaseId(context.nowMs, context.random),
    timestamp: new Date(context.nowMs).toISOString(),
    lang: context.lang ?? "en",
  };
}

/**
 * The city page and destination a page's path names (spec §3: the city is the first path segment), once the base
 * path and a language's prefix are taken off: /es/naples/ is Naples's page as /naples/ is (issue 39). The intake
 * works them out again from the page address, whatever the browser sent (src/quote/received.ts).
 */
export function pagePlace(pathname: string, basePath = "/"): Pick<Quote, "city_slug" | "destination_slug"> {
  // (As client/base-path.ts's withoutBasePath, written out: every page's script holds these rules, and no more.)
  const path = basePath !== "/" && pathname.startsWith(basePath) ? pathname.slice(basePath.length - 1) : pathname;
  const segments = path.split("/").filter(Boolean);
  // English pages have no prefix; another language's pages live under /<lang>/.
  if (QUOTE_LANGUAGES.some((lang) => lang !== "en" && lang === segments[0])) segments.shift();
  return { city_slug: segments[0] ?? "", destination_slug: destinationSlug(`/${segments.join("/")}/`) };
}

export function destinationSlug(pathname: string): Quote["destination_slug"] {
  if (pathname.includes("md-anderson")) return "md-anderson";
  if (pathname.includes("mayo-clinic")) return "mayo-clinic";
  return "";
}
