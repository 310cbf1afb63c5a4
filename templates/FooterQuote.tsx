import type { SiteConfig } from "../src/content/types";
import { Island } from "./Island";
import { quoteFormTarget } from "./quote-form-target";

export interface FooterQuoteProps {
  site: SiteConfig;
}

/** The footer slot: the compact quote form, above the site footer. */
export function FooterQuote({ site }: FooterQuoteProps) {
  return (
    <section className="footer-quote" aria-labelledby="footer-quote-heading">
      <div className="container narrow">
        <h2 id="footer-quote-heading">Request a Callback</h2>
        <p>Leave your name and number and a coordinator will call you back.</p>
        <Island
          name="quote-form"
          props={{
            variant: "compact",
            slot: "footer",
            ...quoteFormTarget(site),
            submitLabel: "Request Callback",
          }}
        />
      </div>
    </section>
  );
}
