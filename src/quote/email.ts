import { quoteKey } from "./s3-store";
import type { Quote } from "./schema";

// The coordinators' e-mail about a stored quote: plain text made only of what a call-back needs (docs/quotes.md,
// "The e-mail"). Everything in it that a visitor typed is untrusted: control characters, bidi overrides and lone
// surrogates are removed, every value is cut to a length, nothing can become a link a mail program would let a
// coordinator click, and no value can start a line of its own that looks like one of the e-mail's rows.

/**
 * The quote's fields the e-mail may add to what a call-back needs, each only when the owner lists it in
 * quote.notice.fields of data/site.yaml (src/content/schema.ts holds the same list): they may be health details.
 */
export const OPTIONAL_NOTICE_FIELDS = ["mobility", "equipment", "notes"] as const;
export type NoticeField = (typeof OPTIONAL_NOTICE_FIELDS)[number];

/** What the e-mail adds, beside the quote: the optional fields the owner listed, and what became of the Reply-To. */
export interface QuoteEmailOptions {
  /** quote.notice.fields of data/site.yaml. */
  fields: readonly NoticeField[];
  /** "set": replies go to the visitor; "dropped": their address was one SES refuses; "none": they gave none. */
  replyTo: "set" | "dropped" | "none";
}

/** The longest a value may be in the e-mail, in characters, before it is cut with "…". */
export const VALUE_CAPS = {
  case_id: 20,
  urgency: 20,
  full_name: 100,
  phone: 40,
  from_location: 120,
  to_location: 120,
  preferred_date: 40,
  page: 200,
  mobility: 40,
  equipment: 100,
  notes: 2000,
} as const;
export const SUBJECT_CAP = 200;
/** Notes keep their line breaks, up to this many lines. */
export const NOTES_LINES_CAP = 40;

/** The subject (one line, at most 200 characters) and plain-text body of the e-mail about `quote`. */
export function quoteEmail(quote: Quote, { fields, replyTo }: QuoteEmailOptions): { subject: string; text: string } {
  const value = (name: Exclude<keyof typeof VALUE_CAPS, "page" | "notes">, raw: unknown) => oneLine(raw, VALUE_CAPS[name]);
  const urgency = value("urgency", quote.urgency);
  const rows: [string, string][] = [
    ["Case", value("case_id", quote.case_id)],
    ["Urgency", urgency || "not given"],
    ["Name", value("full_name", quote.full_name)],
    ["Phone", value("phone", quote.phone)],
    ["From", value("from_location", quote.from_location)],
    ["To", value("to_location", quote.to_location)],
    ["Preferred date", value("preferred_date", quote.preferred_date)],
    ["Page", oneLine(pathOf(quote.page_url), VALUE_CAPS.page)],
  ];
  if (fields.includes("mobility")) rows.push(["Mobility", value("mobility", quote.mobility)]);
  if (fields.includes("equipment")) rows.push(["Equipment", value("equipment", Array.isArray(quote.equipment) ? quote.equipment.join(", ") : "")]);
  const notes = fields.includes("notes") ? noteLines(quote.notes) : [];

  const subjectParts = `${urgency || "urgency not given"}, ${oneLine(quote.from_location, 60)} → ${oneLine(quote.to_location, 60)}`;
  const subject = cap(`Quote ${value("case_id", quote.case_id)}: ${subjectParts}`, SUBJECT_CAP);
  const text = [
    // Before anything else, even the urgency: the coordinator who calls back should be one who speaks Spanish.
    ...(quote.lang === "es" ? [SPANISH_NOTICE, ""] : []),
    ...(quote.urgency === "Today" ? ["TODAY: call back right away.", ""] : []),
    ...rows.filter(([, shown]) => shown !== "").map(([label, shown]) => `${`${label}:`.padEnd(labelWidth)}${shown}`),
    ...(notes.length > 0 ? ["Notes:", ...notes.map((line) => `${noteIndent}${line}`)] : []),
    "",
    replyToLines[replyTo],
    `The whole request is in the quotes bucket as ${quoteKey(quote)}.`,
    "",
  ].join("\n");
  return { subject, text };
}

/** The e-mail's first line when the visitor filled in the form on a Spanish page. */
export const SPANISH_NOTICE = "The visitor filled in the form in Spanish.";

/** Every label the e-mail's rows start with, in the order they come (tests check that nothing else starts a line). */
export const ROW_LABELS = ["Case", "Urgency", "Name", "Phone", "From", "To", "Preferred date", "Page", "Mobility", "Equipment", "Notes"] as const;

// --- internal ---

const labelWidth = "Preferred date: ".length + 1;
/** Each line of the notes is indented so, so that it never starts at the margin where the rows' labels are. */
const noteIndent = "    | ";

const replyToLines = {
  set: "Reply to this e-mail to write to the visitor.",
  dropped: "The visitor's e-mail address could not be used for replies: see it in the stored request.",
  none: "The visitor gave no e-mail address.",
} as const;

/** Visitor text as one line: cleaned, whitespace runs made one space, made unclickable, cut to `limit`. */
function oneLine(raw: unknown, limit: number): string {
  return cap(unlink(clean(raw).replace(/\s+/gu, " ").trim()), limit);
}

/** The notes as lines, each cleaned and made unclickable; blank runs made one; at most NOTES_LINES_CAP lines in all. */
function noteLines(raw: unknown): string[] {
  const text = cap(unlink(clean(raw).replace(/[^\S\n]+/gu, " ").replace(/ *\n */g, "\n").replace(/\n{3,}/g, "\n\n").trim()), VALUE_CAPS.notes);
  if (!text) return [];
  const lines = text.split("\n");
  return lines.length > NOTES_LINES_CAP ? [...lines.slice(0, NOTES_LINES_CAP - 1), `${lines[NOTES_LINES_CAP - 1]} …`] : lines;
}

/**
 * Removes what must never reach a mail program from visitor text: lone surrogates (half a character), bidi
 * embeddings, overrides, isolates and marks (they reorder what a coordinator sees), and every control character
 * but the line feed. Line ends of any kind become a line feed; a tab a space.
 */
function clean(raw: unknown): string {
  return String(raw ?? "")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g, "")
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n")
    .replace(/\t/g, " ")
    .replace(/[^\P{Cc}\n]/gu, "");
}

/**
 * Writes every word that a mail program would make a link (a scheme's "://", an address's "@", "www." or a dot
 * between a name and two letters, as in example.com) with its punctuation in brackets: https[:]//example[.]com,
 * ann[@]example[.]com. The word stays readable and can be typed by hand; nothing in it is clickable.
 */
function unlink(text: string): string {
  return text.replace(/[^\s]+/gu, (word) =>
    linkable.test(word) ? word.replace(/:\/\//g, "[:]//").replace(/[@＠]/g, "[@]").replace(/[.。．｡]/g, "[.]") : word,
  );
}

const linkable = /:\/\/|^www[.。．｡]|[@＠]|[\p{L}\p{N}_-][.。．｡]\p{L}{2}/iu;

/** The text cut to at most `limit` characters (code points, so no character is split), "…" marking a cut. */
function cap(text: string, limit: number): string {
  const characters = Array.from(text);
  return characters.length <= limit ? text : `${characters.slice(0, limit - 1).join("").trimEnd()}…`;
}

/** The path of the page the form was on: no host, so nothing there to click either. */
function pathOf(pageUrl: unknown): string {
  return typeof pageUrl === "string" && URL.canParse(pageUrl) ? new URL(pageUrl).pathname : "";
}
