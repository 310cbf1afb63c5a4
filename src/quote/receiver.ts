import { createCaseId } from "../../client/quote/rules";
import { formMessages, notStoredPostPage, postedLanguage, quoteFromFormPost, refusedOriginPage, refusedPostPage, thankYouUrl } from "./form-post";
import { asReceived, type StoredQuote } from "./received";
import { checkQuote, type Quote, type QuoteErrors } from "./schema";

export interface QuoteReceiverOptions {
  /**
   * Keeps a valid quote; the receiver answers 2xx (or 303) only after it resolves. "already stored": a quote with
   * this case id was stored before (a retry of the same submission), which is success too.
   */
  store: (quote: StoredQuote) => Promise<"stored" | "already stored" | void>;
  /**
   * The site's own origin, like "https://www.example.org" (baseUrl in data/site.yaml; the dev server's own
   * address locally): a request must come from it (its Origin header, or its Referer when it has no Origin), and
   * every 303 goes to it, never to an address the request named.
   */
  siteOrigin: string;
  /** Other addresses of the same site accepted as the origin (the dev server's http://localhost:port, …). */
  otherOrigins?: string[];
  /** The path the site is served under ("/" when left out): a page's city is the first folder after it. */
  basePath?: string;
  /** The number a visitor whose form was refused can call instead, shown on that page. */
  phone?: { display: string; tel: string };
  /** Told what became of every request that got as far as the trap field: never a field the visitor typed. */
  log?: (line: QuoteLogLine) => void;
  /** The clock: when a quote is received, and the case id of a form post (tests). */
  now?: () => number;
}

/** One line of the receiver's log: what happened to which quote, with nothing that names the visitor. */
export interface QuoteLogLine {
  /** "" when the request was refused before it had one. */
  case_id: string;
  slot: string;
  outcome: "stored" | "already stored" | "store failed" | "refused" | "trap" | "origin check failed";
  /** Why the store failed (the AWS error's name and status), or why the request was refused. */
  error?: string;
}

/** Bodies above this many bytes are refused with 413: a quote request is a few hundred bytes of text. */
export const MAX_QUOTE_BYTES = 16 * 1024;

/**
 * The quote endpoint as a standard fetch handler, so the same code runs in the dev server and in the intake
 * function (both through app.ts). It takes only what the site's own form sends (docs/quotes.md, "What the intake
 * refuses"): a POST from the site's own origin (403 otherwise, and for a request the browser marks cross-site), as
 * application/json or, from the form without JavaScript, application/x-www-form-urlencoded (415 otherwise), of at
 * most 16 KB (413). Then JSON: 200 `{ ok: true, case_id }` once stored; 400 `{ errors: { field: message } }`; 204
 * when the trap field is filled (nothing stored); 503 when the store failed, the only 5xx. A form post gets pages
 * instead (answerFormPost). Every refusal happens before anything is stored.
 */
export function createQuoteReceiver({ store, siteOrigin, otherOrigins = [], basePath, phone, log = () => {}, now = Date.now }: QuoteReceiverOptions): (request: Request) => Promise<Response> {
  const site = new URL(siteOrigin).origin;
  const ownOrigins = new Set([site, ...otherOrigins.map((origin) => new URL(origin).origin)]);
  // The browser's quote, with what only the intake may say: its page's city, the consent's words, the time received.
  const keep = storeAndLog((quote) => store(asReceived(quote, { ownOrigins, basePath, now: new Date(now()) })), log);
  return async (request) => {
    if (request.method === "OPTIONS") {
      // A preflight comes only from another site's page (the site's own form never needs one): no CORS headers.
      return new Response(null, { status: 204, headers: { Allow: allowedMethods } });
    }
    if (request.method !== "POST") return json(405, { errors: { method: "must be POST, with the quote as JSON" } }, { Allow: allowedMethods });

    const type = mediaType(request);
    const refusedOrigin = originProblem(request.headers, ownOrigins);
    if (refusedOrigin) {
      log({ case_id: "", slot: "", outcome: "refused", error: refusedOrigin });
      if (type === formType) return page(403, refusedOriginPage(phone));
      return json(403, { errors: { origin: "must be the site's own address: send the quote from the site's form" } });
    }
    if (type !== jsonType && type !== formType) {
      log({ case_id: "", slot: "", outcome: "refused", error: `Content-Type ${type || "missing"}` });
      return json(415, { errors: { body: "must be sent as application/json" } }, { "Accept-Post": `${jsonType}, ${formType}` });
    }

    const declared = Number(request.headers.get("content-length") ?? "0");
    const text = declared > MAX_QUOTE_BYTES ? undefined : await readText(request, MAX_QUOTE_BYTES);
    if (text === undefined) return json(413, { errors: { body: tooLarge } }, { Connection: "close" });

    if (type === formType) return answerFormPost(request, text, { keep, site, ownOrigins, phone, log, now });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return json(400, { errors: { body: "is not valid JSON; send the quote as a JSON object" } });
    }
    // The form never sends a filled trap field: answer as the form itself does for a bot, with nothing.
    if (isObject(body) && filled(body.company)) {
      log({ case_id: "", slot: "", outcome: "trap" });
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    }
    const result = checkQuote(body);
    if (!result.ok) return json(400, { errors: result.errors });
    if (!(await keep(result.quote))) return json(503, { errors: { body: notStored } });
    return json(200, { ok: true, case_id: result.quote.case_id });
  };
}

export type QuoteResponseBody = { ok: true; case_id: string } | { errors: QuoteErrors };

// --- internal ---

const allowedMethods = "POST, OPTIONS";
const jsonType = "application/json";
const formType = "application/x-www-form-urlencoded";
const tooLarge = `must be at most ${MAX_QUOTE_BYTES / 1024} KB`;
const notStored = "could not be stored just now; nothing was sent. Please send it again in a moment, or call us";

interface FormPostAnswer {
  keep: (quote: Quote) => Promise<boolean>;
  site: string;
  ownOrigins: Set<string>;
  phone: QuoteReceiverOptions["phone"];
  log: (line: QuoteLogLine) => void;
  now: () => number;
}

/**
 * A form sent without JavaScript (form-encoded): the browser shows whatever comes back, so the answer is a page.
 * Stored → 303 to the site's thank-you page in the form's language, with the case id; the trap field filled → the
 * same 303 with a case id of its own and nothing stored, so a bot learns nothing; refused → 400 with a page that
 * lists what to correct; not stored → 503 with a page that asks to send again or call. The pages and the redirect
 * follow the form's language.
 */
async function answerFormPost(request: Request, text: string, { keep, site, ownOrigins, phone, log, now }: FormPostAnswer): Promise<Response> {
  const referer = request.headers.get("referer");
  const params = new URLSearchParams(text);
  const posted = quoteFromFormPost(params, {
    // The page the form was on, when the browser names one of the site's own; else the site's home page.
    pageUrl: referer && ownOrigins.has(originOf(referer) ?? "") ? referer : `${site}/`,
    userAgent: request.headers.get("user-agent"),
    nowMs: now(),
  });
  // The pages the visitor sees next speak the form's language (English when it names none the site has).
  const lang = postedLanguage(params);
  if (posted === "trap") {
    log({ case_id: "", slot: "", outcome: "trap" });
    return seeOther(thankYouUrl(site, createCaseId(now(), Math.random), lang));
  }
  const result = checkQuote(posted, formMessages[lang]);
  if (!result.ok) return page(400, refusedPostPage(result.errors, phone, lang));
  if (!(await keep(result.quote))) return page(503, notStoredPostPage(phone, lang));
  return seeOther(thankYouUrl(site, result.quote.case_id, result.quote.lang));
}

/**
 * Why the request does not come from the site's own pages, or undefined when it does. Browsers send Origin with
 * every POST, and "null" instead of the origin under some privacy settings; Sec-Fetch-Site says what the browser
 * itself knows: a request it marks cross-site is refused whatever the other headers say, and one it marks
 * same-origin is the site's own form even with Origin "null" (a no-referrer policy) or none at all.
 */
function originProblem(headers: Headers, ownOrigins: Set<string>): string | undefined {
  const fetchSite = headers.get("sec-fetch-site")?.trim().toLowerCase();
  if (fetchSite === "cross-site") return "Sec-Fetch-Site cross-site";
  const origin = headers.get("origin")?.trim();
  const referer = headers.get("referer");
  let named: string | undefined;
  if (origin && origin !== "null") named = origin;
  else if (!origin && referer) named = originOf(referer) ?? "unreadable";
  if (named === undefined) return fetchSite === "same-origin" ? undefined : "no origin named";
  return ownOrigins.has(named) ? undefined : `origin ${origin ? "header" : "of Referer"} not the site's`;
}

function originOf(address: string): string | undefined {
  return URL.canParse(address) ? new URL(address).origin : undefined;
}

/** The media type of the body, lower case, without its parameters ("" when none is named). */
function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A trap field counts as filled when it holds anything but nothing: a bot may send any JSON value. */
function filled(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && (typeof value !== "string" || value.trim() !== "");
}

/** The store, reporting its outcome: true once the quote is kept, false (and logged) when the store failed. */
function storeAndLog(store: (quote: Quote) => Promise<"stored" | "already stored" | void>, log: (line: QuoteLogLine) => void): (quote: Quote) => Promise<boolean> {
  return async (quote) => {
    const line = { case_id: quote.case_id, slot: quote.source_slot };
    try {
      log({ ...line, outcome: (await store(quote)) ?? "stored" });
    } catch (error) {
      log({ ...line, outcome: "store failed", error: describeError(error) });
      return false;
    }
    return true;
  };
}

/** The error's name, message and HTTP status: a store never puts the quote's fields in them. */
function describeError(error: unknown): string {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
  const name = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `${name}${status ? ` (HTTP ${status})` : ""}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function json(status: number, body: QuoteResponseBody, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

function page(status: number, html: string): Response {
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
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
