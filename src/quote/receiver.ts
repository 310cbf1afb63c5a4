import { notStoredPostPage, quoteFromFormPost, refusedPostPage, thankYouUrl } from "./form-post";
import { checkQuote, type Quote, type QuoteErrors } from "./schema";

export interface QuoteReceiverOptions {
  /** Keeps a valid quote; the receiver answers 200 only after it resolves. */
  store: (quote: Quote) => Promise<void>;
  /** Origins allowed to post from another site (CORS), like "https://www.example.org". Default: none, same origin only. */
  allowedOrigins?: string[];
  /** The number a visitor whose form was refused can call instead, shown on that page. */
  phone?: { display: string; tel: string };
  /** Told the outcome of every quote that passed the check: its case id, slot and outcome, never its personal fields. */
  log?: (line: QuoteLogLine) => void;
}

/** One line of the receiver's log: what happened to which quote, with nothing that names the visitor. */
export interface QuoteLogLine {
  case_id: string;
  slot: string;
  outcome: "stored" | "store failed";
  /** Why the store failed: the error's name and message (a store never puts the quote's fields in them). */
  error?: string;
}

/** Bodies above this many bytes are refused with 413: a quote request is a few hundred bytes of text. */
export const MAX_QUOTE_BYTES = 16 * 1024;

/**
 * The quote endpoint as a standard fetch handler, so the same code runs in the dev server and in the intake
 * function (both through app.ts): POST a quote as JSON → 200 `{ ok: true, case_id }` once it is stored; 400
 * `{ errors: { field: message } }` for invalid JSON or fields; 413 above 16 KB; 405 for other methods; 503 when the
 * store failed (the only 5xx: the form then shows its error with every value kept). The form posted without
 * JavaScript (form-encoded) gets pages instead: see answerFormPost.
 * Where it is mounted (/api/quote in the dev server) is the host's concern.
 */
export function createQuoteReceiver({ store, allowedOrigins = [], phone, log = () => {} }: QuoteReceiverOptions): (request: Request) => Promise<Response> {
  const keep = storeAndLog(store, log);
  return async (request) => {
    const origin = request.headers.get("origin");
    const cors: Record<string, string> =
      origin && allowedOrigins.includes(origin) ? { "Access-Control-Allow-Origin": origin, Vary: "Origin" } : {};
    if (request.method === "OPTIONS") {
      // A preflight: same-origin pages never send one, so only allowed origins hear that they may post.
      return new Response(null, {
        status: 204,
        headers: {
          Allow: allowedMethods,
          ...cors,
          ...(cors["Access-Control-Allow-Origin"]
            ? { "Access-Control-Allow-Methods": "POST", "Access-Control-Allow-Headers": "Content-Type", "Access-Control-Max-Age": "600" }
            : {}),
        },
      });
    }
    if (request.method !== "POST") {
      return json(405, { errors: { method: "must be POST, with the quote as JSON" } }, { Allow: allowedMethods, ...cors });
    }
    const declared = Number(request.headers.get("content-length") ?? "0");
    const text = declared > MAX_QUOTE_BYTES ? undefined : await readText(request, MAX_QUOTE_BYTES);
    if (text === undefined) return json(413, { errors: { body: tooLarge } }, { Connection: "close", ...cors });

    if (isFormPost(request)) return answerFormPost(request, text, keep, phone);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return json(400, { errors: { body: "is not valid JSON; send the quote as a JSON object" } }, cors);
    }
    const result = checkQuote(body);
    if (!result.ok) return json(400, { errors: result.errors }, cors);
    if (!(await keep(result.quote))) return json(503, { errors: { body: notStored } }, cors);
    return json(200, { ok: true, case_id: result.quote.case_id }, cors);
  };
}

/**
 * A form sent without JavaScript (form-encoded): the browser shows whatever comes back, so the answer is a page.
 * Stored → 303 to the thank-you page with the case id; refused → 400 with a page that lists what to correct; the
 * hidden trap field filled → 204, which leaves the visitor's page as it is (the form does nothing either); not
 * stored → 503 with a page that asks to send again or call.
 */
async function answerFormPost(
  request: Request,
  text: string,
  keep: (quote: Quote) => Promise<boolean>,
  phone: QuoteReceiverOptions["phone"],
): Promise<Response> {
  const posted = quoteFromFormPost(new URLSearchParams(text), {
    referer: request.headers.get("referer"),
    origin: request.headers.get("origin"),
    userAgent: request.headers.get("user-agent"),
    requestUrl: request.url,
    nowMs: Date.now(),
  });
  if (posted === "trap") return new Response(null, { status: 204 });
  const result = checkQuote(posted);
  if (!result.ok) {
    return new Response(refusedPostPage(result.errors, phone), {
      status: 400,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  if (!(await keep(result.quote))) {
    return new Response(notStoredPostPage(phone), {
      status: 503,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(null, { status: 303, headers: { Location: thankYouUrl(result.quote.page_url, result.quote.case_id), "Cache-Control": "no-store" } });
}

export type QuoteResponseBody = { ok: true; case_id: string } | { errors: QuoteErrors };

// --- internal ---

const allowedMethods = "POST, OPTIONS";
const tooLarge = `must be at most ${MAX_QUOTE_BYTES / 1024} KB`;
const notStored = "could not be stored just now; nothing was sent. Please send it again in a moment, or call us";

/** The store, reporting its outcome: true once the quote is kept, false (and logged) when the store failed. */
function storeAndLog(store: QuoteReceiverOptions["store"], log: (line: QuoteLogLine) => void): (quote: Quote) => Promise<boolean> {
  return async (quote) => {
    const line = { case_id: quote.case_id, slot: quote.source_slot };
    try {
      await store(quote);
    } catch (error) {
      log({ ...line, outcome: "store failed", error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      return false;
    }
    log({ ...line, outcome: "stored" });
    return true;
  };
}

function isFormPost(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded";
}

function json(status: number, body: QuoteResponseBody, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/** The body as text, or undefined as soon as it grows past `limit` bytes (whatever Content-Length said). */
async function readText(request: Request, limit: number): Promise<string | undefined> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
