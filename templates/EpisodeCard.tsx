/** What a card, the featured block and an episode page say about an episode; shaped by createRoutes. */
export interface EpisodeSummary {
  number: number;
  title: string;
  /** Site-absolute page URL, like "/podcast/real-time-tracking-peace-of-mind/". */
  url: string;
  /** ISO date, like "2025-09-07", for <time dateTime>. */
  date: string;
  /** "September 7, 2025". */
  dateText: string;
  /** "22 min 30 sec". */
  durationText: string;
  excerpt: string;
  coverImg: string;
  tags: string[];
}

export interface EpisodeCardProps {
  episode: EpisodeSummary;
  /** Words above the title, like "Previous episode". */
  label?: string;
  /** The card's title level: h3 in a list under an h2, h2 when the card is the section itself. */
  headingLevel?: 2 | 3;
}

/** One episode as a card: cover, title linking to its page, date and length, excerpt. */
export function EpisodeCard({ episode, label, headingLevel = 3 }: EpisodeCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card episode-card">
      {/* The title beside it says what the cover shows, so the image is decorative. */}
      <img className="episode-cover" src={episode.coverImg} alt="" width={96} height={96} loading="lazy" />
      <div>
        {label && <p className="episode-card-label">{label}</p>}
        <Heading className="episode-card-title">
          <a href={episode.url}>{episode.title}</a>
        </Heading>
        <EpisodeMeta episode={episode} />
        <p>{episode.excerpt}</p>
      </div>
    </article>
  );
}

/** "Episode 3 · September 7, 2025 · 22 min 30 sec". */
export function EpisodeMeta({ episode }: { episode: EpisodeSummary }) {
  return (
    <p className="episode-meta">
      <span>Episode {episode.number}</span>
      <span aria-hidden="true"> · </span>
      <time dateTime={episode.date}>{episode.dateText}</time>
      <span aria-hidden="true"> · </span>
      <span>{episode.durationText}</span>
    </p>
  );
}
