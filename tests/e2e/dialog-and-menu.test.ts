import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, formsReady, useBrowser } from "./browser";
import { cityFiles, destinationFiles } from "../unit/support/data-files";

// A city of data/ with Spanish pages, and the first destination, whichever they are today (issue 35).
const city = cityFiles().find((candidate) => candidate.spanish)!;
const destination = destinationFiles()[0]!;

const browser = useBrowser();

const activeId = (page: import("playwright-core").Page) => page.evaluate(() => document.activeElement?.id ?? "");

describe("the quote dialog", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`opens from Get a Quote at ${viewport.width} px, keeps focus inside, and returns it to the opener on Escape`, async () => {
      const { page } = await browser.open(`/${city.urlSlug}/`, { viewport });
      await formsReady(page);
      const opener = page.locator(".hero a[data-quote-open]", { hasText: "Get a Quote" });
      await opener.click();
      const dialog = page.locator("#quote-dialog");
      expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
      expect(await activeId(page)).toBe("quote-modal-full_name");
      // The page behind does not scroll while the dialog is open.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
      // Tabbing through every control never leaves the dialog.
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#quote-dialog")) || document.activeElement === document.body)).toBe(true);
      }
      await page.keyboard.press("Escape");
      expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
      await page.context().close();
    });
  }

  it("closes with its Close button, and opens from Request Callback too", async () => {
    const { page } = await browser.open(`/${city.urlSlug}/${destination.urlSegment}/`);
    await formsReady(page);
    await page.locator(".hero a[data-quote-open]", { hasText: "Get a Quote" }).click();
    await page.locator("#quote-dialog").getByRole("button", { name: "Close" }).click();
    expect(await page.locator("#quote-dialog").evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    const cityPage = await browser.open(`/${city.urlSlug}/`);
    await cityPage.page.locator(".hero a[data-quote-open]", { hasText: "Request Callback" }).click();
    expect(await cityPage.page.locator("#quote-dialog").evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    await page.context().close();
    await cityPage.context.close();
  });

  it("opens from the buttons on the home and podcast pages", async () => {
    for (const path of ["/", "/podcast/"]) {
      const { page, context } = await browser.open(path);
      await page.locator("main a[data-quote-open]").first().click();
      expect(await page.locator("#quote-dialog").evaluate((d: HTMLDialogElement) => d.open), path).toBe(true);
      await context.close();
    }
  });

  it("is a plain link to /contact/#quote without JavaScript", async () => {
    const { page } = await browser.open(`/${city.urlSlug}/`, { before: async (p) => void (await p.context().route("**/*.js", (route) => route.abort())) });
    await page.locator(".hero a[data-quote-open]", { hasText: "Get a Quote" }).click();
    await page.waitForURL("**/contact/#quote");
    expect(await page.locator("#quote form").count()).toBe(1);
    await page.context().close();
  });
});

describe("the mobile menu", () => {
  it("toggles open and closed by mouse and by keyboard", async () => {
    const { page } = await browser.open("/about/", { viewport: PHONE });
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.waitFor();
    expect(await page.locator("#site-nav").isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByRole("link", { name: "Cities", exact: true }).first().isVisible()).toBe(true);
    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator("#site-nav").isVisible()).toBe(false);
    await menu.focus();
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("keeps one dropdown open at a time; clicking the open one closes it; choosing an item closes the menu", async () => {
    const { page } = await browser.open("/about/", { viewport: PHONE });
    await page.getByRole("button", { name: "Menu" }).click();
    const services = page.locator("#site-nav details", { hasText: "Services" });
    const resources = page.locator("#site-nav details", { hasText: "Resources" });
    await services.locator("summary").click();
    expect(await services.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    await resources.locator("summary").click();
    expect(await resources.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await services.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await resources.locator("summary").click();
    expect(await resources.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await resources.locator("summary").click();
    await resources.getByRole("link", { name: "Insurance" }).click();
    await page.waitForURL("**/insurance/");
    expect(await page.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).toBe("false");
    await page.context().close();
  });

  it("opens dropdowns from the keyboard on desktop, and Escape closes them", async () => {
    const { page } = await browser.open("/about/");
    const summary = page.locator("#site-nav summary", { hasText: "Procedures" });
    await summary.focus();
    await page.keyboard.press("Enter");
    const group = page.locator("#site-nav details", { hasText: "Procedures" });
    expect(await group.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Our Procedures");
    await page.keyboard.press("Escape");
    expect(await group.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await page.context().close();
  });

  it("leads to the footer navigation without JavaScript", async () => {
    const { page } = await browser.open("/about/", { viewport: PHONE, before: async (p) => void (await p.context().route("**/*.js", (route) => route.abort())) });
    await page.getByRole("link", { name: "Menu" }).click();
    await page.waitForURL("**/about/#footer-nav");
    expect(await page.locator("#footer-nav a[href='/contact/']").isVisible()).toBe(true);
    await page.context().close();
  });
});

describe("the thank-you and 404 pages", () => {
  it("shows a case id from ?case= that has the format", async () => {
    const { page } = await browser.open("/thank-you/?case=AF12345678ABCD");
    await expect.poll(() => page.locator("[data-case-id]").textContent()).toBe("AF12345678ABCD");
    await page.context().close();
  });

  it("keeps a script in ?case= inert and shows the default case id", async () => {
    const attack = encodeURIComponent('<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>');
    const { page, messages } = await browser.open(`/thank-you/?case=${attack}`);
    await page.waitForLoadState("networkidle");
    expect(await page.locator("[data-case-id]").textContent()).toBe("AF00000000");
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator("main img, main script").count()).toBe(0);
    expect(messages.filter((m) => m.startsWith("pageerror"))).toEqual([]);
    await page.context().close();
  });

  it("answers an unknown path with the 404 page and writes the path to the console", async () => {
    const { page, messages } = await browser.open("/no-such-page/");
    expect(await page.locator("h1:visible").textContent()).toBe("Page Not Found");
    await expect.poll(() => messages).toContain("warning: Page not found: /no-such-page/");
    await page.context().close();
  });
});

describe("a strict Content-Security-Policy", () => {
  it("blocks nothing the site needs: no inline script, no eval, no other origin", async () => {
    for (const path of ["/", `/${city.urlSlug}/`, "/contact/", "/podcast/international-flights-made-simple/", "/thank-you/?case=AF12345678ABCD"]) {
      const { page, messages, context } = await browser.open(path);
      await page.waitForLoadState("networkidle");
      expect(messages.filter((m) => /Content Security Policy|Refused to/i.test(m)), path).toEqual([]);
      expect(messages.filter((m) => m.startsWith("pageerror")), path).toEqual([]);
      await context.close();
    }
  });
});
