import { randomInt } from "node:crypto";
import {
  assembleQuote,
  emptyQuoteFields,
  QUOTE_LANGUAGES,
  thankYouPath,
  type QuoteFields,
  type QuoteLanguage,
  type SourceSlot,
} from "../../client/quote/rules";
import { messages, type QuoteMessages } from "../../client/messages";
import type { QuoteErrors } from "./schema";

// A quote form sent without JavaScript: the browser posts the form's fields, form-encoded, and navigates to the
// answer. The receiver assembles the quote from them as the form's script would have, so the same check applies,
// and answers with a page rather than JSON.

/** What a form post carries besides its fields. */
export interface FormPostContext {
  /** The page the form was on: the Referer when it is one of the site's pages, else the site's home page. */
  pageUrl: string;
  userAgent: string | null;
  nowMs: number;
}

/**
 * The posted fields → the quote as the form would have assembled it, or "trap" when the hidden field is filled
 * (only bots fill it: the post is then ignored, as the form ignores it). The title is unknown without the page's
 * script; the device is read from the browser's name.
 */
export function quoteFromFormPost(params: URLSearchParams, context: FormPostContext): "trap" | object {
  const text = (name: string) => params.get(name) ?? "";
  const fields: QuoteFields = {
    ...emptyQuoteFields(),
    full_name: text("full_name"),
    phone: text("phone"),
    email: text("email"),
    from_location: text("from_location"),
    to_location: text("to_location"),
    preferred_date: text("preferred_date"),
    urgency: text("urgency") as QuoteFields["urgency"],
    mobility: text("mobility") as QuoteFields["mobility"],
    equipment: params.getAll("equipment") as QuoteFields["equipment"],
    notes: text("notes"),
    consent: params.has("consent"),
    company: text("company"),
  };
  if (fields.company) return "trap";
  // Not a Quote yet: the slot, urgency and the rest are whatever was posted, until the schema checks them.
  return assembleQuote(fields, {
    href: context.pageUrl,
    title: "",
    // The form's rule is a width under 768 px; without a script, a phone's browser says "Mobi" in its name.
    windowWidth: /Mobi|Android/i.test(context.userAgent ?? "") ? 0 : 1024,
    slot: text("source_slot") as SourceSlot, // a form without its slot is refused by the check, like any field
    nowMs: context.nowMs,
    random: () => randomInt(1_000_000) / 1_000_000,
    // Whatever was posted, until the schema checks it; a form without the field is an English one.
    lang: (params.get("lang") ?? undefined) as QuoteLanguage | undefined,
  });
}

/** The language a posted form names, when it is one the site has; English otherwise. */
export function postedLanguage(params: URLSearchParams): QuoteLanguage {
  return QUOTE_LANGUAGES.find((lang) => lang === params.get("lang")) ?? "en";
}

/**
 * The answer to an accepted post: the site's thank-you page in the form's language (/es/thank-you/ for Spanish),
 * with the case id (`site` is the configured origin).
 */
export function thankYouUrl(site: string, caseId: string, lang: QuoteLanguage = "en"): string {
  return new URL(thankYouPath(caseId, lang), site).href;
}

/** The answer to a refused post: a plain page in the form's language that lists what to correct and, when known, the number to call. */
export function refusedPostPage(errors: QuoteErrors, phone?: { display: string; tel: string }, lang: QuoteLanguage = "en"): string {
  const items = Object.entries(errors).map(([field, message]) => `<li>${escapeHtml(formFieldNames.has(field) ? message : `${field}: ${message}`)}</li>`);
  return notSentPage([`<p>${messages[lang].formPost.correct}</p>`, `<ul>${items.join("")}</ul>`], phone, lang);
}

/** The answer to a post from a page that is not the site's: nothing was kept; the visitor can call. */
export function refusedOriginPage(phone?: { display: string; tel: string }): string {
  // In English: the page it came from is not ours, so its language is not known.
  return notSentPage([`<p>${messages.en.formPost.notOurSite}</p>`], phone, "en");
}

/** The answer to a post that could not be stored: nothing was kept, so the visitor must send again or call. */
export function notStoredPostPage(phone?: { display: string; tel: string }, lang: QuoteLanguage = "en"): string {
  return notSentPage([`<p>${messages[lang].formPost.notStored}</p>`], phone, lang);
}

/** The form's own messages in each language, for the fields a refused post lists. */
export const formMessages: Record<QuoteLanguage, QuoteMessages> = { en: messages.en.quoteForm.messages, es: messages.es.quoteForm.messages };

// --- internal ---

const formFieldNames = new Set<string>(Object.keys(emptyQuoteFields()));

function notSentPage(body: string[], phone: { display: string; tel: string } | undefined, lang: QuoteLanguage): string {
  const text = messages[lang].formPost; // HTML: its apostrophes and accents need no escaping
  return [
    "<!DOCTYPE html>",
    `<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${text.heading}</title>`,
    // Large, plain type for visitors reading on a phone; the site's stylesheet lives elsewhere.
    "<style>body{font:1.125rem/1.6 system-ui,sans-serif;color:#1a202c;max-width:40rem;margin:0 auto;padding:1.25rem}h1{font-size:1.75rem;line-height:1.25}a{color:#0b4f6c;font-weight:700}</style></head>",
    `<body><main><h1>${text.heading}</h1>`,
    ...body,
    ...(phone ? [`<p>${text.call[0]}<a href="tel:${escapeHtml(phone.tel)}">${escapeHtml(phone.display)}</a>${text.call[1]}</p>`] : []),
    "</main></body></html>",
  ].join("\n");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
