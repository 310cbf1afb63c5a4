import { URGENCY_OPTIONS, type Urgency } from "../../client/quote/rules";
import { leadCity, type Lead } from "./lead";

/** Which leads a listing or export shows; every part optional. */
export interface LeadFilter {
  since?: Date;
  urgency?: Urgency;
  /** The city page the form was on, as the quote's city_slug has it ("naples"; a Spanish page's too). */
  city?: string;
}

/**
 * `--since`: a number of days or hours back from `now` ("7d", "36h"), or a calendar day ("2026-11-01", from its
 * midnight in the local time zone). Undefined when the text is neither.
 */
export function parseSince(text: string, now: Date): Date | undefined {
  const relative = /^(\d{1,4})([dh])$/.exec(text.trim());
  if (relative) return new Date(now.getTime() - Number(relative[1]) * (relative[2] === "d" ? 86_400_000 : 3_600_000));
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!day) return undefined;
  const date = new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  // new Date(2026, 1, 31) rolls over into March: refuse a day the calendar does not have.
  return date.getDate() === Number(day[3]) && date.getMonth() === Number(day[2]) - 1 ? date : undefined;
}

/** `--urgency`: one of the form's options, whatever its case ("today" is "Today"); undefined for anything else. */
export function parseUrgency(text: string): Urgency | undefined {
  return URGENCY_OPTIONS.find((option) => option.toLowerCase() === text.trim().toLowerCase());
}

export function matchesFilter(lead: Lead, filter: LeadFilter): boolean {
  return (
    (!filter.since || lead.received >= filter.since) &&
    (!filter.urgency || lead.quote.urgency === filter.urgency) &&
    (!filter.city || leadCity(lead.quote) === filter.city)
  );
}
