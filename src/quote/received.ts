import { messages } from "../../client/messages";
import { pagePlace, type QuoteLanguage } from "../../client/quote/rules";
import type { Quote } from "./schema";

// What the intake itself knows of a quote, added to what the browser sent before it is stored (issue 39): the
// page's city and destination from the page address (never the browser's word for them), the consent in the
// words the visitor agreed to, and when the intake received it by the server's clock.

/** A quote as the intake stores it: what the visitor sent, with the intake's own facts. */
export interface StoredQuote extends Quote {
  /** When the intake received and stored it (ISO, the server's clock); `timestamp` is the visitor's clock. */
  received: string;
  /** The consent sentence the visitor ticked, in the words and language of the form they filled in. */
  consent_text: string;
}

export interface ReceivedContext {
  /** The site's own origins: only a page on one of them names a city of the site. */
  ownOrigins: ReadonlySet<string>;
  /** The path the site is served under ("/" for most). */
  basePath?: string;
  /** The time it is received. */
  now: Date;
}

/** The consent sentence each form shows, by its language (client/messages/). */
export function consentTextIn(lang: QuoteLanguage | undefined): string {
  return messages[lang ?? "en"].quoteForm.consent;
}

/**
 * The quote with the intake's facts: city and destination worked out from `page_url` when it is a page of the
 * site (none otherwise: another address names no city of ours), the consent's words in the form's language, and
 * the time of receipt.
 */
export function asReceived(quote: Quote, { ownOrigins, basePath = "/", now }: ReceivedContext): StoredQuote {
  const page = URL.canParse(quote.page_url) ? new URL(quote.page_url) : undefined;
  const place = page && ownOrigins.has(page.origin) ? pagePlace(page.pathname, basePath) : { city_slug: "", destination_slug: "" as const };
  return { ...quote, ...place, consent_text: consentTextIn(quote.lang), received: now.toISOString() };
}
