import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { en } from "../../../client/messages/en";
import { es } from "../../../client/messages/es";
import { type Quote } from "../../../client/quote/rules";
import { createQuoteReceiver, MAX_QUOTE_BYTES } from "../../../src/quote/receiver";
import { checkQuote } from "../../../src/quote/schema";
import { appendQuoteTo } from "../../../src/quote/store";
import { formQuote } from "../support/quotes";

function receiverWithStore() {
  const stored: Quote[] = [];
  const phone = { display: "(877) 555-0100", tel: "+18775550100" };
  const receive = createQuoteReceiver({ store: async (quote) => void stored.push(quote), siteOrigin: SITE, phone, now: () => RECEIVED });
  return { stored, receive };
}

const RECEIVED = Date.UTC(2025, 8, 7, 14, 30, 5);
/** What the intake adds to the quote of an English form (issue 39): the consent's words and the time received. */
const intakeFacts = { consent_text: en.quoteForm.consent, received: new Date(RECEIVED).toISOString() };

const SITE = "https://www.floridamedicalflights.example";

/** A POST as the site's own page sends it: from the site's origin, with the given type. */
const post = (body: BodyInit, headers: Record<string, string> = { "Content-Type": "application/json" }) =>
  new Request("http://127.0.0.1:8080/api/quote", { method: "POST", body, headers: { Origin: SITE, ...headers } });

describe("the quote receiver", () => {
  it("stores a quote the form assembled and answers 200 with its case id", async () => {
    const { stored, receive } = receiverWithStore();
    const quote = formQuote();
    const response = await receive(post(JSON.stringify(quote)));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ ok: true, case_id: quote.case_id });
    expect(stored).toEqual([{ ...quote, ...intakeFacts }]);
  });

  it("answers 400 with the form's own messages for every field that is wrong, and stores nothing", async () => {
    const { stored, receive } = receiverWithStore();
    const response = await receive(post(JSON.stringify({ ...formQuote(), full_name: " ", phone: "12", consent: false, urgency: "Tomorrow" })));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: {
        full_name: "Name is required",
        phone: "Please enter a valid phone number",
        consent: "Consent is required",
        urgency: "Urgency is required",
      },
    });
    expect(stored).toEqual([]);
  });

  it("reports the form's fields even when other fields are missing", () => {
    expect(checkQuote({ full_name: "" })).toMatchObject({
      ok: false,
      errors: { full_name: "Name is required", phone: "Phone is required", case_id: "is required", timestamp: "is required" },
    });
  });

  // Issue 29: the quote says which language the visitor read the form in, and only a language the site has.
  it("stores the form's language, en when a page from before the field sends none", async () => {
    const { stored, receive } = receiverWithStore();
    const spanish = { ...formQuote(0.1), lang: "es" };
    expect((await receive(post(JSON.stringify(spanish)))).status).toBe(200);
    const { lang: _lang, ...withoutLanguage } = formQuote(0.2);
    expect((await receive(post(JSON.stringify(withoutLanguage)))).status).toBe(200);
    expect(stored.map((quote) => quote.lang)).toEqual(["es", "en"]);
    expect(stored[0]).toEqual({ ...spanish, ...intakeFacts, consent_text: es.quoteForm.consent });
  });

  it("answers 400 for any language but en and es, as for any other field that is wrong", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom("ES", "es-MX", "english", ""), fc.integer(), fc.constant(null), fc.boolean()), (lang) => {
        fc.pre(lang !== "en" && lang !== "es");
        expect(checkQuote({ ...formQuote(), lang })).toEqual({ ok: false, errors: { lang: "must be one of en, es" } });
      }),
      { numRuns: 200 },
    );
  });

  it("refuses a case id that does not have the case-id format", () => {
    expect(checkQuote({ ...formQuote(), case_id: "AF123" })).toEqual({ ok: false, errors: { case_id: "must be a case id like AF12345678AB12" } });
  });

  it("keeps only the quote's fields, so the hidden trap field is never stored", async () => {
    const { stored, receive } = receiverWithStore();
    await receive(post(JSON.stringify({ ...formQuote(), company: "", extra: "x" })));
    expect(Object.keys(stored[0]!)).toEqual([...Object.keys(formQuote()), "consent_text", "received"]);
  });

  it("answers 400 for a body that is not JSON, or not an object", async () => {
    const { receive } = receiverWithStore();
    const notJson = await receive(post("full_name=Ann"));
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ errors: { body: "is not valid JSON; send the quote as a JSON object" } });
    const list = await receive(post("[1, 2]"));
    expect(list.status).toBe(400);
    expect(await list.json()).toEqual({ errors: { body: "must be a JSON object with the quote's fields" } });
  });

  it("answers 413 when Content-Length says more than 16 KB, without reading the body", async () => {
    const { stored, receive } = receiverWithStore();
    const response = await receive(post("{}", { "Content-Type": "application/json", "Content-Length": String(MAX_QUOTE_BYTES + 1) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ errors: { body: "must be at most 16 KB" } });
    expect(stored).toEqual([]);
  });

  it("answers 413 when the body itself grows past 16 KB, whatever its headers say", async () => {
    const { receive } = receiverWithStore();
    const chunk = new TextEncoder().encode("a".repeat(8 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 5) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const request = new Request("http://127.0.0.1/api/quote", { method: "POST", body, headers: { Origin: SITE, "Content-Type": "application/json" }, duplex: "half" } as RequestInit);
    expect((await receive(request)).status).toBe(413);
  });

  it("accepts a body of exactly 16 KB as far as size goes", async () => {
    const { receive } = receiverWithStore();
    const padded = JSON.stringify(formQuote()).padEnd(MAX_QUOTE_BYTES, " ");
    expect((await receive(post(padded))).status).toBe(200);
  });

  it("answers 405 with the allowed methods for anything but POST", async () => {
    const { receive } = receiverWithStore();
    const response = await receive(new Request("http://127.0.0.1/api/quote"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await response.json()).toEqual({ errors: { method: "must be POST, with the quote as JSON" } });
  });

  it("answers a preflight without allowing any other site (the site's own form never needs one)", async () => {
    const { receive } = receiverWithStore();
    const preflight = (origin: string) =>
      new Request("http://127.0.0.1/api/quote", { method: "OPTIONS", headers: { Origin: origin, "Access-Control-Request-Method": "POST" } });
    for (const origin of ["https://elsewhere.example", SITE]) {
      const answer = await receive(preflight(origin));
      expect(answer.status).toBe(204);
      expect(answer.headers.get("access-control-allow-origin")).toBeNull();
    }
  });
});

describe("the quote receiver, for a form sent without JavaScript", () => {
  const page = "https://www.floridamedicalflights.example/naples/flights-to-md-anderson-houston/?utm_source=newsletter";
  const phoneBrowser = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
  const formPost = (fields: Record<string, string | string[]>, headers: Record<string, string> = { Referer: page }) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
    return post(body.toString(), { "Content-Type": "application/x-www-form-urlencoded", ...headers });
  };
  const filledIn = {
    full_name: "Ann Lee",
    phone: "(555) 123-4567",
    email: "",
    from_location: "Naples, FL",
    to_location: "Houston, TX",
    preferred_date: "",
    urgency: "Planned (3+ days)",
    mobility: "Wheelchair",
    equipment: ["Oxygen", "Monitor"],
    notes: "",
    consent: "on",
    company: "",
    source_slot: "modal",
  };

  it("stores the quote as the form's script would have assembled it and sends the visitor to the thank-you page", async () => {
    const { stored, receive } = receiverWithStore();
    const response = await receive(formPost(filledIn, { Referer: page, "User-Agent": phoneBrowser }));
    expect(response.status).toBe(303);
    expect(stored).toHaveLength(1);
    const quote = stored[0]!;
    expect(response.headers.get("location")).toBe(`https://www.floridamedicalflights.example/thank-you/?case=${quote.case_id}`);
    expect(quote).toMatchObject({
      full_name: "Ann Lee",
      equipment: ["Oxygen", "Monitor"],
      consent: true,
      page_url: page,
      page_title: "",
      city_slug: "naples",
      destination_slug: "md-anderson",
      source_slot: "modal",
      utm_source: "newsletter",
      device: "mobile",
    });
    expect(quote.case_id).toMatch(/^AF\d{8}[A-Z0-9]{4}$/);
    expect(Object.keys(quote)).not.toContain("company");
  });

  it("sends a visitor who filled in a Spanish form to the Spanish thank-you page, and stores lang es", async () => {
    const { stored, receive } = receiverWithStore();
    const response = await receive(formPost({ ...filledIn, lang: "es" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`https://www.floridamedicalflights.example/es/thank-you/?case=${stored[0]!.case_id}`);
    expect(stored[0]!.lang).toBe("es");
    const english = await receive(formPost({ ...filledIn, lang: "en" }));
    expect(english.headers.get("location")).toBe(`https://www.floridamedicalflights.example/thank-you/?case=${stored[1]!.case_id}`);
    expect(stored[1]!.lang).toBe("en");
    const trap = await receive(formPost({ ...filledIn, lang: "es", company: "Acme" }));
    expect(trap.headers.get("location")).toMatch(/^https:\/\/www\.floridamedicalflights\.example\/es\/thank-you\/\?case=AF\d{8}[A-Z0-9]{4}$/);
    expect(stored).toHaveLength(2);
  });

  it("answers a Spanish form post with mistakes with the page in Spanish, listing the form's Spanish messages", async () => {
    const { stored, receive } = receiverWithStore();
    const response = await receive(formPost({ ...filledIn, lang: "es", full_name: "", phone: "12", email: "ana en gmail" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("<title>Su solicitud no se envió</title>");
    expect(html).toContain("<h1>Su solicitud no se envió</h1>");
    expect(html).toContain("<p>Por favor, vuelva al formulario con el botón Atrás de su navegador (lo que escribió sigue ahí), corrija lo siguiente y envíelo de nuevo:</p>");
    expect(html.match(/<li>.*?<\/li>/g)).toEqual([
      "<li>El nombre es obligatorio</li>",
      "<li>Por favor, escriba un número de teléfono válido</li>",
      "<li>Por favor, escriba un correo electrónico válido</li>",
    ]);
    expect(html).toContain('<p>O llame al <a href="tel:+18775550100">(877) 555-0100</a>: un coordinador responde las 24 horas, los 7 días de la semana.</p>');
    expect(html).not.toMatch(/Your request|Please go back|Or call/);
    expect(stored).toEqual([]);
  });

  it("refuses a form post that names another language, and stores nothing", async () => {
    const { stored, receive } = receiverWithStore();
    const response = await receive(formPost({ ...filledIn, lang: "fr" }));
    expect(response.status).toBe(400);
    expect((await response.text()).match(/<li>.*?<\/li>/g)).toEqual(["<li>lang: must be one of en, es</li>"]);
    expect(stored).toEqual([]);
  });

  it("takes the site's home page as the page when the browser sends no Referer", async () => {
    const { stored, receive } = receiverWithStore();
    const response = await receive(formPost(filledIn, { Origin: "https://www.floridamedicalflights.example" }));
    expect(response.headers.get("location")).toMatch(/^https:\/\/www\.floridamedicalflights\.example\/thank-you\/\?case=AF/);
    expect(stored[0]).toMatchObject({ page_url: "https://www.floridamedicalflights.example/", city_slug: "", device: "desktop" });
  });

  it("answers 400 with a page listing the form's own messages, escaped, and stores nothing", async () => {
    const { stored, receive } = receiverWithStore();
    const { consent: _consent, ...withoutConsent } = filledIn;
    const response = await receive(formPost({ ...withoutConsent, full_name: "", phone: "12", source_slot: "<script>" }));
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain("<h1>Your request was not sent</h1>");
    expect(html.match(/<li>.*?<\/li>/g)).toEqual([
      "<li>Name is required</li>",
      "<li>Please enter a valid phone number</li>",
      "<li>Consent is required</li>",
      "<li>source_slot: Invalid option: expected one of &#34;modal&#34;|&#34;inline&#34;|&#34;sidebar&#34;|&#34;footer&#34;</li>",
    ]);
    expect(html).toContain('<p>Or call <a href="tel:+18775550100">(877) 555-0100</a>: a coordinator answers 24/7.</p>');
    expect(html).not.toContain("<script>");
    expect(stored).toEqual([]);
  });

  it("stores nothing when the hidden trap field is filled, and answers with the same kind of 303 a stored quote gets", async () => {
    const { stored, receive } = receiverWithStore();
    const response = await receive(formPost({ ...filledIn, company: "Acme" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^https:\/\/www\.floridamedicalflights\.example\/thank-you\/\?case=AF\d{8}[A-Z0-9]{4}$/);
    expect(stored).toEqual([]);
  });
});

describe("the quote receiver, when its store fails", () => {
  const failing = (log: unknown[]) =>
    createQuoteReceiver({
      store: async () => {
        throw Object.assign(new Error("disk full"), { name: "StoreError" });
      },
      siteOrigin: SITE,
      phone: { display: "(877) 555-0100", tel: "+18775550100" },
      log: (line) => log.push(line),
    });

  it("answers a JSON post with 503, the only 5xx, and logs the case id and slot without the quote's fields", async () => {
    const log: unknown[] = [];
    const quote = formQuote();
    const response = await failing(log)(post(JSON.stringify(quote)));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      errors: { body: "could not be stored just now; nothing was sent. Please send it again in a moment, or call us" },
    });
    expect(log).toEqual([{ case_id: quote.case_id, slot: "modal", outcome: "store failed", error: "StoreError: disk full" }]);
  });

  it("answers a form post with a 503 page that asks to send again or call", async () => {
    const body = new URLSearchParams({
      full_name: "Ann Lee", phone: "(555) 123-4567", from_location: "Naples, FL", to_location: "Houston, TX",
      urgency: "Planned (3+ days)", mobility: "Wheelchair", consent: "on", source_slot: "inline",
    });
    const response = await failing([])(post(body.toString(), { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("<h1>Your request was not sent</h1>");
    expect(html).toContain("We could not save your request just now, so it has not reached a coordinator.");
    expect(html).toContain('Or call <a href="tel:+18775550100">(877) 555-0100</a>: a coordinator answers 24/7.');
  });

  it("answers a Spanish form post with the 503 page in Spanish", async () => {
    const body = new URLSearchParams({
      full_name: "Ana", phone: "(555) 123-4567", from_location: "Naples, FL", to_location: "Houston, TX",
      urgency: "Planned (3+ days)", mobility: "Wheelchair", consent: "on", source_slot: "inline", lang: "es",
    });
    const response = await failing([])(post(body.toString(), { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("<h1>Su solicitud no se envió</h1>");
    expect(html).toContain("No pudimos guardar su solicitud en este momento, así que no ha llegado a un coordinador.");
    expect(html).toContain('O llame al <a href="tel:+18775550100">(877) 555-0100</a>');
  });
});

describe("the NDJSON quote store", () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  it("appends each quote as one JSON line, creating the folder", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "flightsite-quotes-"));
    folders.push(folder);
    const file = path.join(folder, ".flightsite", "quotes.ndjson");
    const store = appendQuoteTo(file);
    const first = formQuote();
    const second = { ...formQuote(), case_id: "AF87654321ZZ99" };
    await store(first);
    await store(second);
    const lines = (await readFile(file, "utf8")).split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
    expect(JSON.parse(lines[0]!)).toEqual(first);
    expect(JSON.parse(lines[1]!)).toEqual(second);
  });
});
