import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { axeTags } from "../../src/check/browser";
import { isGroup, navigationFor } from "../../templates/navigation";
import { textFor } from "../../templates/text";
import { PHONE, formsReady, useBrowser } from "./browser";
import { cityFiles } from "../unit/support/data-files";

// A city of data/ with Spanish pages, whichever it is today (issue 35).
const city = cityFiles().find((candidate) => candidate.spanish)!;

const browser = useBrowser();

// The test server (static-server.ts) answers every missing path with /404.html, as CloudFront's one error page does
// in production: the page itself has to turn Spanish for a path under /es/.
describe("CloudFront's one 404 page", () => {
  it("speaks Spanish for a missing page under /es/: heading, <html lang>, title", async () => {
    const { page, context, messages } = await browser.open("/es/no-such-page/");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("es");
    expect(await page.locator("main h1:visible").allTextContents()).toEqual(["Página no encontrada"]);
    expect(await page.locator("main p.lead:visible").allTextContents()).toEqual([
      "La página que busca no existe. Si necesita coordinar un vuelo médico de inmediato, llame a nuestra línea de emergencias.",
    ]);
    expect(await page.title()).toMatch(/^Página no encontrada \| /);
    expect(await page.getByRole("link", { name: "Ir a la página de inicio" }).getAttribute("href")).toBe("/es/");
    expect(await page.getByText("Page Not Found").isVisible()).toBe(false);
    expect(messages.filter((m) => m.startsWith("pageerror"))).toEqual([]);
    await context.close();
  });

  it("has no axe violations once it shows the Spanish words, at both widths", async () => {
    const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 800 }]) {
      // axe is added as an inline script, which the site's policy forbids: this page only, for the audit.
      const context = await browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${inject("siteUrl")}/es/no-such-page/`, { waitUntil: "networkidle" });
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("es");
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async (tags) => {
        const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: { id: string }[] }> } }).axe;
        const result = await axe.run(document, { runOnly: { type: "tag", values: tags.filter((tag) => tag !== "best-practice") } });
        return result.violations.map((violation) => violation.id);
      }, axeTags);
      expect(violations, `${viewport.width} px`).toEqual([]);
      await context.close();
    }
  });

  it("stays English for any other missing path, and says 'Episode not found' under /podcast/", async () => {
    const cases = [["/no-such-page/", "Page Not Found"], ["/podcast/no-such/", "Episode not found"], [`/${city.urlSlug}/es/`, "Page Not Found"]] as const;
    for (const [path, heading] of cases) {
      const { page, context } = await browser.open(path);
      await expect.poll(() => page.locator("main h1:visible").allTextContents(), { message: path }).toEqual([heading]);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe("en");
      expect(await page.title(), path).toMatch(/^Page Not Found \| /);
      await context.close();
    }
  });

  it("keeps the Spanish line pointing at /es/ without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${inject("siteUrl")}/es/no-such-page/`);
    expect(await page.locator("main h1:visible").allTextContents()).toEqual(["Page Not Found"]);
    const line = page.locator("main p[lang='es'] a");
    expect(await line.getAttribute("href")).toBe("/es/");
    expect(await line.isVisible()).toBe(true);
    await context.close();
  });

  // Issue 40: no English is painted first, however late the script that chooses the body arrives.
  it("paints nothing before the Spanish body is in place, even with a slow script", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.route("**/assets/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    // When the Spanish body enters the page, by the page's clock (an init script is no part of the page's policy).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector("body > div[data-page-body='es']")) return;
        (window as unknown as { swappedAt: number }).swappedAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${inject("siteUrl")}/es/no-such-page/`, { waitUntil: "load" });
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length)).toBe(1);
    const { swappedAt, painted } = await page.evaluate(() => ({
      swappedAt: (window as unknown as { swappedAt?: number }).swappedAt,
      painted: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
    }));
    expect(swappedAt).toBeGreaterThan(500);
    expect(painted).toBeGreaterThanOrEqual(swappedAt!);
    await context.close();
  });

  // Issue 40: "the Spanish 404 is Spanish throughout", also as CloudFront serves it: header, navigation, call bar, main
  // and footer, not only the main's words. The words are the interface's (client/messages/), whatever they say today.
  for (const [lang, path] of [["es", "/es/missing/"], ["en", "/missing/"]] as const) {
    it(`is in ${lang === "es" ? "Spanish" : "English"} throughout under ${path}: header, navigation, call bar, main, footer and form`, async () => {
      const words = textFor(lang);
      const other = textFor(lang === "es" ? "en" : "es");
      const { page, context, messages } = await browser.open(path, { viewport: PHONE });
      await formsReady(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await page.title()).toMatch(new RegExp(`^${words.notFound.heading} \\| `));
      // One body in the page: no id twice, and the other language's nowhere but in its inert template.
      expect(await page.evaluate(() => document.querySelectorAll("body > div[data-page-body]").length)).toBe(1);
      expect(await duplicateIds(page)).toEqual([]);
      expect(await page.locator("a.skip-link").textContent()).toBe(words.skipLink);
      expect(await page.locator("main h1:visible").allTextContents()).toEqual([words.notFound.heading]);
      expect(await page.locator("main p.lead").textContent()).toBe(words.notFound.lead);
      // The header: its navigation's name, its menu button, and each top-level item's label.
      expect(await page.locator("header nav").getAttribute("aria-label")).toBe(words.mainNavigation);
      const menu = page.locator("header button[aria-controls='site-nav']");
      expect(await menu.textContent()).toBe(words.menu);
      // The call bar, fixed at the bottom on a phone.
      const callBar = page.locator("a.call-bar");
      expect(await callBar.isVisible()).toBe(true);
      expect(await callBar.textContent()).toMatch(new RegExp(`^${words.callBar}: `));
      // The footer and its quote form.
      expect(await page.locator("footer nav").getAttribute("aria-label")).toBe(words.footerNavigation);
      expect(await page.locator("footer").textContent()).toContain(words.footer.legal);
      expect(await page.locator("#footer-quote-heading").textContent()).toBe(words.quoteSection.footerHeading);
      expect(await page.locator(".footer-quote button[type='submit']").textContent()).toBe(words.quoteSection.callbackButton);
      const text = (await page.locator("body").innerText()).replace(/\s+/g, " ");
      for (const english of [other.notFound.heading, other.footer.legal, `${other.callBar}:`, other.quoteSection.footerHeading]) {
        expect(text, english).not.toContain(english);
      }

      // Nothing moved while the page chose its body and started.
      expect(await layoutShift(page)).toBe(0);

      // The menu opens by keyboard and shows the navigation in the page's language; Escape closes it.
      await page.keyboard.press("Tab");
      for (let tabs = 0; tabs < 10 && !(await menu.evaluate((button) => button === document.activeElement)); tabs++) await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      expect(await menu.getAttribute("aria-expanded")).toBe("true");
      const items = page.locator("#site-nav > ul > li > a, #site-nav > ul > li summary");
      await items.first().waitFor({ state: "visible" });
      const labels = (await items.allTextContents()).map((label) => label.replace(` ${words.englishOnly}`, ""));
      expect(labels).toEqual(navigationFor(lang).map((item) => item.label));
      expect(navigationFor(lang).some(isGroup)).toBe(true);
      await page.keyboard.press("Escape");
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);

      expect(messages.filter((message) => message.startsWith("pageerror"))).toEqual([]);
      await context.close();
    });
  }
});

/** The ids that more than one element of the page has. */
function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
    return ids.filter((id, index) => ids.indexOf(id) !== index);
  });
}

/** The page's cumulative layout shift so far. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[];
          resolve(shifts.reduce((sum, shift) => sum + (shift.hadRecentInput ? 0 : shift.value), 0));
        }).observe({ type: "layout-shift", buffered: true });
        // With no shift at all the observer is never called.
        setTimeout(() => resolve(0), 500);
      }),
  );
}
