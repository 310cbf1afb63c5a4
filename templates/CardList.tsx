export interface CardListProps {
  cards: { title: string; text: string; href?: string }[];
  className?: string;
}

/** A grid of cards, each a heading (a link when it has an href) and a short text. */
export function CardList({ cards, className = "card-grid" }: CardListProps) {
  return (
    <ul className={className}>
      {cards.map((card) => (
        <li key={card.title} className="card">
          <h3>{card.href ? <a href={card.href}>{card.title}</a> : card.title}</h3>
          <p>{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
