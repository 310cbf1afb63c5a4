import { FIELD_LABELS } from "../client/quote/labels";
import type { FieldName } from "../client/quote/rules";
import type { PageChrome } from "../src/content/types";
import { Layout } from "./Layout";
import { PhoneLink } from "./PhoneLink";
import { ProseSection as Section } from "./ProseSection";

/** Everything /privacy/ says, worked out by createRoutes from the site's configuration, so the page cannot drift. */
export interface PrivacyFacts {
  /** The form's questions, each with why it is asked (shown with the form's own labels). */
  asked: { field: Exclude<FieldName, "company">; why: string; required: boolean }[];
  /** What the page adds to a request when it is sent. */
  added: string[];
  /** Google Analytics when configured: loaded after the visitor's first tap, key press or scroll. */
  analytics?: { measurementId: string };
  /** Where a request goes: the site's own intake (kept in S3), another system, or nowhere (a demo). */
  destination:
    | { kind: "intake"; region: string; retentionDays: number; noticeFields: string[] }
    | { kind: "endpoint"; origin: string }
    | { kind: "console" };
}

export interface PrivacyPageProps {
  chrome: PageChrome;
  facts: PrivacyFacts;
}

/** /privacy/: what the site collects, where it goes, how long it stays, and how to have it removed. */
export function PrivacyPage({ chrome, facts }: PrivacyPageProps) {
  const { site } = chrome;
  const { destination } = facts;
  return (
    <Layout chrome={chrome}>
      <section className="hero">
        <div className="container">
          <h1>Privacy</h1>
          <p className="lead">
            What this website collects, why, where it is kept and for how long, and how to have it removed. In short: only
            what you type into a quote request, to call you back.
          </p>
        </div>
      </section>
      <Section id="form" heading="What the quote form asks, and why">
        <p>We ask only what a coordinator needs to call you back and plan the flight. Please do not include sensitive medical details.</p>
        <ul>
          {facts.asked.map((field) => (
            <li key={field.field}>
              <strong>{FIELD_LABELS[field.field]}</strong>
              {field.required ? " (required)" : " (optional)"}: {field.why}
            </li>
          ))}
        </ul>
        <p>When you send it, the page adds: {facts.added.join("; ")}.</p>
      </Section>
      <Section id="loading" heading="What loads with each page">
        {facts.analytics ? (
          <p>
            A page loads nothing from another company until you first tap, press a key or scroll. Then it loads Google
            Analytics (measurement ID {facts.analytics.measurementId}), which counts visits and whether a quote request
            was sent (its urgency, city, destination, device and which form), never what you typed.
          </p>
        ) : (
          <p>Pages load nothing from another company: no analytics, no advertising, no tracking of any kind.</p>
        )}
        <p>
          Where a page shows a video from YouTube, it is a picture until you press play; only then does your browser
          connect to YouTube (youtube-nocookie.com).
        </p>
      </Section>
      <Section id="kept" heading="Where a request is kept, and for how long">
        {destination.kind === "intake" && (
          <p>
            A request goes to our own service on Amazon Web Services, which keeps it in private, encrypted storage
            (Amazon S3, region {destination.region}) and deletes it {destination.retentionDays} days after it arrives.
          </p>
        )}
        {destination.kind === "endpoint" && <p>A request is sent to {destination.origin}, the system our coordinators work in.</p>}
        {destination.kind === "console" && <p>This copy of the site sends requests nowhere: please call us instead.</p>}
        <p>The site sends it nowhere else.</p>
      </Section>
      {destination.kind === "intake" && (
        <Section id="readers" heading="Who reads it">
          <p>
            Our coordinators receive an e-mail for each request with: {destination.noticeFields.join(", ")}. They read the
            rest of the request in the storage above when they call you back.
          </p>
        </Section>
      )}
      <Section id="browser" heading="Cookies and your browser">
        <p>
          This site sets no cookies. While you fill in the quote form, your browser keeps what you typed for this tab only
          (so a reload loses nothing), and forgets it once the request is sent or the tab is closed.
        </p>
      </Section>
      <Section id="your-request" heading="A copy, a correction or deletion">
        <p>
          Call us at <PhoneLink site={site} /> with your case number. We will read you what we keep, correct it, or delete
          it with everything kept about it.
        </p>
      </Section>
    </Layout>
  );
}
