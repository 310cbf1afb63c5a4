import type { PageChrome } from "../src/content/types";
import { CtaBand } from "./CtaBand";
import { Once } from "./Once";
import { Layout } from "./Layout";
import { textFor } from "./text";
import { Section } from "./Section";

export interface CitiesPageProps {
  chrome: PageChrome;
  /** hrefLang "en": the city has no page in this page's language. */
  cities: { name: string; href: string; hrefLang?: "en"; airports: string }[];
}

/** /cities/: every city with a page of its own, the target of the "Cities We Serve" breadcrumb. */
export function CitiesPage({ chrome, cities }: CitiesPageProps) {
  const words = textFor(chrome.lang).cities;
  return (
    <Layout chrome={chrome}>
      <section className="hero">
        <div className="container">
          <h1>{words.heading}</h1>
          <p className="lead">{words.lead}</p>
        </div>
      </section>
      <Section id="city-list" heading={words.listHeading}>
        <ul className="city-grid">
          {cities.map((city) => (
            <li key={city.href} className="card">
              <a href={city.href} hrefLang={city.hrefLang}>{city.name}</a>
              <span className="card-meta">{words.airports}: {city.airports}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Once component={CtaBand} props={{ site: chrome.site, lang: chrome.lang }} />
    </Layout>
  );
}
