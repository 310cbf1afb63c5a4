import type { Lang } from "../src/content/language";
import type { SiteConfig } from "../src/content/types";
import { Once } from "./Once";
import { PhoneLink } from "./PhoneLink";
import { QuoteButton } from "./QuoteButton";
import { textFor } from "./text";
import { Section } from "./Section";

export interface CtaBandProps {
  site: SiteConfig;
  lang?: Lang;
  heading?: string;
}

/**
 * The closing call to action of a page: the phone line first, the quote form second. Only the heading differs
 * from page to page; the rest is rendered once per build (Once).
 */
export function CtaBand({ site, lang = "en", heading = textFor(lang).cta.heading }: CtaBandProps) {
  return (
    <Section id="cta-heading" heading={heading} className="cta-band">
      <Once component={CtaBandBody} props={{ site, lang }} />
    </Section>
  );
}

function CtaBandBody({ site, lang }: { site: SiteConfig; lang: Lang }) {
  const words = textFor(lang);
  return (
    <>
      <p>{words.cta.text(site.phone.display)}</p>
      <div className="button-row">
        <PhoneLink site={site} className="button button-primary" label={words.callNow} />
        <QuoteButton label={words.requestQuote} />
      </div>
    </>
  );
}
