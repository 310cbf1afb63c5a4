import * as z from "zod";
import {
  CASE_ID_PATTERN,
  emptyQuoteFields,
  EQUIPMENT_OPTIONS,
  MOBILITY_OPTIONS,
  QUOTE_LANGUAGES,
  SOURCE_SLOTS,
  URGENCY_OPTIONS,
  validateQuote,
  type Quote as AssembledQuote,
  type QuoteFields,
} from "../../client/quote/rules";
import { messages, type QuoteMessages } from "../../client/messages";

// The server's check of a quote request (spec §3, §5). The rules themselves live once, in client/quote/rules.ts,
// where the form uses them: here zod checks the shape of the whole assembled object, and validateQuote decides
// the form's fields with the form's own messages, so a quote the form accepts is a quote the server accepts.

/** The English form's messages: the server's own words for a field that is wrong. */
const MESSAGES = messages.en.quoteForm.messages;

/** The quote request as the form sends it: every entered field but the trap field, plus page, campaign and device facts. */
export const Quote = z
  .object({
    full_name: z.string({ error: MESSAGES.full_name }),
    phone: z.string({ error: MESSAGES.phone }),
    email: z.string(),
    from_location: z.string({ error: MESSAGES.from_location }),
    to_location: z.string({ error: MESSAGES.to_location }),
    preferred_date: z.string(),
    urgency: z.enum([...URGENCY_OPTIONS, ""], { error: MESSAGES.urgency }),
    mobility: z.enum([...MOBILITY_OPTIONS, ""], { error: MESSAGES.mobility }),
    equipment: z.array(z.enum(EQUIPMENT_OPTIONS), { error: orRequired(`must be a list of ${EQUIPMENT_OPTIONS.join(", ")}`) }),
    notes: z.string(),
    consent: z.boolean({ error: MESSAGES.consent }),
    page_url: z.url({ protocol: /^https?$/, error: orRequired("must be the full address of the page the form was on") }),
    page_title: z.string(),
    city_slug: z.string(),
    destination_slug: z.enum(["md-anderson", "mayo-clinic", ""]),
    source_slot: z.enum(SOURCE_SLOTS),
    utm_source: z.string(),
    utm_medium: z.string(),
    utm_campaign: z.string(),
    device: z.enum(["mobile", "desktop"]),
    case_id: z.string().regex(CASE_ID_PATTERN, "must be a case id like AF12345678AB12"),
    timestamp: z.iso.datetime({ error: orRequired("must be a date and time in ISO format, like 2025-09-07T14:30:00.000Z") }),
    // A page cached from before the form said its language sends none: it was an English page.
    lang: z.enum(QUOTE_LANGUAGES, { error: `must be one of ${QUOTE_LANGUAGES.join(", ")}` }).default("en"),
  })
  .superRefine((quote, context) => {
    for (const [field, message] of Object.entries(validateQuote({ ...quote, company: "" }, MESSAGES))) {
      context.addIssue({ code: "custom", path: [field], message });
    }
  }) satisfies z.ZodType<AssembledQuote>;
export type Quote = AssembledQuote;

/** One message per field of the quote, the first found; problems with the whole body are under "body". */
export type QuoteErrors = Record<string, string>;

/** A parsed JSON body → the quote, or one message per field that is wrong (the form's fields' in `messages`). */
export function checkQuote(body: unknown, messages: QuoteMessages = MESSAGES): { ok: true; quote: Quote } | { ok: false; errors: QuoteErrors } {
  const result = Quote.safeParse(body, {
    error: (issue) => (issue.input === undefined ? "is required" : undefined),
  });
  if (result.success) return { ok: true, quote: result.data };
  // zod checks refinements only once the whole shape is right, so judge the form's fields here too: an
  // empty name is reported even when some other field is missing.
  const errors: QuoteErrors = isObject(body) ? { ...validateQuote(formFieldsOf(body), messages) } : {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "body";
    errors[field] ??= field === "body" ? "must be a JSON object with the quote's fields" : issue.message;
  }
  return { ok: false, errors };
}

// --- internal ---

function orRequired(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : message);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The form's fields of a body, each left empty where the body has no value of the right type. */
function formFieldsOf(body: Record<string, unknown>): QuoteFields {
  const fields = emptyQuoteFields();
  const given = Object.entries(body).filter(([name, value]) => name in fields && typeof value === typeof fields[name as keyof QuoteFields]);
  return { ...fields, ...Object.fromEntries(given) };
}
