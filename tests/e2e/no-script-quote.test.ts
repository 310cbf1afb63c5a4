import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { sitePhone } from "../unit/support/data-files";
import { useServedProject } from "../unit/support/serve-project";
import { fillRequired, useBrowser } from "./browser";

// Without JavaScript the quote form is a plain form that posts to the endpoint, form-encoded. Against the dev
// server's receiver the whole path works: the quote is stored and the visitor lands on the thank-you page.

const browser = useBrowser();

describe("the quote form without JavaScript, against the local receiver", () => {
  const served = useServedProject();

  async function openContactWithoutScript(): Promise<Page> {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(new URL("/contact/", served.url).href);
    return page;
  }

  it("stores the quote and shows the thank-you page", async () => {
    const page = await openContactWithoutScript();
    const form = page.locator("#quote form");
    await fillRequired(form);
    await Promise.all([page.waitForURL(/\/thank-you\/\?case=AF\d{8}[A-Z0-9]{4}$/), form.getByRole("button", { name: "Request a Quote" }).click()]);

    const lines = (await readFile(served.quotesFile, "utf8")).trim().split("\n");
    const quote = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    expect(page.url()).toBe(new URL(`/thank-you/?case=${quote.case_id as string}`, served.url).href);
    expect(quote).toMatchObject({
      full_name: "Ann Example",
      phone: "(555) 123-4567",
      urgency: "Planned (3+ days)",
      mobility: "Wheelchair",
      equipment: ["Oxygen"],
      consent: true,
      page_url: new URL("/contact/", served.url).href,
      source_slot: "inline",
    });
    await page.context().close();
  });

  it("answers a form sent with mistakes with a page that lists them, and stores nothing", async () => {
    const before = await readFile(served.quotesFile, "utf8").catch(() => "");
    const page = await openContactWithoutScript();
    const form = page.locator("#quote form");
    await form.getByLabel("Full name").fill("Ann Example");
    await Promise.all([page.waitForURL(/\/api\/quote$/), form.getByRole("button", { name: "Request a Quote" }).click()]);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Your request was not sent");
    expect(await page.locator("li").allTextContents()).toEqual([
      "Phone is required",
      "From location is required",
      "To location is required",
      "Urgency is required",
      "Mobility is required",
      "Consent is required",
    ]);
    expect(await page.getByRole("link", { name: sitePhone().display }).getAttribute("href")).toBe(`tel:${sitePhone().tel}`);
    expect(await readFile(served.quotesFile, "utf8").catch(() => "")).toBe(before);
    await page.context().close();
  });
});
