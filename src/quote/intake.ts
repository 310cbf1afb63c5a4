import type { Notifier } from "./notify";
import type { QuoteLogLine } from "./receiver";
import type { S3Quotes } from "./s3-store";
import type { Quote } from "./schema";

/** One line of the intake's log: a case id, its slot and what happened; never a personal field. */
export type IntakeLogLine = Omit<QuoteLogLine, "outcome"> & {
  outcome: QuoteLogLine["outcome"] | "already stored" | "notified" | "notify failed" | "not marked" | "marker not cleared";
};

export interface Intake {
  /** The receiver's store: resolves once the quote is in the bucket, whatever becomes of its e-mail. */
  store(quote: Quote): Promise<void>;
  /** Sends up to `limit` e-mails that failed before (marked over two minutes ago); resolves to how many went out. */
  retryPending(limit: number, now?: Date): Promise<number>;
}

/** Marked quotes younger than this may still be on their way in another invocation: the retry leaves them be. */
export const PENDING_GRACE_MS = 2 * 60_000;

/**
 * The intake function's store: the quote goes into the bucket first (a failure there is the receiver's 503); only
 * a newly stored quote is mailed, so a retried submission never mails twice. Before its e-mail is sent the quote is
 * marked pending, and the mark is cleared once SES has taken the message: a failed send (or an invocation that died
 * in between) leaves the mark, and a later invocation sends it (retryPending: after each successful send, and on the
 * scheduled call the stack may add). The visitor's answer never waits on a retry of an e-mail of theirs.
 */
export function createIntake({ quotes, notifier, log }: { quotes: S3Quotes; notifier?: Notifier; log: (line: IntakeLogLine) => void }): Intake {
  const lineOf = (quote: Quote) => ({ case_id: quote.case_id, slot: quote.source_slot });

  async function notify(quote: Quote): Promise<boolean> {
    try {
      await notifier!.send(quote);
    } catch (error) {
      log({ ...lineOf(quote), outcome: "notify failed", error: describe(error) });
      return false;
    }
    log({ ...lineOf(quote), outcome: "notified" });
    // A mark left behind only means the same e-mail once more, later: never a lost one.
    await quotes.clearPending(quote.case_id).catch((error: unknown) => log({ ...lineOf(quote), outcome: "marker not cleared", error: describe(error) }));
    return true;
  }

  const intake: Intake = {
    async store(quote) {
      if ((await quotes.put(quote)) === "already stored") return log({ ...lineOf(quote), outcome: "already stored" });
      if (!notifier) return;
      await quotes.markPending(quote).catch((error: unknown) => log({ ...lineOf(quote), outcome: "not marked", error: describe(error) }));
      // SES takes mail again: send what it refused before, a few at a time.
      if (await notify(quote)) await intake.retryPending(3).catch(() => {});
    },
    async retryPending(limit, now = new Date()) {
      if (!notifier) return 0;
      let sent = 0;
      for (const caseId of await quotes.pendingCaseIds(limit, new Date(now.getTime() - PENDING_GRACE_MS))) {
        let quote: Quote;
        try {
          quote = await quotes.pendingQuote(caseId);
        } catch (error) {
          log({ case_id: caseId, slot: "", outcome: "notify failed", error: describe(error) });
          continue;
        }
        if (!(await notify(quote))) break; // SES still refuses: try again later rather than now
        sent++;
      }
      return sent;
    },
  };
  return intake;
}

// --- internal ---

/** The error's name and HTTP status only: an SES message may quote addresses, and the log names no one. */
function describe(error: unknown): string {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
  return `${error instanceof Error ? error.name : "unknown error"}${status ? ` (HTTP ${status})` : ""}`;
}
