// Every word the quote form shows, in one object, so a page in another language hands the form its own words as a
// prop (client/quote/text-es.ts, chosen by the templates): the browser then carries only the page's language. The
// English words are the form's own, defined once in rules.ts and labels.ts, where the server and the tests read them.
import { FIELD_LABELS } from "./labels";
import {
  CONSENT_TEXT,
  HUMAN_CHECK_QUESTION,
  MESSAGES,
  NOTES_PLACEHOLDER,
  type Equipment,
  type FieldName,
  type Mobility,
  type QuoteMessages,
  type Urgency,
} from "./rules";

/** The form's words in one language. A sentence around the phone number is the text before and after it. */
export interface QuoteFormText {
  labels: Record<FieldName, string>;
  /** What each option shows; left out in English, where an option shows its value. The value sent never changes. */
  options?: Record<Urgency | Mobility | Equipment, string>;
  messages: QuoteMessages;
  /** After a required field's label. */
  required: string;
  hint: string;
  consent: string;
  notesPlaceholder: string;
  humanCheck: string;
  verify: string;
  submit: string;
  privacy: string;
  todayCall: [string, string];
  previewNotice: string;
  previewCall: [string, string];
  noScript: [string, string];
}

/** What a preview's quote forms say instead of sending. */
export const PREVIEW_NOTICE = "This is a preview of the website. Requests are not sent from this form.";

export const englishFormText: QuoteFormText = {
  labels: FIELD_LABELS,
  messages: MESSAGES,
  required: "(required)",
  hint: "Fields marked (required) must be filled in.",
  consent: CONSENT_TEXT,
  notesPlaceholder: NOTES_PLACEHOLDER,
  humanCheck: HUMAN_CHECK_QUESTION,
  verify: "Verify",
  submit: "Request a Quote",
  privacy: "How we keep and use your request",
  todayCall: ["For a flight today, please also call us at ", " after you submit this form, so a coordinator can start right away."],
  previewNotice: PREVIEW_NOTICE,
  previewCall: ["To ask for a quote, please call ", ": a coordinator answers 24/7."],
  noScript: ["This form needs JavaScript to send. Please call ", ": a coordinator answers 24/7."],
};
