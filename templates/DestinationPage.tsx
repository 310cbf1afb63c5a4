import type { Airport, PageChrome, Photo } from "../src/content/types";
import { AirportList } from "./AirportList";
import { Checklist } from "./Checklist";
import { CtaBand } from "./CtaBand";
import { Layout } from "./Layout";
import { PhoneNumber, telUrl } from "../client/phone";
import { PhoneLink } from "./PhoneLink";
import { Steps } from "./Steps";
import { VideoFacade, type VideoFacadeProps } from "./VideoFacade";
import { QuoteButton } from "./QuoteButton";
import { Once } from "./Once";
import { textFor } from "./text";
import type { Lang } from "../src/content/language";
import { HeroPhoto, SectionPhoto } from "./Photo";
import { Section } from "./Section";

/** A destination section with its markdown already rendered (sanitized) to HTML by createRoutes. */
export interface DestinationSectionView {
  id: string;
  heading: string;
  html: string;
  steps?: { title: string; text: string }[];
  checklist?: string[];
  contacts?: { label: string; phone?: string; email?: string; url?: string; note?: string }[];
}

export interface DestinationPageProps {
  chrome: PageChrome;
  cityName: string;
  heading: string;
  intro: string;
  destination: string;
  departureAirports: Airport[];
  arrivalAirports: Airport[];
  arrivalDetails: string;
  lodgingOptions: string[];
  notes: string;
  sections: DestinationSectionView[];
  video?: VideoFacadeProps;
  /** Links back to the city page and across to the other destinations from this city. */
  related: { href: string; label: string }[];
  photo?: Photo;
}

export function DestinationPage(props: DestinationPageProps) {
  const { chrome, cityName, destination } = props;
  const { site, lang } = chrome;
  const words = textFor(lang).destination;
  return (
    <Layout chrome={chrome}>
      <HeroPhoto photo={props.photo} lang={lang} />
      <section className="hero">
        <div className="container hero-grid">
          <div>
            <h1>{props.heading}</h1>
            <p className="lead">{props.intro}</p>
            <Once component={HeroButtons} props={{ site, lang }} />
          </div>
          {props.video && <VideoFacade {...props.video} lang={lang} />}
        </div>
      </section>
      <SectionPhoto photo={props.photo} lang={lang} />

      <Section id="route" heading={words.route} className="section section-alt">
        <div className="two-columns">
          <div>
            <h3>{words.departing(cityName)}</h3>
            <AirportList airports={props.departureAirports} lang={lang} />
          </div>
          <Once component={Arrival} props={{ destination, airports: props.arrivalAirports, details: props.arrivalDetails, lang }} />
        </div>
      </Section>

      <Once component={DestinationSections} props={{ sections: props.sections }} />

      <Section id="lodging" heading={words.lodging} container="container prose">
        <Once component={LodgingList} props={{ options: props.lodgingOptions }} />
        <h3>{words.goodToKnow}</h3>
        <p>{props.notes}</p>
      </Section>

      <nav className="section section-alt" aria-labelledby="related">
        <div className="container">
          <h2 id="related">{words.more(cityName)}</h2>
          <ul className="pill-list">
            {props.related.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </div>
      </nav>

      <CtaBand site={site} lang={lang} heading={words.ctaHeading(destination)} />
    </Layout>
  );
}

// What a destination's page shows the same for every city is rendered once per build (Once): the hero's buttons,
// the arrival airports, the lodging options, and the sections below.

function HeroButtons({ site, lang }: { site: PageChrome["site"]; lang: Lang }) {
  const words = textFor(lang);
  return (
    <div className="button-row">
      <PhoneLink site={site} className="button button-primary" label={words.callNow} />
      <QuoteButton label={words.getQuote} />
    </div>
  );
}

function Arrival({ destination, airports, details, lang }: { destination: string; airports: Airport[]; details: string; lang: Lang }) {
  return (
    <div>
      <h3>{textFor(lang).destination.arriving(destination)}</h3>
      <AirportList airports={airports} lang={lang} />
      <p>{details}</p>
    </div>
  );
}

function LodgingList({ options }: { options: string[] }) {
  return (
    <ul>
      {options.map((option) => (
        <li key={option}>{option}</li>
      ))}
    </ul>
  );
}

/** The destination's own sections, the same on the pages of every city: rendered once per build (Once). */
function DestinationSections({ sections }: { sections: DestinationSectionView[] }) {
  return (
    <>
      {sections.map((section, index) => (
        <Section key={section.id} id={section.id} heading={section.heading} className={`section${index % 2 ? " section-alt" : ""}`} container="container prose">
          <div dangerouslySetInnerHTML={{ __html: section.html }} />
          {section.steps && <Steps steps={section.steps} />}
          {section.checklist && <Checklist items={section.checklist.map((title) => ({ title }))} />}
          {section.contacts && (
            <ul className="contact-list">
              {section.contacts.map((contact) => (
                <li key={contact.label}>
                  {/* The label, then each way to reach them as an item of its own: a number and a web address never run together. */}
                  <strong className="contact-label">{contact.label}</strong>{" "}
                  <span className="contact-means">
                    {contact.phone && (
                      <a href={telUrl(contact.phone)}>
                        <PhoneNumber number={contact.phone} />
                      </a>
                    )}{" "}
                    {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}{" "}
                    {contact.url && <a href={contact.url}>{new URL(contact.url).hostname.replace(/^www\./, "")}</a>}
                  </span>{" "}
                  {contact.note && <span className="contact-note">{contact.note}</span>}
                </li>
              ))}
            </ul>
          )}
        </Section>
      ))}
    </>
  );
}
