import type { Lang } from "../src/content/language";
import type { Airport } from "../src/content/types";
import { textFor } from "./text";

export interface AirportListProps {
  airports: Airport[];
  lang?: Lang;
}

/** Each airport's code, name and role ("Primary", "General aviation"…). */
export function AirportList({ airports, lang = "en" }: AirportListProps) {
  const types = textFor(lang).airportType;
  return (
    <ul className="airport-list">
      {airports.map((airport) => (
        <li key={airport.code} className="airport">
          <span className="airport-code">{airport.code}</span>
          <span className="airport-name">{airport.name}</span>
          <span className="airport-role">{types[airport.type]}</span>
        </li>
      ))}
    </ul>
  );
}
