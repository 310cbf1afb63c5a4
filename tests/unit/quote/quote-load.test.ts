// A bounded load test on loopback (issue 13): 500 quotes from 20 senders at once against `flightsite serve`.
// Every quote the server accepted must be in .flightsite/quotes.ndjson exactly once, each line whole.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { formQuote } from "../support/quotes";
import { useServedProject } from "../support/serve-project";

const QUOTES = 500;
const SENDERS = 20;

describe("the dev server's /api/quote under load", () => {
  const served = useServedProject();

  it(`stores each of ${QUOTES} quotes from ${SENDERS} concurrent senders exactly once`, async () => {
    const endpoint = new URL("/api/quote", served.url).href;
    const accepted: string[] = [];
    const refused: string[] = [];
    let next = 0;
    // Every fifth quote is a form post without JavaScript: the server makes its case id and names it in the redirect.
    const send = async (index: number) => {
      const quote = formQuote(index / QUOTES, Date.UTC(2025, 8, 7, 14, 30) + index);
      const response =
        index % 5 === 0
          ? await fetch(endpoint, {
              method: "POST",
              redirect: "manual",
              headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(served.url).origin, Referer: new URL("/naples/", served.url).href },
              body: new URLSearchParams({
                full_name: quote.full_name, phone: quote.phone, from_location: quote.from_location, to_location: quote.to_location,
                urgency: quote.urgency, mobility: quote.mobility, consent: "yes", source_slot: "inline",
              }),
            })
          : await fetch(endpoint, { method: "POST", headers: { "Content-Type": "application/json", Origin: new URL(served.url).origin }, body: JSON.stringify(quote) });
      if (response.status === 200) accepted.push(((await response.json()) as { case_id: string }).case_id);
      else if (response.status === 303) accepted.push(new URL(response.headers.get("location")!).searchParams.get("case")!);
      else refused.push(`${index}: ${response.status} ${await response.text()}`);
    };
    const started = performance.now();
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (next < QUOTES) await send(next++);
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    expect(refused).toEqual([]);
    expect(new Set(accepted).size, "every accepted quote has a case id of its own").toBe(QUOTES);
    const lines = (await readFile(served.quotesFile, "utf8")).trimEnd().split("\n");
    const stored = lines.map((line) => (JSON.parse(line) as { case_id: string }).case_id);
    expect(stored.length).toBe(QUOTES);
    expect(new Set(stored)).toEqual(new Set(accepted));
    console.log(`${QUOTES} quotes from ${SENDERS} senders stored in ${seconds.toFixed(1)} s (${Math.round(QUOTES / seconds)} a second)`);
  }, 60_000);
});
