import type { PageChrome } from "../src/content/types";
import { CtaBand } from "./CtaBand";
import { EpisodeCard, EpisodeMeta, type EpisodeSummary } from "./EpisodeCard";
import { Layout } from "./Layout";
import { Island } from "./Island";
import { quoteFormTarget } from "./quote-form-target";
import { PhoneLink } from "./PhoneLink";
import { VideoFacade, type VideoFacadeProps } from "./VideoFacade";

/** Spec §8: what the player area says while an episode has no audio file. */
export const emptyAudioText = "Audio player will appear here when episode is published";

export interface EpisodePageProps {
  chrome: PageChrome;
  episode: EpisodeSummary;
  /** The audio file; without it the player area shows emptyAudioText. */
  audio?: { src: string; type: string };
  video?: VideoFacadeProps;
  /** Show notes already rendered (and sanitized) to HTML by createRoutes. */
  showNotesHtml: string;
  /** Neighbours in the reversed list order (spec §3), chosen by createRoutes. */
  previous?: EpisodeSummary;
  next?: EpisodeSummary;
}

/** /podcast/<slug>/: the player, show notes, previous and next episodes, and a sidebar to plan a flight. */
export function EpisodePage({ chrome, episode, audio, video, showNotesHtml, previous, next }: EpisodePageProps) {
  const { site } = chrome;
  return (
    <Layout chrome={chrome}>
      <section className="hero episode-hero">
        <div className="container">
          <p className="eyebrow">Podcast</p>
          <h1>{episode.title}</h1>
          <EpisodeMeta episode={episode} />
          <ul className="tag-list" aria-label="Topics">
            {episode.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        </div>
      </section>

      <div className="container episode-layout">
        <div className="episode-main">
          <section className="episode-listen" aria-labelledby="listen">
            <h2 id="listen">Listen</h2>
            <div className="audio-player">
              {audio ? (
                <audio controls preload="none" src={audio.src}>
                  <a href={audio.src}>Download the episode ({audio.type === "audio/mpeg" ? "MP3" : "M4A"})</a>
                </audio>
              ) : (
                <p className="audio-empty">{emptyAudioText}</p>
              )}
            </div>
            <p className="episode-disclaimer">
              This episode is general information, not medical advice. For medical questions, talk with the patient's
              physician or care team. In an emergency, call 911.
            </p>
            {video && <VideoFacade {...video} />}
          </section>

          <section className="episode-notes" aria-labelledby="show-notes">
            <h2 id="show-notes">Show Notes</h2>
            <div className="prose" dangerouslySetInnerHTML={{ __html: showNotesHtml }} />
          </section>

          {(previous || next) && (
            <nav className="episode-nav" aria-labelledby="more-episodes">
              <h2 id="more-episodes">More Episodes</h2>
              <ul className="episode-list episode-nav-list">
                {previous && (
                  <li>
                    <EpisodeCard episode={previous} label="Previous episode" />
                  </li>
                )}
                {next && (
                  <li>
                    <EpisodeCard episode={next} label="Next episode" />
                  </li>
                )}
              </ul>
              <p>
                <a href="/podcast/">All episodes</a>
              </p>
            </nav>
          )}
        </div>

        <aside className="episode-sidebar" aria-labelledby="plan-a-flight">
          <div className="card sidebar-card">
            <h2 id="plan-a-flight">Plan a Medical Flight</h2>
            <p>Questions about a trip? A coordinator answers day and night.</p>
            <PhoneLink site={site} className="button button-primary" label="Call" />
            <Island
              name="quote-form"
              props={{ variant: "compact", slot: "sidebar", ...quoteFormTarget(site) }}
            />
          </div>
        </aside>
      </div>

      <CtaBand site={site} heading="Have a trip to plan?" />
    </Layout>
  );
}
