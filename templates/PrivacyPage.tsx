import type { FieldName } from "../client/quote/rules";
import type { PageChrome } from "../src/content/types";
import { Layout } from "./Layout";
import { PhoneLink } from "./PhoneLink";
import { ProseSection as Section } from "./Section";
import { quoteFormTarget } from "./quote-form-target";
import { textFor } from "./text";
import type { NoticeItem } from "./text";

/** Everything /privacy/ says, worked out by createRoutes from the site's configuration, so the page cannot drift. */
export interface PrivacyFacts {
  /** The form's questions in its order (shown with the form's own labels, and why each is asked). */
  asked: { field: Exclude<FieldName, "company">; required: boolean }[];
  /** Google Analytics when configured: loaded after the visitor's first tap, key press or scroll. */
  analytics?: { measurementId: string };
  /** Where a request goes: the site's own intake (kept in S3), another system, or nowhere (a demo). */
  destination:
    | { kind: "intake"; region: string; retentionDays: number; noticeItems: NoticeItem[]; urgentText: boolean }
    | { kind: "endpoint"; origin: string }
    | { kind: "console" };
}

export interface PrivacyPageProps {
  chrome: PageChrome;
  facts: PrivacyFacts;
}

/** /privacy/: what the site collects, where it goes, how long it stays, and how to have it removed; in the page's language. */
export function PrivacyPage({ chrome, facts }: PrivacyPageProps) {
  const { site, lang } = chrome;
  const { destination } = facts;
  const words = textFor(lang).privacy;
  // The form's labels as the form of this language shows them.
  const labels = quoteFormTarget(site, lang).text.labels;
  return (
    <Layout chrome={chrome}>
      <section className="hero">
        <div className="container">
          <h1>{words.heading}</h1>
          <p className="lead">{words.lead}</p>
        </div>
      </section>
      <Section id="form" heading={words.formHeading}>
        <p>{words.formIntro}</p>
        <ul>
          {facts.asked.map((field) => (
            <li key={field.field}>
              <strong>{labels[field.field]}</strong> {field.required ? words.required : words.optional}: {words.why[field.field]}
            </li>
          ))}
        </ul>
        <p>{words.added(words.addedItems.join("; "))}</p>
      </Section>
      <Section id="loading" heading={words.loadingHeading}>
        <p>{facts.analytics ? words.analytics(facts.analytics.measurementId) : words.noAnalytics}</p>
        <p>{words.video}</p>
      </Section>
      <Section id="kept" heading={words.keptHeading}>
        {destination.kind === "intake" && <p>{words.intake(destination.region, destination.retentionDays)}</p>}
        {destination.kind === "endpoint" && <p>{words.endpoint(destination.origin)}</p>}
        {destination.kind === "console" && <p>{words.console}</p>}
        <p>{words.nowhereElse}</p>
      </Section>
      {destination.kind === "intake" && (
        <Section id="readers" heading={words.readersHeading}>
          <p>{words.readers(destination.noticeItems.map((item) => words.noticeItems[item]).join(", "))}</p>
          {destination.urgentText && <p>{words.urgentText}</p>}
        </Section>
      )}
      <Section id="browser" heading={words.browserHeading}>
        <p>{words.browser}</p>
      </Section>
      <Section id="your-request" heading={words.copyHeading}>
        <p>
          {words.copy[0]}
          <PhoneLink site={site} />
          {words.copy[1]}
        </p>
      </Section>
    </Layout>
  );
}
