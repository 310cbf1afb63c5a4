import type { PageChrome } from "../src/content/types";
import { CtaBand } from "./CtaBand";
import { Once } from "./Once";
import { Layout } from "./Layout";

export interface CitiesPageProps {
  chrome: PageChrome;
  cities: { name: string; href: string; airports: string }[];
}

/** /cities/: every city with a page of its own, the target of the "Cities We Serve" breadcrumb. */
export function CitiesPage({ chrome, cities }: CitiesPageProps) {
  return (
    <Layout chrome={chrome}>
      <section className="hero">
        <div className="container">
          <h1>Cities We Serve</h1>
          <p className="lead">
            We coordinate non-emergency medical flights from every part of Florida. These cities have a page with
            their airports, local support and common care trips. If your city is not listed, call us: we fly
            statewide and worldwide.
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="city-list">
        <div className="container">
          <h2 id="city-list">Florida City Pages</h2>
          <ul className="city-grid">
            {cities.map((city) => (
              <li key={city.href} className="card">
                <a href={city.href}>{city.name}</a>
                <span className="card-meta">Airports: {city.airports}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <Once component={CtaBand} props={{ site: chrome.site }} />
    </Layout>
  );
}
