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
import { HeroPhoto, SectionPhoto } from "./Photo";

export interface CityPageProps {
  chrome: PageChrome;
  city: City;
  common: CityCommon;
  /** The care-trip cards, linking to the city's destination pages. */
  careTrips: { href: string; destination: string; location: string; summary: string }[];
  /** Nearby places; those without a page of their own have no href and are shown as text. */
  nearby: { name: string; href?: string }[];
  video?: VideoFacadeProps;
}

// What every city shares (city-common.yaml: how it works, the checklists, the on-board cards) is rendered once per
// build for all of them (Once).
export function CityPage({ chrome, city, common, careTrips, nearby, video }: CityPageProps) {
  const { site } = chrome;
  return (
    <Layout chrome={chrome}>
      <HeroPhoto photo={city.photo} />
      <section className="hero">
        <div className="container hero-grid">
          <div>
            <h1>Medical Flights in {city.cityName}, Florida</h1>
            <p className="lead">{city.cancerCareDescription}</p>
            <Once component={HeroButtons} props={{ site }} />
          </div>
          {video && <VideoFacade {...video} />}
        </div>
      </section>
      <SectionPhoto photo={city.photo} />

      <section className="section" aria-labelledby="how-it-works">
        <div className="container">
          <h2 id="how-it-works">How It Works</h2>
          <Once component={Steps} props={{ steps: common.howItWorks }} />
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="airports">
        <div className="container">
          <h2 id="airports">Airport Logistics</h2>
          <p>Flights for {city.cityName} patients usually use these airports:</p>
          <AirportList airports={city.airports} />
        </div>
      </section>

      <section className="section" aria-labelledby="pathway">
        <div className="container">
          <h2 id="pathway">Cancer-Care Pathway</h2>
          <h3>Local oncology overview</h3>
          <p>{city.localCareOverview}</p>
          <div className="two-columns">
            <div>
              <h3>Pre-flight checklist</h3>
              <Once component={Checklist} props={{ items: common.preFlightChecklist }} />
            </div>
            <div>
              <h3>Return (post-visit) checklist</h3>
              <Once component={Checklist} props={{ items: common.returnChecklist }} />
            </div>
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="support">
        <div className="container">
          <h2 id="support">Local Support Directory</h2>
          <ul className="support-list">
            {city.supportDirectory.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="care-trips">
        <div className="container">
          <h2 id="care-trips">Care Trips We Commonly Fly</h2>
          <ul className="card-grid">
            {careTrips.map((trip) => (
              <li key={trip.href} className="card">
                <h3>
                  <a href={trip.href}>
                    {city.cityName} to {trip.destination}
                  </a>
                </h3>
                <p className="card-meta">{trip.location}</p>
                <p>{trip.summary}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="on-board">
        <div className="container">
          <h2 id="on-board">On-Board Experience</h2>
          <Once component={CardList} props={{ cards: common.onBoardExperience }} />
        </div>
      </section>

      <section className="section" aria-labelledby="faq">
        <div className="container">
          <h2 id="faq">Frequently Asked Questions</h2>
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
          <h2 id="other-cities">Other Cities We Serve</h2>
          <ul className="pill-list">
            {nearby.map((place) => (
              <li key={place.name}>{place.href ? <a href={place.href}>{place.name}</a> : <span>{place.name}</span>}</li>
            ))}
          </ul>
          <p>
            <a href="/cities/">See every city we serve</a>
          </p>
        </div>
      </section>

      <CtaBand site={site} heading={`Planning a flight from ${city.cityName}?`} />
    </Layout>
  );
}

/** The hero's buttons, the same on every city page: rendered once per build (Once). */
function HeroButtons({ site }: { site: CityPageProps["chrome"]["site"] }) {
  return (
    <div className="button-row">
      <PhoneLink site={site} className="button button-primary" label="Call Now" />
      <QuoteButton label="Get a Quote" />
      <QuoteButton label="Request Callback" />
    </div>
  );
}
