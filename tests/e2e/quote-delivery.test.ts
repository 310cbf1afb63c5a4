import { readFile } from "node:fs/promises";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { useServedProject } from "../unit/support/serve-project";
import { PHONE, fillRequired, formsReady, useBrowser } from "./browser";
import { cityFiles } from "../unit/support/data-files";

// A city of data/ with Spanish pages, whichever it is today (issue 35).
const city = cityFiles().find((candidate) => candidate.spanish)!;

// Issue 13: with the default site.yaml (`quote: {}`) a quote sent from the site reaches a receiver and is stored,
// with the facts a coordinator and the marketing figures need: page, slot and campaign.

const browser = useBrowser();
const OPENED_AT = new Date("2026-03-02T15:00:00Z").getTime();
const CITY_PAGE = `/${city.urlSlug}/?utm_source=news&utm_medium=email&utm_campaign=fall`;

/** Opens the quote dialog of the page, fills it, and sends it once the bot delay has passed; resolves on the thank-you page. */
async function sendFromDialog(page: Page): Promise<string> {
  await formsReady(page);
  await page.getByRole("link", { name: "Get a Quote" }).first().click();
  const dialog = page.locator("#quote-dialog");
  await fillRequired(dialog.locator("form"));
  await page.clock.setFixedTime(OPENED_AT + 5000);
  await Promise.all([page.waitForURL(/\/thank-you\/\?case=AF\d{8}[A-Z0-9]{4}$/, { timeout: 15_000 }), dialog.locator("button[type=submit]").click()]);
  return new URL(page.url()).searchParams.get("case")!;
}

async function storedQuotes(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("a quote sent from a city page of the site as built by default", () => {
  const served = useServedProject();

  it("lands in .flightsite/quotes.ndjson of flightsite serve, with its page, slot and campaign", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.clock.setFixedTime(OPENED_AT);
    await page.goto(new URL(CITY_PAGE, served.url).href);
    const caseId = await sendFromDialog(page);
    const stored = (await storedQuotes(served.quotesFile)).filter((quote) => quote.case_id === caseId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      full_name: "Ann Example",
      page_url: new URL(CITY_PAGE, served.url).href,
      city_slug: city.urlSlug,
      destination_slug: "",
      source_slot: "modal",
      utm_source: "news",
      utm_medium: "email",
      utm_campaign: "fall",
      device: "mobile",
    });
    await context.close();
  });
});

describe("a quote sent to the site's own /api/quote", () => {
  it("needs nothing from the Content-Security-Policy but 'self' for connections and form actions", async () => {
    const { page, messages, context } = await browser.open(CITY_PAGE, { viewport: PHONE, before: (p) => p.clock.setFixedTime(OPENED_AT) });
    const caseId = await sendFromDialog(page);
    expect((await storedQuotes(inject("quotesFile"))).map((quote) => quote.case_id)).toContain(caseId);
    expect(messages.filter((m) => /Content Security Policy|Refused to/i.test(m))).toEqual([]);
    await context.close();
  });
});
