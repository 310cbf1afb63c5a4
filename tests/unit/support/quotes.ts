// Quotes as the browser form assembles them, from the form's own code, for the receiver and intake tests.
import { assembleQuote, emptyQuoteFields, type Quote } from "../../../client/quote/rules";

export const PAGE = "https://www.floridamedicalflights.example/naples/flights-to-md-anderson-houston/?utm_source=newsletter";

/** A valid quote sent from the modal of a destination page on 7 September 2025; `random` varies the case id. */
export function formQuote(random = 0.5, nowMs = Date.UTC(2025, 8, 7, 14, 30)): Quote {
  return assembleQuote(
    {
      ...emptyQuoteFields(),
      full_name: "Ann Lee",
      phone: "(555) 123-4567",
      from_location: "Naples, FL",
      to_location: "Houston, TX",
      urgency: "Planned (3+ days)",
      mobility: "Wheelchair",
      equipment: ["Oxygen"],
      consent: true,
    },
    { href: PAGE, title: "Naples to MD Anderson", windowWidth: 390, slot: "modal", nowMs, random: () => random },
  );
}
