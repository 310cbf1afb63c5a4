import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { createQuoteReceiver, type QuoteReceiverOptions } from "./receiver";

/** The header CloudFront adds to every request it sends the intake function, so the function's own URL is no way in. */
export const originSecretHeader = "x-flightsite-origin-secret";

export interface QuoteAppOptions extends QuoteReceiverOptions {
  /** Where the receiver answers: the site's /api/quote (src/content/urls.ts). */
  path: string;
  /**
   * When set, a request without this value in the x-flightsite-origin-secret header is refused with 403 before its
   * body is read: only CloudFront, which adds the header, reaches the receiver. Unset in the dev server.
   */
  originSecret?: string;
}

/**
 * The quote receiver as a Hono app with one route, the same on every platform: the dev server runs it with
 * @hono/node-server, the intake function with hono/aws-lambda. Any other path is 404.
 */
export function createQuoteApp({ path, originSecret, ...receiverOptions }: QuoteAppOptions): Hono {
  const receive = createQuoteReceiver(receiverOptions);
  const app = new Hono();
  if (originSecret !== undefined) {
    app.use(path, async (c, next) => {
      if (!sameSecret(c.req.header(originSecretHeader), originSecret)) {
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

// --- internal ---

/** Compares in constant time: hashing first gives both sides the same length, as timingSafeEqual needs. */
function sameSecret(given: string | undefined, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}
