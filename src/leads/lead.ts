import { CASE_ID_PATTERN, pagePlace, QUOTE_LANGUAGES } from "../../client/quote/rules";
import type { StoredQuote } from "../quote/received";
import { LeadsError } from "../errors";

/**
 * One stored quote as a coordinator sees it: the quote as the intake stored it (older quotes may lack a field that
 * was added later, or carry one since removed), when it was received, and where it is kept.
 */
export interface Lead {
  quote: Partial<StoredQuote> & Record<string, unknown>;
  /** When the store received it, by the server's clock: the object's time in S3; in the dev server's file, its `received`. */
  received: Date;
  /** Where it is kept: the S3 key, or "line N" of the dev server's file. */
  key: string;
  /** An urgent quote someone acted on since (`leads resend`): its marker says resent. Read only for urgent quotes over 2 hours old. */
  handled?: boolean;
}

/** How long an urgent quote (Today, 24-48 hrs) may wait before `leads list` marks it: the thank-you page promises a call within 2 hours. */
export const URGENT_WITHIN_MS = 2 * 60 * 60_000;

/** The quote is urgent, over 2 hours old at `now`, and nobody has marked it handled. */
export function overdue(lead: Lead, now: Date): boolean {
  return (lead.quote.urgency === "Today" || lead.quote.urgency === "24-48 hrs") && now.getTime() - lead.received.getTime() > URGENT_WITHIN_MS && !lead.handled;
}

/** Where the leads are read from and deleted: the quotes bucket, or the dev server's NDJSON file (--local). */
export interface LeadStore {
  /** What `leads` tells a coordinator it reads: "bucket NAME" or the file's path. */
  readonly name: string;
  /**
   * Every lead received at or after `since` (all when undefined), in no particular order. A line or object that
   * cannot be read is told to `unreadable` with its place, and left out: every other lead is still listed.
   */
  list(since: Date | undefined, progress?: (done: number, total: number) => void, unreadable?: Unreadable): Promise<Lead[]>;
  /**
   * Every stored quote with this case id, oldest first: one, or more for a case id stored twice before issue 39
   * made the intake store one quote per case id. A LeadsError when there is none.
   */
  find(caseId: string, unreadable?: Unreadable): Promise<Lead[]>;
  /** Removes every quote with this case id and everything kept about it; returns what went, one line each. */
  remove(caseId: string): Promise<string[]>;
}

/** Told of a stored line or object that cannot be read: where it is ("line 7 of …", an S3 key) and why. */
export type Unreadable = (place: string, why: string) => void;

/** The stored text as a quote: a JSON object, or why it is none. */
export function parseQuote(text: string): { quote: Lead["quote"] } | { why: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { why: "not JSON: cut off, or not a quote" };
  }
  return typeof value === "object" && value !== null && !Array.isArray(value) ? { quote: value as Lead["quote"] } : { why: "not a JSON object" };
}

/** A case id as the coordinator typed it, in capitals; a LeadsError naming the format when it is not one. */
export function checkCaseId(text: string): string {
  const caseId = text.trim().toUpperCase();
  if (!CASE_ID_PATTERN.test(caseId)) {
    throw new LeadsError(`"${text}" is not a case id; a case id is AF, 8 digits and 4 letters or digits, like AF12345678AB12`);
  }
  return caseId;
}

/** Newest first; the same instant by case id, so a listing is always in the same order. */
export function newestFirst(a: Lead, b: Lead): number {
  return b.received.getTime() - a.received.getTime() || String(a.quote.case_id).localeCompare(String(b.quote.case_id));
}

/**
 * The city page a lead was sent from. The intake works it out from the page address (issue 39); a quote stored
 * before then from a Spanish page says "es", the language's prefix, and its page address names the city.
 */
export function leadCity(quote: Lead["quote"]): string {
  const city = typeof quote.city_slug === "string" ? quote.city_slug : "";
  if (!QUOTE_LANGUAGES.some((lang) => lang !== "en" && lang === city) || typeof quote.page_url !== "string" || !URL.canParse(quote.page_url)) return city;
  return pagePlace(new URL(quote.page_url).pathname).city_slug;
}
