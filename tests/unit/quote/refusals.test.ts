// Issue 25: the intake refuses what the site's own form never sends, and stores nothing when it does.
import { describe, expect, it } from "vitest";
import { isValidEmail, type Quote } from "../../../client/quote/rules";
import { createQuoteReceiver } from "../../../src/quote/receiver";
import { formQuote } from "../support/quotes";

const SITE = "https://www.floridamedicalflights.example";
const PAGE = `${SITE}/naples/`;
const EVIL = "https://evil.example";

function receiver(otherOrigins: string[] = []) {
  const stored: Quote[] = [];
  const log: unknown[] = [];
  const receive = createQuoteReceiver({ store: async (quote) => void stored.push(quote), siteOrigin: SITE, otherOrigins, log: (line) => log.push(line) });
  return { stored, log, receive };
}

const request = (body: string, headers: Record<string, string>, url = "https://abcdefghij.lambda-url.us-east-1.on.aws/api/quote") =>
  new Request(url, { method: "POST", body, headers });
const json = (headers: Record<string, string>, body = JSON.stringify(formQuote())) => request(body, headers);
const fields = new URLSearchParams({
  full_name: "Ann Lee", phone: "(555) 123-4567", from_location: "Naples, FL", to_location: "Houston, TX",
  urgency: "Planned (3+ days)", mobility: "Wheelchair", consent: "on", source_slot: "inline",
});
const form = (headers: Record<string, string>, body = fields) => request(body.toString(), { "Content-Type": "application/x-www-form-urlencoded", ...headers });

describe("what the intake refuses, storing nothing", () => {
  it.each([
    ["text/plain", { "Content-Type": "text/plain;charset=UTF-8" }],
    ["no type at all", {}],
    ["application/xml", { "Content-Type": "application/xml" }],
    ["multipart/form-data", { "Content-Type": "multipart/form-data; boundary=x" }],
    ["application/json-seq", { "Content-Type": "application/json-seq" }],
  ])("answers 415 to a quote sent as %s", async (_name, headers: Record<string, string>) => {
    const { stored, receive } = receiver();
    const response = await receive(json({ Origin: SITE, ...headers }));
    expect(response.status).toBe(415);
    expect(response.headers.get("accept-post")).toBe("application/json, application/x-www-form-urlencoded");
    expect(await response.json()).toEqual({ errors: { body: "must be sent as application/json" } });
    expect(stored).toEqual([]);
  });

  it.each([
    ["another site's Origin", { Origin: EVIL }],
    ["another site's Referer and no Origin", { Referer: `${EVIL}/landing` }],
    ["the site's own address on another scheme", { Origin: "http://www.floridamedicalflights.example" }],
    ["a lookalike host", { Origin: "https://www.floridamedicalflights.example.evil.example" }],
    ["neither Origin nor Referer", {}],
    ["Origin null without Sec-Fetch-Site", { Origin: "null" }],
    ["Origin null marked same-site (another subdomain)", { Origin: "null", "Sec-Fetch-Site": "same-site" }],
    ["a request the browser marks cross-site, whatever its Origin says", { Origin: SITE, "Sec-Fetch-Site": "cross-site" }],
    ["an unreadable Referer", { Referer: "not a url" }],
  ])("answers 403 to a JSON quote with %s", async (_name, headers: Record<string, string>) => {
    const { stored, receive } = receiver();
    const response = await receive(json({ "Content-Type": "application/json", ...headers }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ errors: { origin: "must be the site's own address: send the quote from the site's form" } });
    expect(stored).toEqual([]);
  });

  it("answers 403 to a form post from another site with a page that offers the phone number, and stores nothing", async () => {
    const stored: Quote[] = [];
    const receive = createQuoteReceiver({ store: async (quote) => void stored.push(quote), siteOrigin: SITE, phone: { display: "(877) 555-0100", tel: "+18775550100" } });
    const response = await receive(form({ Origin: EVIL, Referer: `${EVIL}/landing` }));
    expect(response.status).toBe(403);
    expect(response.headers.get("location")).toBeNull();
    const html = await response.text();
    expect(html).toContain("<p>This form was not sent from our website, so it was not accepted. Please send it from our website's own form.</p>");
    expect(html).toContain('<a href="tel:+18775550100">(877) 555-0100</a>');
    expect(stored).toEqual([]);
  });

  it("answers 204 to a JSON quote whose trap field is filled, with any value, and stores nothing", async () => {
    for (const company of ["Bot Inc", 1, true, { name: "x" }]) {
      const { stored, log, receive } = receiver();
      const response = await receive(json({ Origin: SITE, "Content-Type": "application/json" }, JSON.stringify({ ...formQuote(), company })));
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      expect(stored).toEqual([]);
      expect(log).toEqual([{ case_id: "", slot: "", outcome: "trap" }]);
    }
  });

  it("answers a trap-filled form post with the 303 to the site's thank-you page a real one gets, and stores nothing", async () => {
    const { stored, receive } = receiver();
    const trapped = new URLSearchParams(fields);
    trapped.set("company", "Bot Inc");
    const response = await receive(form({ Origin: SITE, Referer: PAGE }, trapped));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^https:\/\/www\.floridamedicalflights\.example\/thank-you\/\?case=AF\d{8}[A-Z0-9]{4}$/);
    expect(stored).toEqual([]);
  });

  it("refuses an e-mail address that does not look like one, on either path, with the form's message", async () => {
    const { stored, receive } = receiver();
    const response = await receive(json({ Origin: SITE, "Content-Type": "application/json" }, JSON.stringify({ ...formQuote(), email: "ann lee at gmail" })));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: { email: "Please enter a valid email address" } });
    const withEmail = new URLSearchParams(fields);
    withEmail.set("email", "ann@gmail");
    const page = await receive(form({ Origin: SITE }, withEmail));
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("<li>Please enter a valid email address</li>");
    expect(stored).toEqual([]);
  });
});

describe("what the intake accepts from the site's own pages", () => {
  it.each([
    ["the site's Origin", { Origin: SITE }],
    ["the site's Referer and no Origin", { Referer: PAGE }],
    ["Origin null, marked same-origin by the browser (a no-referrer setting)", { Origin: "null", "Sec-Fetch-Site": "same-origin" }],
    ["neither Origin nor Referer, marked same-origin", { "Sec-Fetch-Site": "same-origin" }],
    ["the site's Origin, marked same-origin", { Origin: SITE, "Sec-Fetch-Site": "same-origin" }],
    ["a charset on the type", { Origin: SITE, "Content-Type": "Application/JSON; charset=utf-8" }],
  ])("stores a JSON quote with %s", async (_name, headers: Record<string, string>) => {
    const { stored, receive } = receiver();
    const response = await receive(json({ "Content-Type": "application/json", ...headers }));
    expect(response.status).toBe(200);
    expect(stored).toHaveLength(1);
  });

  it("sends every 303 to the configured site, never to the Referer, Origin or host the request named", async () => {
    const { stored, receive } = receiver(["http://127.0.0.1:8080"]);
    const answers = [
      await receive(form({ Origin: "null", "Sec-Fetch-Site": "same-origin", Host: "abcdefghij.lambda-url.us-east-1.on.aws" })),
      await receive(form({ Origin: SITE, Referer: PAGE })),
      await receive(form({ Origin: "http://127.0.0.1:8080", Referer: "http://127.0.0.1:8080/naples/" }, fields), ),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303]);
    for (const [i, answer] of answers.entries()) expect(answer.headers.get("location")).toBe(`${SITE}/thank-you/?case=${stored[i]!.case_id}`);
    expect(stored.map((quote) => quote.page_url)).toEqual([`${SITE}/`, PAGE, "http://127.0.0.1:8080/naples/"]);
  });

  it("takes the page from the Referer only when it is one of the site's own", async () => {
    const { stored, receive } = receiver();
    // Same-origin by the browser's word, but the Referer names another site: the quote is kept, its page is the home page.
    await receive(form({ Origin: "null", "Sec-Fetch-Site": "same-origin", Referer: `${EVIL}/x` }));
    expect(stored[0]?.page_url).toBe(`${SITE}/`);
  });
});

describe("the e-mail address rule, shared by the form and the intake", () => {
  it.each(["ann@example.com", " ann.lee+quotes@mail.example.co.uk ", "o'brien@example.ie", "ann@bücher.example", "a@b.cd"])("accepts %j", (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    "ann lee at gmail",
    "ann@gmail",
    "@example.com",
    "ann@",
    "ann@example.c",
    "ann@@example.com",
    "ann@exa mple.com",
    "ann@example..com",
    ".ann@example.com",
    "ann.@example.com",
    "ann..lee@example.com",
    "ann@example.com, eve@evil.example",
    "Ann <ann@example.com>",
    "ann@example.com\r\nBcc: eve@evil.example",
    "ann\u0000@example.com",
    `${"a".repeat(65)}@example.com`,
    `ann@${"a".repeat(250)}.com`,
  ])("refuses %j", (address) => {
    expect(isValidEmail(address)).toBe(false);
  });
});

describe("quote.notice.fields", () => {
  it("offers in data/site.yaml exactly the fields the e-mail knows how to add", async () => {
    const { noticeFields } = await import("../../../src/content/schema");
    const { OPTIONAL_NOTICE_FIELDS } = await import("../../../src/quote/email");
    expect([...noticeFields]).toEqual([...OPTIONAL_NOTICE_FIELDS]);
  });
});
