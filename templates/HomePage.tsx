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
import { Section } from "./Section";

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

      <Section id="services" heading={words.home.howWeHelp}>
        <CardList cards={home.serviceTiles} className="card-grid card-grid-4" />
      </Section>

      <Section id="on-board" heading={home.onBoardCare.heading} className="section section-alt">
        <p>{home.onBoardCare.intro}</p>
        <CardList cards={home.onBoardCare.items} />
      </Section>

      <Section id="how-it-works" heading={words.home.howItWorks}>
        <Steps steps={home.howItWorks} />
      </Section>

      <Section id="what-we-coordinate" heading={words.home.whatWeCoordinate} className="section section-alt">
        <CardList cards={home.serviceCards} />
      </Section>

      <Section id="cities" heading={words.home.citiesWeServe}>
        <ul className="pill-list">
          {cities.map((city) => (
            <li key={city.href}>
              <a href={city.href} hrefLang={city.hrefLang}>{city.name}</a>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="quick-facts" heading={words.home.quickFacts} className="section section-alt">
        <dl className="facts">
          {home.quickFacts.map((fact) => (
            <div key={fact.label} className="fact">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="mission" heading={home.mission.heading} container="container prose">
        <p>{home.mission.text}</p>
      </Section>

      <Once component={CtaBand} props={{ site, lang }} />
    </Layout>
  );
}
