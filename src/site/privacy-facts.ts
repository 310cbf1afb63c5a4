import type { AccessibilityFacts } from "../../templates/AccessibilityPage";
import type { PrivacyFacts } from "../../templates/PrivacyPage";
import type { SiteContent } from "../content/types";

/** Why the form asks each question, in the order the full form asks them. */
const WHY: [PrivacyFacts["asked"][number]["field"], string, boolean][] = [
  ["full_name", "so the coordinator knows whom to ask for", true],
  ["phone", "to call you back", true],
  ["email", "to write to you, if you prefer", false],
  ["from_location", "where the flight starts", true],
  ["to_location", "where it goes", true],
  ["preferred_date", "when you would like to fly", false],
  ["urgency", "how soon, so a flight for today is called back first", true],
  ["mobility", "whether a stretcher, a wheelchair or a seat is needed", true],
  ["equipment", "equipment a physician has prescribed for the flight, so it can be arranged", false],
  ["notes", "anything else that helps plan the trip", false],
  ["consent", "that you understand the form is not for emergencies", true],
];

/** The e-mail always carries these; quote.notice.fields may add mobility, equipment and notes (docs/quotes.md). */
const NOTICE_ALWAYS = ["case number", "urgency", "name", "phone", "from", "to", "preferred date", "the page the form was on"];

/** What /privacy/ says, from the configuration the build runs with. */
export function privacyFacts(content: SiteContent): PrivacyFacts {
  const { site } = content;
  const quote = site.quote;
  return {
    asked: WHY.map(([field, why, required]) => ({ field, why, required })),
    added: [
      "the address and title of the page it was sent from",
      "campaign tags in that address (utm_source, utm_medium, utm_campaign), if any",
      "whether the screen is a phone's or a computer's",
      "the time, and a case number",
    ],
    analytics: site.analytics.measurementId ? { measurementId: site.analytics.measurementId } : undefined,
    destination:
      quote.delivery === "console"
        ? { kind: "console" }
        : quote.endpoint && /^https:/.test(quote.endpoint)
          ? { kind: "endpoint", origin: new URL(quote.endpoint).host }
          : {
              kind: "intake",
              region: site.quoteStorage.region,
              retentionDays: site.quoteStorage.retentionDays,
              noticeFields: [...NOTICE_ALWAYS, ...(quote.notice.fields)],
            },
  };
}

/** What /accessibility/ says of the site's content, and the day of the build when it has one. */
export function accessibilityFacts(content: SiteContent): AccessibilityFacts {
  return {
    checkedOn: content.builtOn && new Date(`${content.builtOn}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
    episodes: content.episodes.length,
  };
}
