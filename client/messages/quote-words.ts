// The words of the quote request in one language: the form island's (handed to it as plain JSON in its props, so
// the browser's script carries no word list), the sections around the forms (templates), and the plain pages the
// intake answers a form posted without JavaScript with (src/quote/form-post.ts). Part of Messages (messages.ts).
import type { Equipment, FieldName, Mobility, Urgency } from "../quote/rules";

/** What each field error and status line of the form says (client/quote/rules.ts's validateQuote picks them). */
export interface QuoteMessages {
  full_name: string;
  phone: string;
  phoneInvalid: string;
  emailInvalid: string;
  from_location: string;
  to_location: string;
  urgency: string;
  mobility: string;
  consent: string;
  submitting: string;
  success: string;
  redirecting: string;
  failure: string;
  emergency: string;
  humanCheckWrong: string;
}

/** Every word the quote form shows, plain JSON: the island's `text` prop. A sentence around the phone number is the text before and after it. */
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
  /** What a preview's quote forms say instead of sending. */
  previewNotice: string;
  previewCall: [string, string];
  noScript: [string, string];
}

/** The words around the quote forms (the dialog, the footer slot, the contact page's form). */
export interface QuoteSectionText {
  dialogHeading: string;
  close: string;
  /** "A coordinator will call you back. Prefer to talk now? Call", then the number, then the rest. */
  dialogIntro: [string, string];
  footerHeading: string;
  footerIntro: string;
  callbackButton: string;
  contactHeading: string;
  /** The contact form's introduction: the text before the number, and after it. */
  contactIntro: [string, string];
}

/** The intake's answer to a form posted without JavaScript and not kept (HTML: apostrophes and accents need no escaping). */
export interface FormPostText {
  heading: string;
  /** Before the list of what to correct. */
  correct: string;
  notStored: string;
  /** A post from a page that is not the site's. */
  notOurSite: string;
  /** Before and after the phone number. */
  call: [string, string];
}

/** The quote's words in one language, as Messages holds them. */
export interface QuoteWords {
  quoteForm: QuoteFormText;
  quoteSection: QuoteSectionText;
  formPost: FormPostText;
}
