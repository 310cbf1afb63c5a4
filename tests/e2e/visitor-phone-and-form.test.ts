// Issue 40: what a family sees on a phone. A phone number never breaks across lines and is always in its one format;
// the call bar is one line; the Notes warning can be read whole; a sent quote's confirmation is where the eye is.
// The phone number is read from data/site.yaml, never written here.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { parse } from "yaml";
import { formatPhoneNumber, PHONE_NUMBER_IN_TEXT } from "../../client/phone";
import { readBuiltSite, samplePages } from "../../src/check/site";
import { formsReady, useBrowser } from "./browser";
import { TEST_ENDPOINT } from "./global-setup";
import { cityFiles } from "../unit/support/data-files";

// A city of data/ with Spanish pages, whichever it is today (issue 35).
const city = cityFiles().find((candidate) => candidate.spanish)!;

const browser = useBrowser();
const site = parse(readFileSync(path.resolve(import.meta.dirname, "../../data/site.yaml"), "utf8")) as { phone: { display: string } };
const phone = site.phone.display;
const widths = [320, 375, 1280];
const viewportOf = (width: number) => ({ width, height: width >= 1280 ? 800 : 812 });

describe("a phone number on every kind of page, English and Spanish", () => {
  it("is one line wherever it is shown, at 320, 375 and 1280 px", async () => {
    const pages = samplePages((await readBuiltSite(inject("distDir"))).pages);
    expect(pages.some((page) => page.url.startsWith("/es/"))).toBe(true);
    const broken: string[] = [];
    for (const width of widths) {
      const { page, context } = await browser.open("/", { viewport: viewportOf(width) });
      for (const { url } of pages) {
        await page.goto(`${inject("siteUrl")}${url}`);
        for (const line of await brokenNumbers(page, phone)) broken.push(`${url} at ${width} px: ${line}`);
      }
      await context.close();
    }
    expect(broken).toEqual([]);
  }, 240_000);

  it("is written in its one format in the visible text, the destination's own numbers too", async () => {
    const pages = samplePages((await readBuiltSite(inject("distDir"))).pages).filter((page) => page.kind === "destination" || page.kind === "home");
    const { page, context } = await browser.open("/");
    const other: string[] = [];
    for (const { url } of pages) {
      await page.goto(`${inject("siteUrl")}${url}`);
      const text = await page.evaluate(() => document.body.innerText);
      for (const number of text.match(PHONE_NUMBER_IN_TEXT) ?? []) if (number !== formatPhoneNumber(number)) other.push(`${url}: ${number}`);
    }
    expect(other).toEqual([]);
    await context.close();
  });

  it("stands apart from a contact's label and website on a destination page", async () => {
    const destination = samplePages((await readBuiltSite(inject("distDir"))).pages).find((page) => page.kind === "destination" && page.url.includes("md-anderson"))!;
    const { page, context } = await browser.open(destination.url, { viewport: viewportOf(375) });
    const items = await page.locator(".contact-list li").evaluateAll((lis) =>
      lis.map((li) => [...li.querySelectorAll(".contact-label, .contact-means > a")].map((el) => el.getBoundingClientRect())),
    );
    expect(items.length).toBeGreaterThan(0);
    for (const rects of items) {
      // Each item is a box of its own, none overlapping or touching the next one on its line.
      for (let i = 1; i < rects.length; i++) {
        const [a, b] = [rects[i - 1]!, rects[i]!];
        expect(b.top >= a.bottom - 1 || b.left >= a.right + 8).toBe(true);
      }
    }
    await context.close();
  });
});

describe("the fixed call bar on phones", () => {
  for (const url of ["/", "/es/"]) {
    for (const width of [320, 375]) {
      it(`is one line at ${width} px on ${url}`, async () => {
        const { page, context } = await browser.open(url, { viewport: viewportOf(width) });
        // Every box of its text (label, number) on one line: each overlaps the others vertically.
        const lines = await page.locator("a.call-bar").evaluate((bar) => {
          const range = document.createRange();
          range.selectNodeContents(bar);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          return Math.max(...rects.map((r) => r.top)) < Math.min(...rects.map((r) => r.bottom)) ? 1 : rects.map((r) => r.top).join(", ");
        });
        expect(lines).toBe(1);
        const box = await page.locator("a.call-bar").boundingBox();
        expect(box!.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await context.close();
      });
    }
  }
});

describe("the Notes field's warning", () => {
  for (const [url, slot] of [["/contact/", "inline"], ["/es/contact/", "inline"], [`/${city.urlSlug}/`, "modal"], [`/es/${city.urlSlug}/`, "modal"]] as const) {
    for (const width of widths) {
      it(`is shown whole under its label and tied to the field, at ${width} px on ${url} (${slot})`, async () => {
        const { page, context } = await browser.open(url, { viewport: viewportOf(width) });
        await formsReady(page);
        if (slot === "modal") await page.locator(".hero a[data-quote-open]").first().click();
        const notes = page.locator(`#quote-${slot}-notes`);
        await notes.scrollIntoViewIfNeeded();
        expect(await notes.getAttribute("rows")).toBe("3");
        const placeholder = (await notes.getAttribute("placeholder"))!;
        expect(placeholder.length).toBeGreaterThan(20);
        const hintId = (await notes.getAttribute("aria-describedby"))!;
        const hint = page.locator(`[id="${hintId}"]`);
        expect(await hint.textContent()).toBe(placeholder);
        // Between the label and the field, nothing of it cut off or hidden.
        const shown = await hint.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const label = document.querySelector(`label[for="${el.id.replace(/-hint$/, "")}"]`)!.getBoundingClientRect();
          const field = document.getElementById(el.id.replace(/-hint$/, ""))!.getBoundingClientRect();
          return {
            whole: el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1,
            visible: getComputedStyle(el).visibility === "visible" && box.height > 0,
            inOrder: label.bottom <= box.top + 1 && box.bottom <= field.top + 1,
          };
        });
        expect(shown).toEqual({ whole: true, visible: true, inOrder: true });
        await context.close();
      });
    }
  }
});

describe("the confirmation after a send from the dialog", () => {
  for (const [url, width] of [[`/${city.urlSlug}/`, 320], [`/${city.urlSlug}/`, 375], [`/${city.urlSlug}/`, 1280], [`/es/${city.urlSlug}/`, 375]] as const) {
    it(`is focused, announced and inside the dialog's visible box, at ${width} px on ${url}`, async () => {
      const openedAt = Date.parse("2026-03-02T15:00:00Z");
      const { page, context } = await browser.open(url, {
        viewport: viewportOf(width),
        endpoint: true,
        before: (p) => p.clock.setFixedTime(openedAt),
      });
      await page.route(TEST_ENDPOINT, (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"ok":true}' }));
      // The thank-you page never answers: the confirmation stays on screen to be looked at.
      await page.route("**/thank-you/**", () => new Promise(() => {}));
      await formsReady(page);
      await page.locator(".hero a[data-quote-open]").first().click();
      const dialog = page.locator("#quote-dialog");
      await fillByName(dialog);
      await page.clock.setFixedTime(openedAt + 5000);
      await dialog.locator("button[type=submit]").click();
      const success = dialog.locator(".form-success");
      await expect.poll(() => success.count()).toBe(1);
      const seen = () => success.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const shown = el.closest("dialog")!.getBoundingClientRect();
        const live = el.closest("[aria-live]");
        return {
          focused: document.activeElement === el,
          inside: box.top >= Math.max(shown.top, 0) && box.bottom <= Math.min(shown.bottom, innerHeight),
          live: live?.getAttribute("aria-live") ?? null,
        };
      });
      await expect.poll(seen).toEqual({ focused: true, inside: true, live: "polite" });
      await context.close();
    });
  }
});

// --- helpers ---

/** Each shown occurrence of `number` on the page that spans more than one line, with the text around it. */
function brokenNumbers(page: Page, number: string): Promise<string[]> {
  return page.evaluate((number) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let at = node.data.indexOf(number); at !== -1; at = node.data.indexOf(number, at + 1)) {
        range.setStart(node, at);
        range.setEnd(node, at + number.length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top + r.height / 2)));
        if (lines.size > 1) broken.push(node.data.trim().slice(0, 80));
      }
    }
    return broken;
  }, number);
}

/** Fills the required fields of the dialog's form by their names and positions, in any language. */
async function fillByName(dialog: import("playwright-core").Locator) {
  await dialog.locator('[name="full_name"]').fill("Ann Example");
  await dialog.locator('[name="phone"]').fill("(555) 010-2030");
  await dialog.locator('[name="from_location"]').fill("Naples, FL");
  await dialog.locator('[name="to_location"]').fill("Houston, TX");
  await dialog.locator('[name="urgency"]').nth(2).check();
  await dialog.locator('[name="mobility"]').nth(1).check();
  await dialog.locator('[name="consent"]').check();
}
