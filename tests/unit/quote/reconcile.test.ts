// Issue 25: the daily reconcile reports every quote stored over 15 minutes ago whose e-mail is not marked sent
// (issue 39: however long ago, so that the alarm stands until someone acts).
import { describe, expect, it } from "vitest";
import { findUnnotified, unnotifiedMetric, type ReconcileLogLine } from "../../../src/quote/reconcile";
import { markerKey, quoteKey, S3Quotes } from "../../../src/quote/s3-store";
import { MemoryS3 } from "../support/memory-s3";
import { formQuote } from "../support/quotes";

const NOW = new Date("2025-09-10T06:00:00Z");
/** A random for formQuote giving each n a case id of its own (the 4 letters come from random × 36). */
const id = (n: number) => (n + 0.5) / 36;
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

async function bucketWith(entries: { random: number; storedMinutesAgo: number; marker?: "claimed" | "sent" }[]) {
  const memory = new MemoryS3();
  const quotes = new S3Quotes(memory.client(), "quotes");
  for (const { random, storedMinutesAgo, marker } of entries) {
    memory.now = () => minutesAgo(storedMinutesAgo);
    const quote = formQuote(random);
    await quotes.put(quote);
    if (marker) await quotes.mark(quote.case_id, { state: marker, key: quoteKey(quote), at: NOW.toISOString() });
  }
  return { memory, quotes };
}

describe("the reconcile", () => {
  it("reports quotes older than 15 minutes, however old, whose marker is missing or not sent", async () => {
    const { quotes } = await bucketWith([
      { random: id(1), storedMinutesAgo: 10 }, // still on its way
      { random: id(2), storedMinutesAgo: 16 }, // no marker: lost
      { random: id(3), storedMinutesAgo: 60, marker: "claimed" }, // a send that never finished
      { random: id(4), storedMinutesAgo: 60, marker: "sent" },
      { random: id(5), storedMinutesAgo: 3 * 24 * 60 - 1 }, // no marker, just inside the window
      { random: id(6), storedMinutesAgo: 3 * 24 * 60 + 1 }, // reported by earlier runs, and still unmailed
      { random: id(7), storedMinutesAgo: 90 * 24 * 60, marker: "sent" },
    ]);
    const log: ReconcileLogLine[] = [];
    const found = await findUnnotified(quotes, NOW, (line) => log.push(line));
    const expected = [formQuote(id(2)).case_id, formQuote(id(3)).case_id, formQuote(id(5)).case_id, formQuote(id(6)).case_id].sort();
    expect(found).toEqual(expected);
    expect(log).toEqual(expected.map((case_id) => ({ case_id, outcome: "not notified" })));
  });

  it("reads every page of a long listing", async () => {
    const memory = new MemoryS3();
    for (let i = 0; i < 1005; i++) {
      memory.objects.set(`quotes/2025/09/10/AF${String(i).padStart(8, "0")}AAAA.json`, { body: Buffer.from("{}"), lastModified: minutesAgo(30), etag: '"1"' });
    }
    expect(await findUnnotified(new S3Quotes(memory.client(), "quotes"), NOW)).toHaveLength(1005);
    expect(memory.calls.filter((call) => call.key === "").length, "two pages of quotes/, one of notified/").toBe(3);
  });

  it("counts a quote whose marker cannot be read as not notified", async () => {
    const { memory, quotes } = await bucketWith([{ random: id(7), storedMinutesAgo: 30, marker: "sent" }]);
    memory.fault = (call) => (call.method === "GET" && call.key === markerKey(formQuote(id(7)).case_id) ? "unavailable" : undefined);
    const log: ReconcileLogLine[] = [];
    expect(await findUnnotified(quotes, NOW, (line) => log.push(line))).toEqual([formQuote(id(7)).case_id]);
    expect(log[0]).toEqual({ case_id: formQuote(id(7)).case_id, outcome: "marker unreadable", error: "ServiceUnavailable (HTTP 503)" });
  });

  it("publishes Flightsite/UnnotifiedQuotes in CloudWatch's embedded metric format, with no dimensions, 0 included", () => {
    for (const count of [0, 3]) {
      expect(JSON.parse(unnotifiedMetric(count, NOW))).toEqual({
        _aws: {
          Timestamp: NOW.getTime(),
          CloudWatchMetrics: [{ Namespace: "Flightsite", Dimensions: [[]], Metrics: [{ Name: "UnnotifiedQuotes", Unit: "Count" }] }],
        },
        UnnotifiedQuotes: count,
      });
    }
  });
});
