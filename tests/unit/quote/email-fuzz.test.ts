// Issue 25: whatever a visitor (or a bot) puts in any string field, the coordinators' e-mail stays safe: a
// one-line subject of at most 200 characters, no control characters but the body's line feeds, no bidi controls
// or lone surrogates, every value within its cap, nothing a mail program would make a link, and no forged rows.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NOTES_LINES_CAP, OPTIONAL_NOTICE_FIELDS, quoteEmail, ROW_LABELS, SPANISH_NOTICE, SUBJECT_CAP, VALUE_CAPS } from "../../../src/quote/email";
import type { Quote } from "../../../src/quote/schema";
import { formQuote } from "../support/quotes";

/** Strings that mix what hurts: controls, line ends, bidi controls, surrogates (paired and lone), URL-ish words, long runs. */
const nasty = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.string({ unit: fc.constantFrom("\r", "\n", "\u0000", "\u001b", "\u007f", "\u0085", "\u2028", "\u202e", "\u2066", "\u200f", "\ud800", "\udc00", "😀", "a", " ", ".", "@", ":", "/", "w", "Phone: "), maxLength: 200 }),
  fc.constantFrom("https://evil.example/x", "www.evil.example", "eve@evil.example", "evil.com", "EVIL.COM/x", "ftp://x.y", "evil。example", "a＠b．cd", "\nPhone: 555 000 0000\nCase: AF00000000AAAA"),
  fc.string({ minLength: 2000, maxLength: 20_000 }),
);

const stringFields = ["full_name", "phone", "email", "from_location", "to_location", "preferred_date", "notes", "page_url", "page_title", "case_id", "urgency", "mobility"] as const;

const quotes = fc.record(Object.fromEntries(stringFields.map((field) => [field, nasty])) as Record<(typeof stringFields)[number], fc.Arbitrary<string>>).map(
  (fields): Quote => ({ ...formQuote(), ...fields, case_id: formQuote().case_id, equipment: [fields.notes as never, "Oxygen"] }) as Quote,
).chain((quote) => fc.constantFrom("en" as const, "es" as const).map((lang): Quote => ({ ...quote, lang })));

const linkish = /:\/\/|(^|[^\p{L}\p{N}])www[.。．｡]|[\p{L}\p{N}][@＠][\p{L}\p{N}]|[\p{L}\p{N}_-][.。．｡]\p{L}{2}/iu;
const forbidden = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u2028\u2029]/u;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("the coordinators' e-mail, fuzzed", () => {
  it("keeps its shape whatever every string field holds", () => {
    fc.assert(
      fc.property(quotes, fc.subarray([...OPTIONAL_NOTICE_FIELDS]), fc.constantFrom("set", "dropped", "none" as const), (quote, fields, replyTo) => {
        const { subject, text } = quoteEmail(quote, { fields, replyTo });
        expect(Array.from(subject).length).toBeLessThanOrEqual(SUBJECT_CAP);
        expect(subject).not.toMatch(forbidden);
        expect(subject).not.toMatch(loneSurrogate);
        expect(subject).not.toMatch(linkish);

        expect(text.replace(/\n/g, "")).not.toMatch(forbidden);
        expect(text).not.toMatch(loneSurrogate);
        const lines = text.split("\n");
        expect(lines.indexOf(SPANISH_NOTICE), "the Spanish notice, first or nowhere").toBe(quote.lang === "es" ? 0 : -1);
        // The last lines are ours: the reply note and the bucket key (a file name with a dot).
        const visitorLines = lines.slice(0, -3);
        for (const line of visitorLines) expect(line).not.toMatch(linkish);

        const rows = visitorLines.filter((line) => line !== "" && !line.startsWith("    | ") && line !== "TODAY: call back right away." && line !== SPANISH_NOTICE);
        for (const row of rows) {
          const label = ROW_LABELS.find((name) => row.startsWith(`${name}:`));
          expect(label, `a row of the e-mail's own: ${JSON.stringify(row)}`).toBeDefined();
          const value = row.slice(17);
          const cap = { Case: VALUE_CAPS.case_id, Urgency: VALUE_CAPS.urgency, Name: VALUE_CAPS.full_name, Phone: VALUE_CAPS.phone, From: VALUE_CAPS.from_location, To: VALUE_CAPS.to_location, "Preferred date": VALUE_CAPS.preferred_date, Page: VALUE_CAPS.page, Mobility: VALUE_CAPS.mobility, Equipment: VALUE_CAPS.equipment, Notes: 0 }[label!];
          expect(Array.from(value).length).toBeLessThanOrEqual(cap);
        }
        expect(rows.filter((row) => row.startsWith("Phone:")).length, "never a second Phone row").toBeLessThanOrEqual(1);
        const notes = visitorLines.filter((line) => line.startsWith("    | "));
        expect(notes.length).toBeLessThanOrEqual(fields.includes("notes") ? NOTES_LINES_CAP : 0);
        expect(notes.reduce((sum, line) => sum + Array.from(line.slice(6)).length, 0)).toBeLessThanOrEqual(VALUE_CAPS.notes);
        if (!fields.includes("notes")) expect(text).not.toMatch(/^Notes:/m);
        if (!fields.includes("mobility")) expect(text).not.toMatch(/^Mobility:/m);
      }),
      { numRuns: 300 },
    );
  });
});
