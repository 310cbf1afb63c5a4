import type { Home, PageChrome } from "../src/content/types";
import { CardList } from "./CardList";
import { CtaBand } from "./CtaBand";
import { Once } from "./Once";
import { Layout } from "./Layout";
import { PhoneLink } from "./PhoneLink";
import { Steps } from "./Steps";
import { QuoteButton } from "./QuoteButton";
import { textFor } from "./text";
import { HeroPhoto, SectionPhoto } from "./Photo";

export interface HomePageProps {
  chrome: PageChrome;
  home: Home;
  /** hrefLang "en": the city has no page in this page's language. */
  cities: { name: string; href: string; hrefLang?: "en" }[];
}

export function HomePage({ chrome, home, cities }: HomePageProps) {
  const { site, lang } = chrome;
  const words = textFor(lang);
  return (
    <Layout chrome={chrome}>
      <HeroPhoto photo={home.photo} lang={lang} />
      <section className="hero">
        <div className="container">
          <p className="eyebrow">{site.tagline}</p>
          <h1>{home.hero.heading}</h1>
          <p className="lead">{home.hero.lead}</p>
          <div className="button-row">
            <PhoneLink site={site} className="button button-primary" label={words.callNow} />
            <QuoteButton label={words.requestQuote} />
          </div>
        </div>
      </section>
      <SectionPhoto photo={home.photo} lang={lang} />

      <section className="section" aria-labelledby="services">
        <div className="container">
          <h2 id="services">{words.home.howWeHelp}</h2>
          <CardList cards={home.serviceTiles} className="card-grid card-grid-4" />
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="on-board">
        <div className="container">
          <h2 id="on-board">{home.onBoardCare.heading}</h2>
          <p>{home.onBoardCare.intro}</p>
          <CardList cards={home.onBoardCare.items} />
        </div>
      </section>

      <section className="section" aria-labelledby="how-it-works">
        <div className="container">
          <h2 id="how-it-works">{words.home.howItWorks}</h2>
          <Steps steps={home.howItWorks} />
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="what-we-coordinate">
        <div className="container">
          <h2 id="what-we-coordinate">{words.home.whatWeCoordinate}</h2>
          <CardList cards={home.serviceCards} />
        </div>
      </section>

      <section className="section" aria-labelledby="cities">
        <div className="container">
          <h2 id="cities">{words.home.citiesWeServe}</h2>
          <ul className="pill-list">
            {cities.map((city) => (
              <li key={city.href}>
                <a href={city.href} hrefLang={city.hrefLang}>{city.name}</a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="quick-facts">
        <div className="container">
          <h2 id="quick-facts">{words.home.quickFacts}</h2>
          <dl className="facts">
            {home.quickFacts.map((fact) => (
              <div key={fact.label} className="fact">
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="mission">
        <div className="container prose">
          <h2 id="mission">{home.mission.heading}</h2>
          <p>{home.mission.text}</p>
        </div>
      </section>

      <Once component={CtaBand} props={{ site, lang }} />
    </Layout>
  );
}
