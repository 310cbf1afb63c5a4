import type { Airport } from "../src/content/types";

export interface AirportListProps {
  airports: Airport[];
}

/** Each airport's code, name and role ("Primary", "General aviation"…). */
export function AirportList({ airports }: AirportListProps) {
  return (
    <ul className="airport-list">
      {airports.map((airport) => (
        <li key={airport.code} className="airport">
          <span className="airport-code">{airport.code}</span>
          <span className="airport-name">{airport.name}</span>
          <span className="airport-role">{airport.type.charAt(0).toUpperCase() + airport.type.slice(1)}</span>
        </li>
      ))}
    </ul>
  );
}
