import type { Lang } from "../src/content/language";
import type { StaticPageProps } from "./StaticPage";
import { StaticPage } from "./StaticPage";
import { Island } from "./Island";
import { quoteFormTarget } from "./quote-form-target";
import { PhoneLink } from "./PhoneLink";
import { quoteSectionText } from "./quote-text";

export type ContactPageProps = Omit<StaticPageProps, "children" | "showCta"> & {
  /** The page's language: the quote form and its section speak it. */
  lang?: Lang;
};

/** /contact/: contact cards, the page's sections, and the full quote form at #quote. */
export function ContactPage(props: ContactPageProps) {
  const { site } = props.chrome;
  // The page's language: given here, or the chrome's when the pages carry one.
  const lang: Lang = props.lang ?? (props.chrome as { lang?: Lang }).lang ?? "en";
  const text = quoteSectionText[lang];
  return (
    <StaticPage {...props} showCta={false}>
      <section className="section" aria-labelledby="contact-cards">
        <div className="container">
          <h2 id="contact-cards" className="visually-hidden">
            Ways to reach us
          </h2>
          <ul className="card-grid">
            <li className="card">
              <h3>Call 24/7</h3>
              <p>A coordinator answers day and night, every day of the year.</p>
              <PhoneLink site={site} className="button button-primary" />
            </li>
            <li className="card">
              <h3>Request a quote or callback</h3>
              <p>Fill in the form below and a coordinator will call you back.</p>
              <a className="button button-secondary" href="#quote">
                Go to the form
              </a>
            </li>
            <li className="card">
              <h3>Headquarters</h3>
              <p>
                {site.headquarters.city}, {site.headquarters.region}. Coordinating medical flights since {site.founded}.
              </p>
            </li>
          </ul>
        </div>
      </section>
      <section id="quote" className="section section-alt" aria-labelledby="quote-heading">
        <div className="container narrow">
          <h2 id="quote-heading">{text.contactHeading}</h2>
          <p>
            {text.contactIntro[0]}
            <a href={`tel:${site.phone.tel}`}>{site.phone.display}</a>
            {text.contactIntro[1]}
          </p>
          <Island name="quote-form" props={{ variant: "full", slot: "inline", ...quoteFormTarget(site, lang) }} />
        </div>
      </section>
    </StaticPage>
  );
}
