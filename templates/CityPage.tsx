import type { City, CityCommon, PageChrome } from "../src/content/types";
import { AirportList } from "./AirportList";
import { CardList } from "./CardList";
import { Checklist } from "./Checklist";
import { CtaBand } from "./CtaBand";
import { Layout } from "./Layout";
import { PhoneLink } from "./PhoneLink";
import { Steps } from "./Steps";
import { VideoFacade, type VideoFacadeProps } from "./VideoFacade";
import { QuoteButton } from "./QuoteButton";
import { Once } from "./Once";
import { textFor } from "./text";
import type { Lang } from "../src/content/language";
import { HeroPhoto, SectionPhoto } from "./Photo";
import { Section } from "./Section";

export interface CityPageProps {
  chrome: PageChrome;
  city: City;
  common: CityCommon;
  /** The care-trip cards, linking to the city's destination pages. */
  /** A trip without a summary has none in the page's language (its page is English only: hrefLang "en"). */
  careTrips: { href: string; hrefLang?: "en"; destination: string; location: string; summary?: string }[];
  /** Nearby places; those without a page of their own have no href and are shown as text. */
  nearby: { name: string; href?: string; hrefLang?: "en" }[];
  video?: VideoFacadeProps;
}

// What every city shares (city-common.yaml: how it works, the checklists, the on-board cards) is rendered once per
// build for all of them (Once).
export function CityPage({ chrome, city, common, careTrips, nearby, video }: CityPageProps) {
  const { site, lang } = chrome;
  const words = textFor(lang).city;
  return (
    <Layout chrome={chrome}>
      <HeroPhoto photo={city.photo} lang={lang} />
      <section className="hero">
        <div className="container hero-grid">
          <div>
            <h1>{words.heading(city.cityName)}</h1>
            <p className="lead">{city.cancerCareDescription}</p>
            <Once component={HeroButtons} props={{ site, lang }} />
          </div>
          {video && <VideoFacade {...video} lang={lang} />}
        </div>
      </section>
      <SectionPhoto photo={city.photo} lang={lang} />

      <Section id="how-it-works" heading={words.howItWorks}>
        <Once component={Steps} props={{ steps: common.howItWorks }} />
      </Section>

      <Section id="airports" heading={words.airports} className="section section-alt">
        <p>{words.airportsIntro(city.cityName)}</p>
        <AirportList airports={city.airports} lang={lang} />
      </Section>

      <Section id="pathway" heading={words.pathway}>
        <h3>{words.localOverview}</h3>
        <p>{city.localCareOverview}</p>
        <div className="two-columns">
          <div>
            <h3>{words.preFlightChecklist}</h3>
            <Once component={Checklist} props={{ items: common.preFlightChecklist }} />
          </div>
          <div>
            <h3>{words.returnChecklist}</h3>
            <Once component={Checklist} props={{ items: common.returnChecklist }} />
          </div>
        </div>
      </Section>

      <Section id="support" heading={words.support} className="section section-alt">
        <ul className="support-list">
          {city.supportDirectory.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
      </Section>

      <Section id="care-trips" heading={words.careTrips}>
        <ul className="card-grid">
          {careTrips.map((trip) => (
            <li key={trip.href} className="card">
              <h3>
                <a href={trip.href} hrefLang={trip.hrefLang}>{words.careTrip(city.cityName, trip.destination)}</a>
              </h3>
              <p className="card-meta">{trip.location}</p>
              {trip.summary && <p>{trip.summary}</p>}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="on-board" heading={words.onBoard} className="section section-alt">
        <Once component={CardList} props={{ cards: common.onBoardExperience }} />
      </Section>

      <Section id="faq" heading={words.faq}>
        <div className="faq-list">
          {city.faqs.map((faq) => (
            <div key={faq.question} className="faq">
              <h3>{faq.question}</h3>
              <p>{faq.answer}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section id="other-cities" heading={words.otherCities} className="section section-alt">
        <ul className="pill-list">
          {nearby.map((place) => (
            <li key={place.name}>{place.href ? <a href={place.href} hrefLang={place.hrefLang}>{place.name}</a> : <span>{place.name}</span>}</li>
          ))}
        </ul>
        <p>
          <a href="/cities/">{words.everyCity}</a>
        </p>
      </Section>

      <CtaBand site={site} lang={lang} heading={words.ctaHeading(city.cityName)} />
    </Layout>
  );
}

/** The hero's buttons, the same on every city page: rendered once per build (Once). */
function HeroButtons({ site, lang }: { site: CityPageProps["chrome"]["site"]; lang: Lang }) {
  const words = textFor(lang);
  return (
    <div className="button-row">
      <PhoneLink site={site} className="button button-primary" label={words.callNow} />
      <QuoteButton label={words.getQuote} />
      <QuoteButton label={words.requestCallback} />
    </div>
  );
}
