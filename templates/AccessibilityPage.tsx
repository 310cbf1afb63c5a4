import type { PageChrome } from "../src/content/types";
import { Layout } from "./Layout";
import { PhoneLink } from "./PhoneLink";
import { ProseSection as Section } from "./Section";
import { textFor } from "./text";

/** What /accessibility/ states of the site, from its content: what it holds that the checks cannot vouch for. */
export interface AccessibilityFacts {
  /** The day the site was built, and so checked (CI does both in one run). */
  checkedOn?: { year: number; month: number; day: number };
  /** The podcast's episodes, which have show notes but no transcripts. */
  episodes: number;
}

export interface AccessibilityPageProps {
  chrome: PageChrome;
  facts: AccessibilityFacts;
}

/** /accessibility/: the accessibility statement, on the W3C's model (standard, checks, known limits, feedback, date). */
export function AccessibilityPage({ chrome, facts }: AccessibilityPageProps) {
  const { site, lang } = chrome;
  const text = textFor(lang);
  const words = text.accessibility;
  const { checkedOn } = facts;
  return (
    <Layout chrome={chrome}>
      <section className="hero">
        <div className="container">
          <h1>{words.heading}</h1>
          <p className="lead">{words.lead(site.companyName)}</p>
        </div>
      </section>
      <Section id="standard" heading={words.standardHeading}>
        <p>{words.standard}</p>
      </Section>
      <Section id="checks" heading={words.checksHeading}>
        <p>{words.checksIntro}</p>
        <ul>
          {words.checks.map((check) => (
            <li key={check}>{check}</li>
          ))}
        </ul>
        <p>
          {words.notPublished}
          {checkedOn && ` ${words.checkedOn({ ...checkedOn, month: text.document.months[checkedOn.month - 1]! })}`}
        </p>
      </Section>
      <Section id="limits" heading={words.limitsHeading}>
        <ul>
          <li>{words.videoLimit}</li>
          {facts.episodes > 0 && <li>{words.episodesLimit}</li>}
          <li>{words.automatedLimit}</li>
        </ul>
      </Section>
      <Section id="feedback" heading={words.feedbackHeading}>
        <p>
          {words.feedback[0]}
          <PhoneLink site={site} />
          {words.feedback[1]}
        </p>
      </Section>
    </Layout>
  );
}
