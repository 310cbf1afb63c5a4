import type { Quote } from "./rules";

// A quote the form sent whose answer never came (a timeout, a lost connection, a 503 after S3 had in fact stored
// it) goes again with the same case id when the visitor sends the same fields again: the intake then finds the case
// id stored and answers as it did the first time, and coordinators get one lead, not two (issue 39). Changed fields
// are a new request with a case id of its own. Kept for the page's life, one per form on the page.

const unanswered = new Map<string, Quote>();

/** The quote, with the case id and time of the same quote's earlier unanswered attempt from this form, if any. */
export function sameAttempt(quote: Quote): Quote {
  const earlier = unanswered.get(quote.source_slot);
  return earlier && sameRequest(earlier, quote) ? { ...quote, case_id: earlier.case_id, timestamp: earlier.timestamp } : quote;
}

/** Remembers a quote whose delivery failed (it may be stored all the same), or forgets it once one was delivered. */
export function settleAttempt(quote: Quote, delivered: boolean): void {
  if (delivered) unanswered.delete(quote.source_slot);
  else unanswered.set(quote.source_slot, quote);
}

/** Every field but the case id, the time and the window's width (a phone turned sideways is the same request). */
function sameRequest(a: Quote, b: Quote): boolean {
  // assembleQuote writes the fields in one order, so equal requests give equal text.
  const key = (quote: Quote) => JSON.stringify({ ...quote, case_id: "", timestamp: "", device: "" });
  return key(a) === key(b);
}
