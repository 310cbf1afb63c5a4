import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, fillRequired, formsReady, useBrowser } from "./browser";
import { TEST_ENDPOINT } from "./global-setup";
import { cityFiles, destinationFiles, sitePhone } from "../unit/support/data-files";

// A city of data/ with Spanish pages, and the first destination, whichever they are today (issue 35).
const city = cityFiles().find((candidate) => candidate.spanish)!;
const destination = destinationFiles()[0]!;

const browser = useBrowser();

const OPENED_AT = new Date("2026-03-02T15:00:00Z").getTime();

/**
 * Opens a page whose clock stands still (timers keep running), so the form always looks freshly opened
 * until passBotDelay moves the clock on. (clock.install would also freeze the animation frames that
 * Playwright waits on before clicking.)
 */
async function openWithClock(path: string, viewport = DESKTOP, endpoint = false) {
  const opened = await browser.open(path, { viewport, endpoint, before: (page) => page.clock.setFixedTime(OPENED_AT) });
  await formsReady(opened.page);
  return opened;
}

/** Moves the page's clock past the 4-second bot delay. */
async function passBotDelay(page: Page) {
  await page.clock.setFixedTime(OPENED_AT + 5000);
}

const quoteLogs = (messages: string[]) => messages.filter((m) => m.startsWith("log: Quote request"));

for (const viewport of [DESKTOP, PHONE]) {
  describe(`the quote form at ${viewport.width} px`, () => {
    it("shows every required-field message, marks the fields invalid, and clears a message when its field is edited", async () => {
      const { page } = await openWithClock("/contact/", viewport);
      const form = page.locator("#quote form");
      await form.getByRole("button", { name: "Request a Quote" }).click();
      for (const message of [
        "Name is required",
        "Phone is required",
        "From location is required",
        "To location is required",
        "Urgency is required",
        "Mobility is required",
        "Consent is required",
      ]) {
        await expect.poll(() => form.getByText(message, { exact: true }).count()).toBe(1);
      }
      const name = form.getByLabel("Full name");
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      expect(await name.getAttribute("aria-describedby")).toBe("quote-inline-full_name-error");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("quote-inline-full_name");
      await name.fill("A");
      await expect.poll(() => form.getByText("Name is required").count()).toBe(0);
      expect(await form.getByText("Phone is required").count()).toBe(1);
      await page.context().close();
    });

    it("refuses a phone number that is neither 10 to 15 digits nor (555) 123-4567", async () => {
      const { page } = await openWithClock("/contact/", viewport);
      const form = page.locator("#quote form");
      await form.getByLabel("Phone").fill("555-1234");
      await form.getByRole("button", { name: "Request a Quote" }).click();
      await expect.poll(() => form.getByText("Please enter a valid phone number").count()).toBe(1);
      await page.context().close();
    });

    it("refuses an e-mail address that does not look like one, with the same message the intake gives", async () => {
      const { page } = await openWithClock("/contact/", viewport);
      const form = page.locator("#quote form");
      const email = form.getByLabel("Email");
      await email.fill("ann lee at gmail");
      await form.getByRole("button", { name: "Request a Quote" }).click();
      await expect.poll(() => form.getByText("Please enter a valid email address", { exact: true }).count()).toBe(1);
      expect(await email.getAttribute("aria-invalid")).toBe("true");
      await email.fill("ann@example.com");
      await form.getByRole("button", { name: "Request a Quote" }).click();
      await expect.poll(() => form.getByText("Please enter a valid email address").count()).toBe(0);
      await page.context().close();
    });

    it("warns about emergencies when urgency is Today", async () => {
      const { page } = await openWithClock("/contact/", viewport);
      const form = page.locator("#quote form");
      expect(await form.getByText("For emergencies, call 911.").count()).toBe(0);
      await form.getByLabel("Today").check();
      await expect.poll(() => form.getByText("For emergencies, call 911.").count()).toBe(1);
      expect(await form.locator(`.form-notice a[href='tel:${sitePhone().tel}']`).count()).toBe(1);
      await page.context().close();
    });

    it("asks a human check when sent within 4 seconds, keeps it after a wrong answer, and sends after 7", async () => {
      const { page, messages } = await openWithClock("/contact/", viewport);
      const form = page.locator("#quote form");
      await fillRequired(form);
      await form.getByRole("button", { name: "Request a Quote" }).click();
      const check = form.getByLabel("Please solve: 3 + 4 = ?");
      await check.waitFor();
      expect(quoteLogs(messages)).toHaveLength(0);
      await check.fill("8");
      await form.getByRole("button", { name: "Verify" }).click();
      await expect.poll(() => form.getByText("That is not the right answer. Please try again.").count()).toBe(1);
      expect(await check.isVisible()).toBe(true);
      await check.fill("7");
      await form.getByRole("button", { name: "Verify" }).click();
      await expect.poll(() => form.getByText("Quote request submitted successfully!").count()).toBe(1);
      expect(await form.getByLabel("Please solve: 3 + 4 = ?").count()).toBe(0);
      expect(quoteLogs(messages)).toHaveLength(1);
      await page.context().close();
    });

    it("does nothing at all when the hidden company field is filled", async () => {
      const { page, messages } = await openWithClock("/contact/", viewport);
      const form = page.locator("#quote form");
      await fillRequired(form);
      await form.locator("input[name=company]").fill("Bot Inc", { force: true });
      await passBotDelay(page);
      await form.getByRole("button", { name: "Request a Quote" }).click();
      await page.waitForTimeout(500);
      expect(quoteLogs(messages)).toHaveLength(0);
      expect(await form.getByText("Quote request submitted successfully!").count()).toBe(0);
      expect(await form.getByLabel("Please solve: 3 + 4 = ?").count()).toBe(0);
      expect(page.url()).toContain("/contact/");
      await page.context().close();
    });

    it("goes Submitting... → success → /thank-you/?case=ID with the button disabled, when the endpoint answers 200", async () => {
      const { page, messages } = await openWithClock("/contact/", viewport, true);
      let posted: Record<string, unknown> | undefined;
      let answer: () => void = () => {};
      await page.route(TEST_ENDPOINT, async (route) => {
        posted = JSON.parse(route.request().postData() ?? "{}") as Record<string, unknown>;
        await new Promise<void>((resolve) => (answer = resolve));
        await route.fulfill({ status: 200, contentType: "application/json", body: '{"ok":true}' });
      });
      const form = page.locator("#quote form");
      await fillRequired(form);
      await passBotDelay(page);
      await form.locator("button[type=submit]").click();
      const button = form.locator("button[type=submit]");
      await expect.poll(() => button.textContent()).toBe("Submitting...");
      expect(await button.isDisabled()).toBe(true);
      await expect.poll(() => posted !== undefined).toBe(true);
      answer();
      await expect.poll(() => form.getByText("Quote request submitted successfully!").count()).toBe(1);
      expect(await form.getByText("Redirecting to confirmation page...").count()).toBe(1);
      expect(await button.isDisabled()).toBe(true);
      expect(posted).toMatchObject({ full_name: "Ann Example", source_slot: "inline", equipment: ["Oxygen"] });
      const caseId = String(posted!.case_id);
      expect(caseId).toMatch(/^AF\d{8}[A-Z0-9]{4}$/);
      await page.waitForURL(`**/thank-you/?case=${caseId}`);
      await expect.poll(() => page.locator("[data-case-id]").textContent()).toBe(caseId);
      expect(quoteLogs(messages)).toHaveLength(1);
      await page.context().close();
    });

    for (const failure of ["a 500 answer", "a network error"]) {
      it(`shows the error and keeps every value after ${failure}`, async () => {
        const { page } = await openWithClock("/contact/", viewport, true);
        await page.route(TEST_ENDPOINT, (route) =>
          failure === "a 500 answer" ? route.fulfill({ status: 500, body: "down" }) : route.abort("failed"),
        );
        const form = page.locator("#quote form");
        await fillRequired(form);
        await form.getByLabel("Notes").fill("Two suitcases");
        await passBotDelay(page);
        await form.locator("button[type=submit]").click();
        await expect.poll(() => form.getByText("Something went wrong. Please try again.").count()).toBe(1);
        expect(await form.getByLabel("Full name").inputValue()).toBe("Ann Example");
        expect(await form.getByLabel("Phone").inputValue()).toBe("(555) 123-4567");
        expect(await form.getByLabel("Notes").inputValue()).toBe("Two suitcases");
        expect(await form.getByLabel("Wheelchair").isChecked()).toBe(true);
        expect(await form.getByLabel("Oxygen").isChecked()).toBe(true);
        expect(await form.locator("button[type=submit]").isEnabled()).toBe(true);
        expect(page.url()).toContain("/contact/");
        await page.context().close();
      });
    }

    it("keeps a draft through a reload", async () => {
      const { page } = await openWithClock("/contact/", viewport);
      const form = page.locator("#quote form");
      await form.getByLabel("Full name").fill("Ann Example");
      await form.getByLabel("Flying to (city or facility)").fill("Rochester, MN");
      await form.getByLabel("Stretcher").check();
      await page.reload();
      await formsReady(page);
      await expect.poll(() => form.getByLabel("Full name").inputValue()).toBe("Ann Example");
      expect(await form.getByLabel("Flying to (city or facility)").inputValue()).toBe("Rochester, MN");
      expect(await form.getByLabel("Stretcher").isChecked()).toBe(true);
      await page.context().close();
    });
  });
}

describe("the assembled quote", () => {
  it("carries the page, slot, campaign and device facts, and reaches analytics when gtag exists", async () => {
    const { page, messages } = await browser.open(`/${city.urlSlug}/${destination.urlSegment}/?utm_source=news&utm_medium=email&utm_campaign=fall`, {
      viewport: PHONE,
      before: async (p: Page) => {
        await p.clock.setFixedTime(OPENED_AT);
        await p.addInitScript(() => {
          (window as unknown as { gtagCalls: unknown[] }).gtagCalls = [];
          (window as unknown as { gtag: (...args: unknown[]) => void }).gtag = (...args) =>
            (window as unknown as { gtagCalls: unknown[] }).gtagCalls.push(args);
        });
      },
    });
    await formsReady(page);
    let quote: Record<string, unknown> | undefined;
    page.on("console", async (message) => {
      if (message.text().startsWith("Quote request")) quote = (await message.args()[1]!.jsonValue()) as Record<string, unknown>;
    });
    await page.getByRole("link", { name: "Get a Quote" }).first().click();
    const dialog = page.locator("#quote-dialog");
    await fillRequired(dialog.locator("form"));
    await passBotDelay(page);
    await dialog.locator("button[type=submit]").click();
    await expect.poll(() => quote !== undefined).toBe(true);
    expect(quote).toMatchObject({
      full_name: "Ann Example",
      phone: "(555) 123-4567",
      from_location: "Naples, FL",
      to_location: "Houston, TX",
      urgency: "Planned (3+ days)",
      mobility: "Wheelchair",
      equipment: ["Oxygen"],
      consent: true,
      city_slug: city.urlSlug,
      destination_slug: destination.slug,
      source_slot: "modal",
      utm_source: "news",
      utm_medium: "email",
      utm_campaign: "fall",
      device: "mobile",
      page_title: await page.title(),
    });
    expect(quote).not.toHaveProperty("company");
    expect(String(quote!.page_url)).toContain(`/${city.urlSlug}/${destination.urlSegment}/`);
    expect(new Date(String(quote!.timestamp)).toISOString()).toBe(quote!.timestamp);
    // The event goes out once /api/quote has answered, a moment after the quote is logged.
    const calls = () => page.evaluate(() => (window as unknown as { gtagCalls: unknown[] }).gtagCalls);
    await expect.poll(calls).toEqual([
      ["event", "quote_submitted", { urgency: "Planned (3+ days)", city_slug: city.urlSlug, destination_slug: destination.slug, device: "mobile", source_slot: "modal" }],
    ]);
    expect(messages.filter((m) => m.startsWith("pageerror"))).toEqual([]);
    await page.context().close();
  });

  it("leaves out email, date, equipment and notes in the compact footer form", async () => {
    const { page } = await browser.open("/about/");
    await formsReady(page);
    const footer = page.locator(".footer-quote form");
    expect(await footer.getByLabel("Full name").count()).toBe(1);
    for (const label of ["Email", "Preferred date", "Oxygen", "Notes"]) expect(await footer.getByLabel(label).count()).toBe(0);
    expect(await footer.getByRole("button", { name: "Request Callback" }).count()).toBe(1);
    await page.context().close();
  });
});
