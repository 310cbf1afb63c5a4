import type { SiteConfig } from "../src/content/types";
import { Once } from "./Once";
import { PhoneLink } from "./PhoneLink";
import { QuoteButton } from "./QuoteButton";

export interface CtaBandProps {
  site: SiteConfig;
  heading?: string;
}

/**
 * The closing call to action of a page: the phone line first, the quote form second. Only the heading differs
 * from page to page; the rest is rendered once per build (Once).
 */
export function CtaBand({ site, heading = "Ready to talk about a flight?" }: CtaBandProps) {
  return (
    <section className="cta-band" aria-labelledby="cta-heading">
      <div className="container">
        <h2 id="cta-heading">{heading}</h2>
        <Once component={CtaBandBody} props={{ site }} />
      </div>
    </section>
  );
}

function CtaBandBody({ site }: { site: SiteConfig }) {
  return (
    <>
      <p>
        A coordinator answers {site.phone.display} 24 hours a day, 7 days a week. Or send a quote request and we will
        call you back.
      </p>
      <div className="button-row">
        <PhoneLink site={site} className="button button-primary" label="Call Now" />
        <QuoteButton label="Request a Quote" />
      </div>
    </>
  );
}
