import type { Lang } from "../src/content/language";
import type { SiteConfig } from "../src/content/types";
import { Island } from "./Island";
import { quoteFormTarget } from "./quote-form-target";
import { textFor } from "./text";
import { Section } from "./Section";

export interface FooterQuoteProps {
  site: SiteConfig;
  /** The page's language: the slot and its form speak it. */
  lang?: Lang;
}

/** The footer slot: the compact quote form, above the site footer. */
export function FooterQuote({ site, lang = "en" }: FooterQuoteProps) {
  const text = textFor(lang).quoteSection;
  return (
    <Section id="footer-quote-heading" heading={text.footerHeading} className="footer-quote" container="container narrow">
      <p>{text.footerIntro}</p>
      <Island
        name="quote-form"
        props={{
          variant: "compact",
          slot: "footer",
          ...quoteFormTarget(site, lang),
          submitLabel: text.callbackButton,
        }}
      />
    </Section>
  );
}
