// Issue 39: the intake, not the browser, says which city page a quote came from, in which words the visitor
// consented, and when it was received.
import { describe, expect, it } from "vitest";
import { en } from "../../../client/messages/en";
import { es } from "../../../client/messages/es";
import { assembleQuote, emptyQuoteFields, pagePlace } from "../../../client/quote/rules";
import type { StoredQuote } from "../../../src/quote/received";
import { createQuoteReceiver } from "../../../src/quote/receiver";
import { formQuote } from "../support/quotes";

const SITE = "https://www.floridamedicalflights.example";
const received = Date.UTC(2026, 10, 24, 15, 0, 0);

function receiverWithStore(basePath?: string) {
  const stored: StoredQuote[] = [];
  const receive = createQuoteReceiver({ store: async (quote) => void stored.push(quote), siteOrigin: SITE, basePath, now: () => received });
  return { stored, receive };
}

const post = (body: string, type = "application/json", headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:8080/api/quote", { method: "POST", body, headers: { Origin: SITE, "Content-Type": type, ...headers } });

describe("the page a quote names (issue 39)", () => {
  it("takes the city from the first folder after the base path and the language's prefix", () => {
    expect(pagePlace("/es/naples/")).toEqual({ city_slug: "naples", destination_slug: "" });
    expect(pagePlace("/es/naples/flights-to-md-anderson-houston/")).toEqual({ city_slug: "naples", destination_slug: "md-anderson" });
    expect(pagePlace("/naples/flights-to-mayo-clinic-rochester/")).toEqual({ city_slug: "naples", destination_slug: "mayo-clinic" });
    expect(pagePlace("/previews/pr-42/es/sarasota/", "/previews/pr-42/")).toEqual({ city_slug: "sarasota", destination_slug: "" });
    expect(pagePlace("/es/")).toEqual({ city_slug: "", destination_slug: "" });
    expect(pagePlace("/")).toEqual({ city_slug: "", destination_slug: "" });
  });

  it("makes the browser's own quote from a Spanish page name its city", () => {
    const context = { title: "Nápoles", windowWidth: 1200, slot: "inline" as const, nowMs: 0, random: () => 0.5, lang: "es" as const };
    const quote = assembleQuote(emptyQuoteFields(), { ...context, href: `${SITE}/es/naples/flights-to-md-anderson-houston/` });
    expect(quote).toMatchObject({ city_slug: "naples", destination_slug: "md-anderson" });
  });
});

describe("the intake's own facts of a quote (issue 39)", () => {
  it("works the city and destination out from the page address, whatever the browser said", async () => {
    const { stored, receive } = receiverWithStore();
    const quote = { ...formQuote(), page_url: `${SITE}/es/naples/flights-to-md-anderson-houston/`, lang: "es", city_slug: "es", destination_slug: "mayo-clinic" };
    expect((await receive(post(JSON.stringify(quote)))).status).toBe(200);
    expect(stored[0]).toMatchObject({ city_slug: "naples", destination_slug: "md-anderson", page_url: quote.page_url });
  });

  it("names no city for a page that is not the site's, and takes the base path off the site's own", async () => {
    const { stored, receive } = receiverWithStore("/previews/pr-42/");
    await receive(post(JSON.stringify({ ...formQuote(), page_url: "https://evil.example/naples/", city_slug: "naples" })));
    await receive(post(JSON.stringify({ ...formQuote(0.1), page_url: `${SITE}/previews/pr-42/es/sarasota/?utm_source=x` })));
    expect(stored.map((quote) => [quote.city_slug, quote.destination_slug])).toEqual([
      ["", ""],
      ["sarasota", ""],
    ]);
  });

  it("records the consent in the words of the form the visitor filled in, and the time it received the quote", async () => {
    const { stored, receive } = receiverWithStore();
    await receive(post(JSON.stringify({ ...formQuote(), lang: "es", consent_text: "I agree to anything", received: "2099-01-01T00:00:00.000Z" })));
    await receive(post(JSON.stringify(formQuote(0.1))));
    expect(stored.map((quote) => quote.consent_text)).toEqual([es.quoteForm.consent, en.quoteForm.consent]);
    expect(stored.map((quote) => quote.received)).toEqual(["2026-11-24T15:00:00.000Z", "2026-11-24T15:00:00.000Z"]);
  });

  it("keeps the city of a Spanish form sent without JavaScript", async () => {
    const { stored, receive } = receiverWithStore();
    const fields = new URLSearchParams({
      full_name: "Ana López", phone: "(555) 123-4567", from_location: "Naples, FL", to_location: "Houston, TX",
      urgency: "Today", mobility: "Wheelchair", consent: "on", source_slot: "inline", lang: "es",
    });
    const response = await receive(post(fields.toString(), "application/x-www-form-urlencoded", { Referer: `${SITE}/es/naples/` }));
    expect(response.status).toBe(303);
    expect(stored[0]).toMatchObject({ city_slug: "naples", lang: "es", consent_text: es.quoteForm.consent });
  });
});
