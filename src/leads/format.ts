import { stringify } from "csv-stringify/sync";
import { messages } from "../../client/messages";
import { consentTextIn } from "../quote/received";
import { leadCity, overdue, type Lead } from "./lead";
import { leadTable, SITE_TIME_ZONE, type TableCell } from "./table";

/** The English form's labels: a coordinator reads a stored quote in the words an English visitor answered. */
const FIELD_LABELS = messages.en.quoteForm.labels;

/** Every field of a stored quote, in the form's order, then what the page added: the columns of an export. */
export const QUOTE_FIELDS = [
  "case_id", "full_name", "phone", "email", "from_location", "to_location", "preferred_date", "urgency", "mobility",
  "equipment", "notes", "consent", "consent_text", "page_url", "page_title", "city_slug", "destination_slug", "source_slot",
  "utm_source", "utm_medium", "utm_campaign", "device", "timestamp", "lang",
] as const;

/**
 * One line a lead, newest first, columns aligned: received (local time), case id, urgency, name, phone,
 * from → to, city page, slot, and "Spanish" after a quote sent from a Spanish page; then the count.
 */
export function formatLeadList(leads: Lead[], timeZone?: string, now = new Date()): string {
  const rows = leads.map((lead) => [
    formatTime(lead.received, timeZone),
    text(lead.quote.case_id),
    text(lead.quote.urgency),
    clip(text(lead.quote.full_name), 28),
    clip(text(lead.quote.phone), 20),
    `${clip(text(lead.quote.from_location), 30)} → ${clip(text(lead.quote.to_location), 30)}`,
    leadCity(lead.quote) ? `/${text(leadCity(lead.quote))}/` : "-",
    text(lead.quote.source_slot),
    ...(lead.quote.lang === "es" ? ["Spanish"] : []),
    // Issue 39: a family who chose Today or 24-48 hrs was promised a call within 2 hours.
    ...(overdue(lead, now) ? ["URGENT: over 2 h, not handled"] : []),
  ]);
  const widths = rows.reduce((max, row) => row.map((cell, i) => Math.max(max[i] ?? 0, [...cell].length)), [] as number[]);
  const lines = rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]! + [...cell].length - cell.length))).join("  "));
  return [...lines, `${leads.length.toLocaleString("en-US")} ${leads.length === 1 ? "quote" : "quotes"}`].join("\n");
}

/** Every field of one lead, labelled as the form labels it; what the page added under labels of its own. */
export function formatLead(lead: Lead, timeZone?: string): string {
  const q = lead.quote;
  const equipment = Array.isArray(q.equipment) ? q.equipment.map(text).join(", ") : text(q.equipment);
  const campaign = [q.utm_source, q.utm_medium, q.utm_campaign].map(text).filter(Boolean).join(" / ");
  const rows: [string, string][] = [
    ["Case id", text(q.case_id)],
    ["Received", formatTime(lead.received, timeZone)],
    [FIELD_LABELS.full_name, text(q.full_name)],
    [FIELD_LABELS.phone, text(q.phone)],
    [FIELD_LABELS.email, text(q.email)],
    [FIELD_LABELS.from_location, text(q.from_location)],
    [FIELD_LABELS.to_location, text(q.to_location)],
    [FIELD_LABELS.preferred_date, text(q.preferred_date)],
    [FIELD_LABELS.urgency, text(q.urgency)],
    [FIELD_LABELS.mobility, text(q.mobility)],
    [FIELD_LABELS.equipment, equipment],
    [FIELD_LABELS.notes, text(q.notes)],
    [FIELD_LABELS.consent, consentWords(q)],
    ["Page", text(q.page_url)],
    ["Page title", text(q.page_title)],
    ["City page", leadCity(q) ? `/${text(leadCity(q))}/` : ""],
    ["Destination", text(q.destination_slug)],
    ["Form", text(q.source_slot)],
    ["Campaign", campaign],
    ["Device", text(q.device)],
    ["Sent at (visitor's clock)", text(q.timestamp)],
    // Quotes stored before the form said its language came from English pages.
    ["Form language", q.lang === "es" ? "Spanish" : q.lang === "en" || q.lang === undefined ? "English" : text(q.lang)],
    ["Kept as", lead.key],
  ];
  const known = new Set<string>([...QUOTE_FIELDS, "received"]);
  for (const [name, value] of Object.entries(q)) if (!known.has(name)) rows.push([name, text(value)]);
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  return rows.map(([label, value]) => `${`${label}:`.padEnd(width)} ${value || "-"}`.trimEnd()).join("\n");
}

/**
 * The leads as CSV for a spreadsheet or a CRM: the spreadsheet's columns (table.ts: headers in words, times in the
 * site's zone), UTF-8 with a byte order mark (so Excel reads accents right), CRLF line ends, and a cell that starts
 * with =, +, -, @, a tab or a carriage return prefixed with ' so no spreadsheet runs it as a formula (OWASP's CSV
 * injection advice; csv-stringify's escape_formulas). The XLSX export needs no such mark.
 */
export function leadsToCsv(leads: Lead[], timeZone = SITE_TIME_ZONE): string {
  const { headers, rows } = leadTable(leads, timeZone);
  const records = rows.map((row) => row.map(csvText));
  // A line feed alone also ends a row in a spreadsheet, though the rows here end in CRLF: such a cell is quoted too.
  return stringify(records, { header: true, columns: headers, bom: true, record_delimiter: "windows", escape_formulas: true, quoted_match: /[\r\n]/ });
}

/**
 * What may go to a terminal of an export: C0 and C1 control characters (an escape sequence could set the window's
 * title, make a link of its own (OSC 8) or fill the clipboard (OSC 52)) and bidirectional controls become a space,
 * line ends kept. In NDJSON they are JSON escapes instead, which keeps every value exact.
 */
export function forTerminal(text: string, format: "csv" | "ndjson"): string {
  const unsafe = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
  return format === "ndjson" ? text.replace(unsafe, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`) : text.replace(unsafe, " ");
}

/** The leads as newline-delimited JSON: each stored quote whole, with when it was received and where it is kept. */
export function leadsToNdjson(leads: Lead[]): string {
  return leads.map((lead) => `${JSON.stringify({ received: lead.received.toISOString(), key: lead.key, ...lead.quote })}\n`).join("");
}

/** "2026-11-24 09:14" in the given time zone (the computer's by default). */
export function formatTime(date: Date, timeZone?: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

// --- internal ---

/**
 * What the visitor agreed to, in the words and language of the form they ticked: the sentence the intake stored
 * with the quote, or for a quote stored before it did, the sentence its form's language shows.
 */
function consentWords(q: Lead["quote"]): string {
  if (q.consent !== true) return "no";
  const words = typeof q.consent_text === "string" && q.consent_text ? q.consent_text : consentTextIn(q.lang === "es" ? "es" : "en");
  return `yes: "${text(words)}"`;
}

/**
 * What a visitor typed, safe to print on a terminal: control characters (an escape sequence could rewrite the
 * screen or the window title), bidirectional overrides and lone surrogates become a space; runs of space shrink.
 */
function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  const string = typeof value === "string" ? value : JSON.stringify(value);
  return string
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** A cell of the table as CSV text: a time as the coordinators' clock shows it. */
function csvText(cell: TableCell): string {
  if (cell.type === "text") return cell.value;
  const iso = cell.value.toISOString();
  return cell.type === "day" ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

function clip(value: string, length: number): string {
  const characters = [...value];
  return characters.length <= length ? value : `${characters.slice(0, length - 1).join("")}…`;
}

