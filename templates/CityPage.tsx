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

      <section className="section" aria-labelledby="how-it-works">
        <div className="container">
          <h2 id="how-it-works">{words.howItWorks}</h2>
          <Once component={Steps} props={{ steps: common.howItWorks }} />
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="airports">
        <div className="container">
          <h2 id="airports">{words.airports}</h2>
          <p>{words.airportsIntro(city.cityName)}</p>
          <AirportList airports={city.airports} lang={lang} />
        </div>
      </section>

      <section className="section" aria-labelledby="pathway">
        <div className="container">
          <h2 id="pathway">{words.pathway}</h2>
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
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="support">
        <div className="container">
          <h2 id="support">{words.support}</h2>
          <ul className="support-list">
            {city.supportDirectory.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="care-trips">
        <div className="container">
          <h2 id="care-trips">{words.careTrips}</h2>
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
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="on-board">
        <div className="container">
          <h2 id="on-board">{words.onBoard}</h2>
          <Once component={CardList} props={{ cards: common.onBoardExperience }} />
        </div>
      </section>

      <section className="section" aria-labelledby="faq">
        <div className="container">
          <h2 id="faq">{words.faq}</h2>
          <div className="faq-list">
            {city.faqs.map((faq) => (
              <div key={faq.question} className="faq">
                <h3>{faq.question}</h3>
                <p>{faq.answer}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="other-cities">
        <div className="container">
          <h2 id="other-cities">{words.otherCities}</h2>
          <ul className="pill-list">
            {nearby.map((place) => (
              <li key={place.name}>{place.href ? <a href={place.href} hrefLang={place.hrefLang}>{place.name}</a> : <span>{place.name}</span>}</li>
            ))}
          </ul>
          <p>
            <a href="/cities/">{words.everyCity}</a>
          </p>
        </div>
      </section>

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
