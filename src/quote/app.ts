import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { createQuoteReceiver, type QuoteReceiverOptions } from "./receiver";

/** The header CloudFront adds to every request it sends the intake function, so the function's own URL is no way in. */
export const originSecretHeader = "x-flightsite-origin-secret";

export interface QuoteAppOptions extends QuoteReceiverOptions {
  /** Where the receiver answers: the site's /api/quote (src/content/urls.ts). */
  path: string;
  /**
   * When set, a request whose x-flightsite-origin-secret header it does not accept is refused with 403 before its
   * body is read: only CloudFront, which adds the header, reaches the receiver. Unset in the dev server.
   */
  checkOrigin?: (headerValue: string | undefined) => Promise<boolean>;
}

/**
 * The quote receiver as a Hono app with one route, the same on every platform: the dev server runs it with
 * @hono/node-server, the intake function with hono/aws-lambda. Any other path is 404.
 */
export function createQuoteApp({ path, checkOrigin, ...receiverOptions }: QuoteAppOptions): Hono {
  const receive = createQuoteReceiver(receiverOptions);
  const app = new Hono();
  if (checkOrigin !== undefined) {
    app.use(path, async (c, next) => {
      let accepted: boolean;
      try {
        accepted = await checkOrigin(c.req.header(originSecretHeader));
      } catch (error) {
        // The secret could not be read (Secrets Manager down at a cold start): the quote is refused for our fault,
        // with a 5xx, so the form keeps every value and asks the visitor to send again.
        receiverOptions.log?.({ case_id: "", slot: "", outcome: "origin check failed", error: (error as Error).name });
        return c.json({ errors: { body: originCheckFailed } }, 503, { "Cache-Control": "no-store" });
      }
      if (!accepted) {
        return c.json({ errors: { origin: "must be the site's own address: send the quote from the site's form" } }, 403, {
          "Cache-Control": "no-store",
        });
      }
      await next();
    });
  }
  app.all(path, (c) => receive(c.req.raw));
  return app;
}

/** A checkOrigin that accepts one fixed value (ORIGIN_SECRET: tests, a stack without rotation), compared in constant time. */
export function fixedOriginSecret(expected: string): (headerValue: string | undefined) => Promise<boolean> {
  return async (given) => given !== undefined && sameSecret(given, expected);
}

// --- internal ---

const originCheckFailed = "The quote could not be received just now. Please send it again in a minute, or call us.";

/** Compares in constant time: hashing first gives both sides the same length, as timingSafeEqual needs. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
