// The `quote:` settings of data/site.yaml: where the forms send, what the coordinators' e-mail carries, who is texted.
import * as z from "zod";
import { HttpsUrl } from "./field-schemas";
import { quoteApiPath } from "./urls";

/** The quote fields the coordinators' e-mail may add (OPTIONAL_NOTICE_FIELDS in src/quote/email.ts, the same list). */
export const noticeFields = ["mobility", "equipment", "notes"] as const;
export type NoticeField = (typeof noticeFields)[number];

/**
 * Where the quote forms send (README "Where quotes go"). After validation `endpoint` is the address the forms post
 * to: the site's own /api/quote unless site.yaml names another; it is left out only with `delivery: console`.
 */
export const QuoteSettings = z
  .strictObject({
    /** Another https:// address that takes the quotes (a form backend, a CRM webhook) instead of /api/quote. */
    endpoint: HttpsUrl.optional(),
    /** "console": quotes are only written to the browser console and go nowhere, for demos; the build warns. */
    delivery: z
      .literal("console", { error: 'must be "console" (quotes go nowhere: for demos only), or left out to send them to /api/quote' })
      .optional(),
    /** What the coordinators' e-mail about a quote carries beyond a call-back's needs (docs/quotes.md, "The e-mail"). */
    notice: z
      .strictObject({
        /**
         * Fields added to the e-mail, of mobility, equipment and notes: they may be health details, so none unless
         * the owner lists them (the whole quote stays in the quotes bucket).
         */
        fields: z
          .array(z.enum(noticeFields, { error: `must be one of ${noticeFields.join(", ")}` }))
          .refine((fields) => new Set(fields).size === fields.length, "must not list a field twice")
          .default([]),
      })
      .default({ fields: [] }),
    /** On-call mobile numbers (E.164) a quote for Today or 24-48 hrs texts (docs/leads.md, "Urgent requests"); none: no texts. */
    urgent: z.array(z.string().regex(/^\+[1-9]\d{7,14}$/, "must be a mobile number in E.164, like +12395550100"))
      .max(5, "must list at most 5 numbers: one text each, for every urgent quote").default([]),
  })
  .refine((quote) => !(quote.endpoint && quote.delivery), {
    error: "cannot be console while quote.endpoint is set; remove one of the two",
    path: ["delivery"],
  })
  .transform(({ endpoint, delivery, notice, urgent }): { endpoint?: string; delivery?: "console"; notice: { fields: NoticeField[] }; urgent?: string[] } =>
    delivery === "console" ? { delivery, notice, urgent } : { endpoint: endpoint ?? quoteApiPath, notice, urgent },
  );
