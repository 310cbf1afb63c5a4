import { caseIdOfKey, describeError, markersPrefix, quotesPrefix, type S3Quotes } from "./s3-store";

// The daily check that nothing fell through: every quote stored more than 15 minutes ago, however long ago, must
// have a marker that says "sent" (issue 39: a window of 3 days let the alarm clear with nobody having acted). Each one that has not is logged by case id, and their number goes to
// CloudWatch as the metric the stack alarms on (Flightsite/UnnotifiedQuotes, 0 when all is well).

/** Quotes younger than this may still be on their way through the queue. */
export const RECONCILE_GRACE_MS = 15 * 60_000;

export interface ReconcileLogLine {
  case_id: string;
  outcome: "not notified" | "marker unreadable";
  error?: string;
}

/**
 * The case ids of quotes stored more than 15 minutes before `now` whose marker does not say "sent" for
 * that very object, sorted. Every object counts: a case id stored twice before issue 39 (on two days) has one
 * marker, naming the object that was mailed, and the other object is reported.
 */
export async function findUnnotified(quotes: S3Quotes, now: Date, log: (line: ReconcileLogLine) => void = () => {}): Promise<string[]> {
  const newest = now.getTime() - RECONCILE_GRACE_MS;
  const due = new Map<string, string[]>();
  // Listed by the time S3 wrote them, not by a day in their key: that day came from the visitor's clock.
  for await (const { key, lastModified } of quotes.list(quotesPrefix)) {
    const caseId = caseIdOfKey(key);
    if (caseId && lastModified.getTime() <= newest) due.set(caseId, [...(due.get(caseId) ?? []), key]);
  }
  const marked = new Set<string>();
  for await (const { key } of quotes.list(markersPrefix)) marked.add(key.slice(markersPrefix.length, -".json".length));

  const unnotified: string[] = [];
  const candidates = [...due.keys()].sort();
  // Sixteen at a time: each marker is one small read, and a year's quotes are a few thousand.
  for (let i = 0; i < candidates.length; i += 16) {
    await Promise.all(
      candidates.slice(i, i + 16).map(async (caseId) => {
        if (!marked.has(caseId)) return void unnotified.push(caseId);
        try {
          const marker = await quotes.readMarker(caseId);
          const keys = due.get(caseId)!;
          // The marker names the object it mailed: another object of the same case id was never mailed.
          const mailed = marker?.state === "sent" && keys.every((key) => key === marker.key);
          if (!mailed) unnotified.push(caseId);
        } catch (error) {
          log({ case_id: caseId, outcome: "marker unreadable", error: describeError(error) });
          unnotified.push(caseId);
        }
      }),
    );
  }
  unnotified.sort();
  for (const caseId of unnotified) log({ case_id: caseId, outcome: "not notified" });
  return unnotified;
}

/** The CloudWatch Embedded Metric Format line that publishes Flightsite/UnnotifiedQuotes (a count, no dimensions). */
export function unnotifiedMetric(count: number, now: Date): string {
  return JSON.stringify({
    _aws: {
      Timestamp: now.getTime(),
      CloudWatchMetrics: [{ Namespace: "Flightsite", Dimensions: [[]], Metrics: [{ Name: "UnnotifiedQuotes", Unit: "Count" }] }],
    },
    UnnotifiedQuotes: count,
  });
}
