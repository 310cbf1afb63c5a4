import type { PageChrome } from "../src/content/types";
import { EpisodeCard, EpisodeMeta, type EpisodeSummary } from "./EpisodeCard";
import { Layout } from "./Layout";
import { PhoneLink } from "./PhoneLink";
import { QuoteButton } from "./QuoteButton";
import { Section } from "./Section";

export interface PodcastPageProps {
  chrome: PageChrome;
  show: { title: string; description: string };
  /** Only the buttons whose show URL is configured; the RSS feed is always there. */
  subscribeLinks: { label: string; href: string; type?: string }[];
  featured?: EpisodeSummary;
  /** Up to six, newest first. */
  recent: EpisodeSummary[];
}

/** /podcast/: the featured episode, subscribe buttons, recent episodes and an about card. */
export function PodcastPage({ chrome, show, subscribeLinks, featured, recent }: PodcastPageProps) {
  const { site } = chrome;
  return (
    <Layout chrome={chrome}>
      <section className="hero">
        <div className="container">
          <p className="eyebrow">Podcast</p>
          <h1>{show.title}</h1>
          <p className="lead">{show.description}</p>
          <h2 className="subscribe-heading">Listen and subscribe</h2>
          <ul className="button-row subscribe-list">
            {subscribeLinks.map((link) => (
              <li key={link.href}>
                <a className="button button-secondary" href={link.href} type={link.type}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section id="featured" heading="Featured Episode">
        {featured ? (
          <div className="featured-episode">
            <img className="featured-cover" src={featured.coverImg} alt="" width={240} height={240} />
            <div>
              <h3 className="featured-title">
                <a href={featured.url}>{featured.title}</a>
              </h3>
              <EpisodeMeta episode={featured} />
              <p>{featured.excerpt}</p>
              <a className="button button-primary" href={featured.url}>
                Go to the episode
              </a>
            </div>
          </div>
        ) : (
          <p>The first episode is on its way.</p>
        )}
      </Section>

      {recent.length > 0 && (
        <Section id="recent" heading="Recent Episodes" className="section section-alt">
          <ul className="episode-list">
            {recent.map((episode) => (
              <li key={episode.url}>
                <EpisodeCard episode={episode} />
              </li>
            ))}
          </ul>
        </Section>
      )}

      <section className="section" aria-labelledby="about-podcast">
        <div className="container">
          <div className="card about-card">
            <h2 id="about-podcast">About the Podcast</h2>
            <p>
              {site.companyName} has coordinated non-emergency medical flights since {site.founded}, from{" "}
              {site.headquarters.city}, {site.headquarters.region}. In this podcast we explain, in plain words, how a
              medical flight is planned, how families stay informed, and what a trip abroad needs.
            </p>
            <p>The episodes are general information, not medical advice. In an emergency, call 911.</p>
            <div className="button-row">
              <QuoteButton label="Request a Quote" />
              <PhoneLink site={site} className="button button-primary" label="Call 24/7" />
            </div>
          </div>
        </div>
      </section>
    </Layout>
  );
}
