import { afterAll, beforeAll, expect, inject } from "vitest";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "playwright-core";

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 800 };

/** Connects the test file to the shared Chromium; each test opens its own context (fresh storage). */
export function useBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.connect(inject("browserWsEndpoint"));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** A fresh context of the shared browser, for tests that need settings of their own (JavaScript off…). */
    newContext: (options?: BrowserContextOptions) => browser.newContext(options),
    async open(
      path: string,
      options: { viewport?: { width: number; height: number }; endpoint?: boolean; before?: (page: Page) => Promise<void> } = {},
    ): Promise<{ page: Page; context: BrowserContext; messages: string[] }> {
      const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP });
      const page = await context.newPage();
      const messages: string[] = [];
      page.on("console", (message) => messages.push(`${message.type()}: ${message.text()}`));
      page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
      await options.before?.(page);
      const base = options.endpoint ? inject("endpointSiteUrl") : inject("siteUrl");
      await page.goto(`${base}${path}`);
      return { page, context, messages };
    },
  };
}

/** Waits until the quote-form islands are hydrated (client/main.ts sets the flag). */
export async function formsReady(page: Page): Promise<void> {
  // Polled from Node, not with waitForFunction: tests that fake the page's clock also fake its timers.
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.islands ?? ""), { timeout: 10_000 }).toBe("ready");
}

/** Fills every required field of a quote form with valid values. */
export async function fillRequired(form: Locator, options: { compact?: boolean } = {}) {
  await form.getByLabel("Full name").fill("Ann Example");
  await form.getByLabel("Phone").fill("(555) 123-4567");
  await form.getByLabel("Flying from (city or facility)").fill("Naples, FL");
  await form.getByLabel("Flying to (city or facility)").fill("Houston, TX");
  await form.getByLabel("Planned (3+ days)").check();
  await form.getByLabel("Wheelchair").check();
  if (!options.compact) await form.getByLabel("Oxygen").check();
  await form.getByLabel(/I understand this form is for non-emergency/).check();
}
