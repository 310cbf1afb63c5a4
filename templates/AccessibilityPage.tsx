import type { PageChrome } from "../src/content/types";
import { Layout } from "./Layout";
import { PhoneLink } from "./PhoneLink";
import { ProseSection as Section } from "./ProseSection";

/** What /accessibility/ states of the site, from its content: what it holds that the checks cannot vouch for. */
export interface AccessibilityFacts {
  /** The day the site was built, and so checked (CI does both in one run), like "November 24, 2026". */
  checkedOn?: string;
  /** The podcast's episodes, which have show notes but no transcripts. */
  episodes: number;
}

export interface AccessibilityPageProps {
  chrome: PageChrome;
  facts: AccessibilityFacts;
}

/** /accessibility/: the accessibility statement, on the W3C's model (standard, checks, known limits, feedback, date). */
export function AccessibilityPage({ chrome, facts }: AccessibilityPageProps) {
  const { site } = chrome;
  return (
    <Layout chrome={chrome}>
      <section className="hero">
        <div className="container">
          <h1>Accessibility</h1>
          <p className="lead">
            {site.companyName} wants everyone to be able to use this website, whatever their device, eyesight, hearing or
            way of using a computer.
          </p>
        </div>
      </section>
      <Section id="standard" heading="The standard we work to">
        <p>
          This site is built to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. Its pages are made to
          work with a keyboard alone and with screen readers, to fit a narrow phone or a page zoomed in, and to stay
          readable in high-contrast modes.
        </p>
      </Section>
      <Section id="checks" heading="How it is checked">
        <p>Every change is checked before it is published:</p>
        <ul>
          <li>axe-core, an automated accessibility checker, on every kind of page at two widths (a phone and a desktop);</li>
          <li>the Nu Html Checker, for valid HTML;</li>
          <li>Lighthouse, for accessibility, speed and good practice on a phone;</li>
          <li>tests in a real browser that use the menus, the dialog and the quote form with the keyboard.</li>
        </ul>
        <p>
          A change that fails any of them is not published.
          {facts.checkedOn && ` This version of the site was built and checked on ${facts.checkedOn}.`}
        </p>
      </Section>
      <Section id="limits" heading="Known limits">
        <ul>
          <li>Where a page shows a video, it plays in YouTube's own player: its controls and captions are YouTube's, not ours.</li>
          {facts.episodes > 0 && <li>Podcast episodes have written show notes, but no full transcripts yet.</li>}
          <li>Automated checks find many problems but not all; if something stops you, please tell us.</li>
        </ul>
      </Section>
      <Section id="feedback" heading="Tell us about a barrier">
        <p>
          Call us at <PhoneLink site={site} />, day or night. A coordinator will help you with what you came for, and we will
          work to remove the barrier.
        </p>
      </Section>
    </Layout>
  );
}
