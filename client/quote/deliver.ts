import { settleAttempt } from "./attempt";
import { SUBMIT_TIMEOUT_MS, type Quote } from "./rules";

/**
 * POSTs the quote as JSON; resolves only on a 2xx answer, and rejects on a network error, a timeout or any other
 * status. A failed quote is remembered, so that sending the same fields again reuses its case id (attempt.ts).
 */
export async function deliverQuote(endpoint: string, quote: Quote, timeoutMs = SUBMIT_TIMEOUT_MS): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let delivered = false;
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(quote),
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`Quote endpoint answered ${response.status}`);
    delivered = true;
  } finally {
    clearTimeout(timer);
    settleAttempt(quote, delivered);
  }
}
