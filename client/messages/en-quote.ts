import type { QuoteWords } from "./quote-words";

// The quote request's English words (spec §3–§5). The form's labels are also what `flightsite leads` labels a stored
// quote with, so a coordinator reads the same words the visitor answered.
export const englishQuoteWords: QuoteWords = {
  quoteForm: {
    labels: {
      full_name: "Full name",
      phone: "Phone",
      email: "Email",
      from_location: "Flying from (city or facility)",
      to_location: "Flying to (city or facility)",
      preferred_date: "Preferred date",
      urgency: "Urgency",
      mobility: "Mobility",
      equipment: "Equipment (if prescribed)",
      notes: "Notes",
      consent: "Consent",
      company: "Company (leave empty)",
    },
    messages: {
      full_name: "Name is required",
      phone: "Phone is required",
      phoneInvalid: "Please enter a valid phone number",
      emailInvalid: "Please enter a valid email address",
      from_location: "From location is required",
      to_location: "To location is required",
      urgency: "Urgency is required",
      mobility: "Mobility is required",
      consent: "Consent is required",
      submitting: "Submitting...",
      success: "Quote request submitted successfully!",
      redirecting: "Redirecting to confirmation page...",
      failure: "Something went wrong. Please try again.",
      emergency: "For emergencies, call 911.",
      humanCheckWrong: "That is not the right answer. Please try again.",
    },
    required: "(required)",
    hint: "Fields marked (required) must be filled in.",
    consent:
      "I understand this form is for non-emergency flight coordination and general information only, and I will not include sensitive medical details.",
    notesPlaceholder:
      "Anything that helps us plan the trip, like timing or who will travel along. Please do not include sensitive medical details.",
    humanCheck: "Please solve: 3 + 4 = ?",
    verify: "Verify",
    submit: "Request a Quote",
    privacy: "How we keep and use your request",
    todayCall: ["For a flight today, please also call us at ", " after you submit this form, so a coordinator can start right away."],
    previewNotice: "This is a preview of the website. Requests are not sent from this form.",
    previewCall: ["To ask for a quote, please call ", ": a coordinator answers 24/7."],
    noScript: ["This form needs JavaScript to send. Please call ", ": a coordinator answers 24/7."],
  },
  quoteSection: {
    dialogHeading: "Request a Quote",
    close: "Close",
    dialogIntro: ["A coordinator will call you back. Prefer to talk now? Call ", ", 24/7."],
    footerHeading: "Request a Callback",
    footerIntro: "Leave your name and number and a coordinator will call you back.",
    callbackButton: "Request Callback",
    contactHeading: "Request a Quote",
    contactIntro: [
      "Tell us where and when the patient needs to travel, and a coordinator will call you back. For anything urgent, call ",
      ".",
    ],
  },
  formPost: {
    heading: "Your request was not sent",
    correct: "Please go back to the form with your browser's Back button (what you typed is still there), correct the following, and send it again:",
    notStored:
      "We could not save your request just now, so it has not reached a coordinator. Please go back to the form with your browser's Back button (what you typed is still there) and send it again in a moment.",
    notOurSite: "This form was not sent from our website, so it was not accepted. Please send it from our website's own form.",
    call: ["Or call ", ": a coordinator answers 24/7."],
  },
};
