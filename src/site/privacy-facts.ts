import type { AccessibilityFacts } from "../../templates/AccessibilityPage";
import type { PrivacyFacts } from "../../templates/PrivacyPage";
import type { NoticeItem } from "../../templates/text";
import type { SiteContent } from "../content/types";

// The facts /privacy/ and /accessibility/ are made from, whatever the language: the words around them are the
// interface words' (client/messages/, `privacy` and `accessibility`).

/** The questions of the full form, in its order, and whether each must be answered. */
const ASKED: PrivacyFacts["asked"] = [
  { field: "full_name", required: true },
  { field: "phone", required: true },
  { field: "email", required: false },
  { field: "from_location", required: true },
  { field: "to_location", required: true },
  { field: "preferred_date", required: false },
  { field: "urgency", required: true },
  { field: "mobility", required: true },
  { field: "equipment", required: false },
  { field: "notes", required: false },
  { field: "consent", required: true },
];

/** The e-mail always carries these; quote.notice.fields may add mobility, equipment and notes (docs/quotes.md). */
const NOTICE_ALWAYS: NoticeItem[] = ["caseNumber", "urgency", "name", "phone", "from", "to", "preferredDate", "page"];

/** What /privacy/ says, from the configuration the build runs with. */
export function privacyFacts(content: SiteContent): PrivacyFacts {
  const { site } = content;
  const quote = site.quote;
  return {
    asked: ASKED,
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
              noticeItems: [...NOTICE_ALWAYS, ...quote.notice.fields],
              // quote.urgent lists on-call phones: an urgent request also goes to them as a text (docs/leads.md).
              urgentText: (quote.urgent?.length ?? 0) > 0,
            },
  };
}

/** What /accessibility/ says of the site's content, and the day of the build when it has one. */
export function accessibilityFacts(content: SiteContent): AccessibilityFacts {
  const [year, month, day] = (content.builtOn ?? "").split("-").map(Number);
  return {
    ...(content.builtOn && { checkedOn: { year: year!, month: month!, day: day! } }),
    episodes: content.episodes.length,
  };
}
