import type { Lang } from "../src/content/language";
import type { StaticPageProps } from "./StaticPage";
import { StaticPage } from "./StaticPage";
import { Island } from "./Island";
import { quoteFormTarget } from "./quote-form-target";
import { PhoneNumber } from "../client/phone";
import { PhoneLink } from "./PhoneLink";
import { textFor } from "./text";
import { Section } from "./Section";

export type ContactPageProps = Omit<StaticPageProps, "children" | "showCta"> & {
  /** The page's language: the quote form and its section speak it. */
  lang?: Lang;
};

/** /contact/: contact cards, the page's sections, and the full quote form at #quote. */
export function ContactPage(props: ContactPageProps) {
  const { site } = props.chrome;
  const lang: Lang = props.lang ?? props.chrome.lang;
  const words = textFor(lang);
  const text = textFor(lang).quoteSection;
  const phoneLanguage = words.phoneLanguage(site);
  return (
    <StaticPage {...props} showCta={false}>
      <section className="section" aria-labelledby="contact-cards">
        <div className="container">
          <h2 id="contact-cards" className="visually-hidden">
            {words.contact.waysToReach}
          </h2>
          <ul className="card-grid">
            <li className="card">
              <h3>{words.call247}</h3>
              <p>{words.contact.callText}</p>
              <PhoneLink site={site} className="button button-primary" />
              {phoneLanguage && <p className="phone-language">{phoneLanguage}</p>}
            </li>
            <li className="card">
              <h3>{words.contact.quoteHeading}</h3>
              <p>{words.contact.quoteText}</p>
              <a className="button button-secondary" href="#quote">
                {words.contact.goToForm}
              </a>
            </li>
            <li className="card">
              <h3>{words.contact.headquarters}</h3>
              <p>
                {site.headquarters.city}, {site.headquarters.region}. {words.contact.since(site.founded)}
              </p>
            </li>
          </ul>
        </div>
      </section>
      <Section id="quote-heading" heading={text.contactHeading} className="section section-alt" container="container narrow" anchor="quote">
        <p>
          {text.contactIntro[0]}
          <a href={`tel:${site.phone.tel}`}>
            <PhoneNumber number={site.phone.display} />
          </a>
          {text.contactIntro[1]}
        </p>
        <Island name="quote-form" props={{ variant: "full", slot: "inline", ...quoteFormTarget(site, lang) }} />
      </Section>
    </StaticPage>
  );
}
