import { parsePhoneNumberFromString } from "libphonenumber-js";
import { messages } from "../../client/messages";
import { consentTextIn } from "../quote/received";
import { leadCity, type Lead } from "./lead";

/** The English form's labels: a coordinator reads a stored quote in the words an English visitor answered. */
const FIELD_LABELS = messages.en.quoteForm.labels;

// The leads as a table for people (issue 39): one row a lead, headers in words, the time in the site's zone, the
// consent in the words the visitor agreed to, the phone as written and in E.164. The spreadsheet (xlsx.ts) and the
// CSV (format.ts) share it, so both have the same columns.

/** The site's time zone: Florida's east, where the coordinators work. `leads export --time-zone` names another. */
export const SITE_TIME_ZONE = "America/New_York";

/** A cell of the table, typed: a spreadsheet shows a time as a time, and text only ever as text. */
export type TableCell = { type: "text"; value: string } | { type: "time"; value: Date } | { type: "day"; value: Date };

export interface LeadTable {
  headers: string[];
  rows: TableCell[][];
}

/** Every lead as a row, in the order given; fields the table does not know come last, under their own names. */
export function leadTable(leads: Lead[], timeZone = SITE_TIME_ZONE): LeadTable {
  const extra = [...new Set(leads.flatMap((lead) => Object.keys(lead.quote)))].filter((name) => !knownFields.has(name)).sort();
  const headers = [...columns.map(([header]) => header.replace("{zone}", timeZone)), ...extra];
  const rows = leads.map((lead) => [
    ...columns.map(([, cellOf]) => cellOf(lead, timeZone)),
    ...extra.map((name) => textCell(lead.quote[name])),
  ]);
  return { headers, rows };
}

/** The number in E.164 (+12395550100) when it reads as one (a US number without its +1), else "". */
export function e164(phone: unknown): string {
  if (typeof phone !== "string") return "";
  const parsed = parsePhoneNumberFromString(phone, "US");
  return parsed?.isPossible() ? parsed.number : "";
}

/**
 * The wall-clock time `date` is in `timeZone`, as a Date whose UTC fields hold it: a spreadsheet's times have no
 * zone, so the cell holds the coordinators' own clock.
 */
export function wallClock(date: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!));
}

// --- internal ---

type Column = [header: string, cellOf: (lead: Lead, timeZone: string) => TableCell];

const field = (name: string) => (lead: Lead) => textCell(lead.quote[name]);

const columns: Column[] = [
  ["Received ({zone})", (lead, timeZone) => ({ type: "time", value: wallClock(lead.received, timeZone) })],
  ["Case id", field("case_id")],
  [FIELD_LABELS.urgency, field("urgency")],
  [FIELD_LABELS.full_name, field("full_name")],
  [`${FIELD_LABELS.phone} (as written)`, field("phone")],
  [`${FIELD_LABELS.phone} (E.164)`, (lead) => textCell(e164(lead.quote.phone))],
  [FIELD_LABELS.email, field("email")],
  [FIELD_LABELS.from_location, field("from_location")],
  [FIELD_LABELS.to_location, field("to_location")],
  [FIELD_LABELS.preferred_date, (lead) => dayCell(lead.quote.preferred_date)],
  [FIELD_LABELS.mobility, field("mobility")],
  [FIELD_LABELS.equipment, (lead) => textCell(Array.isArray(lead.quote.equipment) ? lead.quote.equipment.join(", ") : lead.quote.equipment)],
  [FIELD_LABELS.notes, field("notes")],
  [FIELD_LABELS.consent, (lead) => textCell(consentWords(lead))],
  ["Form language", (lead) => textCell(lead.quote.lang === "es" ? "Spanish" : lead.quote.lang === "en" || lead.quote.lang === undefined ? "English" : lead.quote.lang)],
  ["City page", (lead) => textCell(leadCity(lead.quote) ? `/${leadCity(lead.quote)}/` : "")],
  ["Destination", field("destination_slug")],
  ["Page", field("page_url")],
  ["Page title", field("page_title")],
  ["Form", field("source_slot")],
  ["Campaign source", field("utm_source")],
  ["Campaign medium", field("utm_medium")],
  ["Campaign name", field("utm_campaign")],
  ["Device", field("device")],
  ["Sent at (visitor's clock)", field("timestamp")],
];

/** The stored fields the columns above show (the intake's `received` is the first column's, by S3's clock). */
const knownFields = new Set([
  "case_id", "urgency", "full_name", "phone", "email", "from_location", "to_location", "preferred_date", "mobility", "equipment", "notes",
  "consent", "consent_text", "lang", "city_slug", "destination_slug", "page_url", "page_title", "source_slot", "utm_source", "utm_medium",
  "utm_campaign", "device", "timestamp", "received",
]);

/** "Yes: " and the sentence the visitor ticked, in its language; "No" when the quote says no. */
function consentWords(lead: Lead): string {
  const q = lead.quote;
  if (q.consent !== true) return "No";
  const words = typeof q.consent_text === "string" && q.consent_text ? q.consent_text : consentTextIn(q.lang === "es" ? "es" : "en");
  return `Yes: ${words}`;
}

function textCell(value: unknown): TableCell {
  if (value === undefined || value === null) return { type: "text", value: "" };
  return { type: "text", value: typeof value === "string" ? value : JSON.stringify(value) };
}

/** A day the form's date field gave (2026-12-01) as a day; anything else stays the text it is. */
function dayCell(value: unknown): TableCell {
  const day = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : undefined;
  return date && date.getUTCDate() === Number(day![3]) ? { type: "day", value: date } : textCell(value);
}
