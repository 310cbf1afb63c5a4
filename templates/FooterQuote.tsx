import type { Lang } from "../src/content/language";
import type { SiteConfig } from "../src/content/types";
import { Island } from "./Island";
import { quoteFormTarget } from "./quote-form-target";
import { textFor } from "./text";

export interface FooterQuoteProps {
  site: SiteConfig;
  /** The page's language: the slot and its form speak it. */
  lang?: Lang;
}

/** The footer slot: the compact quote form, above the site footer. */
export function FooterQuote({ site, lang = "en" }: FooterQuoteProps) {
  const text = textFor(lang).quoteSection;
  return (
    <section className="footer-quote" aria-labelledby="footer-quote-heading">
      <div className="container narrow">
        <h2 id="footer-quote-heading">{text.footerHeading}</h2>
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
      </div>
    </section>
  );
}
