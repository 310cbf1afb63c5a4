// Quotes as the intake stores them, made up for the leads tests: deterministic, varied, and a few hostile ones.
import type { Quote } from "../../../src/quote/schema";

const URGENCIES = ["Today", "24-48 hrs", "Planned (3+ days)"] as const;
const CITIES = ["naples", "sarasota", ""] as const;

/** The n-th made-up quote (0-based): its case id, timestamp and fields all follow from n. */
export function madeUpQuote(n: number, base = Date.UTC(2026, 10, 1, 12)): Quote {
  const time = base + n * 60_000;
  const city = CITIES[n % 3]!;
  return {
    full_name: `Visitor ${n}`,
    phone: `(555) ${String(100 + (n % 900)).padStart(3, "0")}-${String(n % 10_000).padStart(4, "0")}`,
    email: n % 2 === 0 ? `visitor${n}@example.com` : "",
    from_location: city ? `${city[0]!.toUpperCase()}${city.slice(1)}, FL` : "Tampa, FL",
    to_location: "Houston, TX",
    preferred_date: "",
    urgency: URGENCIES[n % 3]!,
    mobility: "Wheelchair",
    equipment: n % 4 === 0 ? ["Oxygen", "Monitor"] : [],
    notes: "",
    consent: true,
    page_url: `https://www.example.com/${city ? `${city}/` : ""}`,
    page_title: "Medical Flights",
    city_slug: city,
    destination_slug: "",
    source_slot: "modal",
    utm_source: "",
    utm_medium: "",
    utm_campaign: "",
    device: "mobile",
    case_id: `AF${String(time).slice(-8)}${String(n).padStart(4, "0").slice(-4).replace(/\d/g, (d) => "ABCDEFGHIJ"[Number(d)]!)}`,
    timestamp: new Date(time).toISOString(),
    lang: "en",
  };
}

/** Where the intake keeps a quote (src/quote/README.md): under its case id alone (issue 39). */
export function keyOf(quote: Pick<Quote, "case_id">): string {
  return `quotes/${quote.case_id}.json`;
}

/** Where the intake kept a quote before issue 39: its timestamp's day in UTC, then its case id. */
export function olderKeyOf(quote: Pick<Quote, "timestamp" | "case_id">): string {
  return `quotes/${quote.timestamp.slice(0, 10).replaceAll("-", "/")}/${quote.case_id}.json`;
}
