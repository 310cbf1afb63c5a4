// Issue 15: the three dropdown groups of the header (Services, Procedures, Resources) must not look like the links
// beside them. Each shows a chevron that points down while its list is closed and up while it is open, and the open
// group is marked by a tint and a bar as well, all from the <details> element's own [open] state.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, useBrowser } from "./browser";

const browser = useBrowser();
const groups = ["Services", "Procedures", "Resources"];

/** What a visitor sees of one group: open or not, which way its chevron points, and how its summary is drawn. */
function groupLook(page: Page, label: string) {
  return page.evaluate((label) => {
    const summary = [...document.querySelectorAll("#site-nav summary")].find((s) => s.textContent === label)!;
    const icon = summary.querySelector("svg")!;
    const box = icon.getBoundingClientRect();
    const style = getComputedStyle(summary);
    return {
      open: (summary.parentElement as HTMLDetailsElement).open,
      chevron: { shown: box.width === 24 && box.height === 24, rotate: getComputedStyle(icon).rotate, fill: getComputedStyle(icon.querySelector("path")!).fill },
      color: style.color,
      background: style.backgroundColor,
      bar: style.boxShadow,
    };
  }, label);
}

const ink = "rgb(28, 39, 51)";
const brandDark = "rgb(8, 58, 80)";
const tint = "rgb(241, 246, 249)";
const brand = "rgb(11, 79, 108)";
const closed = { open: false, chevron: { shown: true, rotate: "none", fill: ink }, color: ink, background: "rgba(0, 0, 0, 0)", bar: "none" };
/** Open: chevron turned up, darker text on a tint, and a brand bar beside the label (phone) or under it (desktop). */
const open = (bar: string) => ({ open: true, chevron: { shown: true, rotate: "180deg", fill: brandDark }, color: brandDark, background: tint, bar });
const bars = { [PHONE.width]: `${brand} 4px 0px 0px 0px inset`, [DESKTOP.width]: `${brand} 0px -3px 0px 0px inset` };

async function expectOnlyOpen(page: Page, openLabel: string | undefined, bar: string) {
  for (const label of groups) expect(await groupLook(page, label), label).toEqual(label === openLabel ? open(bar) : closed);
}

describe("the dropdown groups of the header", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`show a chevron closed, turn it up and mark the group when opened, and go back when another opens, at ${viewport.width} px`, async () => {
      const { page, context } = await browser.open("/about/", { viewport });
      if (viewport === PHONE) await page.getByRole("button", { name: "Menu" }).click();
      await page.locator("#site-nav summary").first().waitFor();
      await expectOnlyOpen(page, undefined, bars[viewport.width]!);
      for (const label of [...groups, groups[0]!]) {
        await page.locator("#site-nav summary", { hasText: label }).click();
        await expectOnlyOpen(page, label, bars[viewport.width]!);
      }
      // Clicking the open one closes it, and its chevron turns back down.
      await page.locator("#site-nav summary", { hasText: groups[0] }).click();
      await expectOnlyOpen(page, undefined, bars[viewport.width]!);
      await context.close();
    });

    it(`toggle with Space and Enter, keep the focus ring, and close on Escape with the chevron down again, at ${viewport.width} px`, async () => {
      const { page, context } = await browser.open("/about/", { viewport });
      if (viewport === PHONE) await page.getByRole("button", { name: "Menu" }).click();
      const summary = page.locator("#site-nav summary", { hasText: "Procedures" });
      await summary.focus();
      await page.keyboard.press("Space");
      await expectOnlyOpen(page, "Procedures", bars[viewport.width]!);
      const ring = () => summary.evaluate((el) => ({ visible: el.matches(":focus-visible"), style: getComputedStyle(el).outlineStyle, width: getComputedStyle(el).outlineWidth }));
      expect(await ring()).toEqual({ visible: true, style: "solid", width: "3px" });
      await page.keyboard.press("Enter");
      await expectOnlyOpen(page, undefined, bars[viewport.width]!);
      await page.keyboard.press("Enter");
      await expectOnlyOpen(page, "Procedures", bars[viewport.width]!);
      await page.keyboard.press("Escape");
      await expectOnlyOpen(page, undefined, bars[viewport.width]!);
      expect(await ring()).toEqual({ visible: true, style: "solid", width: "3px" });
      await context.close();
    });
  }

  it("keep their cues right without JavaScript, when the browser closes one group because another opened", async () => {
    const { page, context } = await browser.open("/about/", { before: async (p) => void (await p.context().route("**/*.js", (route) => route.abort())) });
    expect(await page.evaluate(() => document.querySelector("[data-menu-toggle]")?.tagName)).toBe("A"); // no script ran
    await page.locator("#site-nav summary", { hasText: "Services" }).click();
    await expectOnlyOpen(page, "Services", bars[DESKTOP.width]!);
    await page.locator("#site-nav summary", { hasText: "Resources" }).click();
    await expectOnlyOpen(page, "Resources", bars[DESKTOP.width]!);
    await context.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`mark the open group with a border in the highlight colour in forced colours, the label not moving, at ${viewport.width} px`, async () => {
      const { page, context } = await browser.open("/about/", { viewport, before: (p) => p.emulateMedia({ forcedColors: "active" }) });
      if (viewport === PHONE) await page.getByRole("button", { name: "Menu" }).click();
      const summary = page.locator("#site-nav summary", { hasText: "Services" });
      const look = () =>
        summary.evaluate((el) => {
          const style = getComputedStyle(el);
          const highlight = document.body.appendChild(Object.assign(document.createElement("i"), { style: "color: Highlight" }));
          const highlightColor = getComputedStyle(highlight).color;
          highlight.remove();
          const label = document.createRange();
          label.selectNodeContents(el.firstChild!);
          const { x, y } = label.getBoundingClientRect();
          return { left: style.borderLeftWidth, bottom: style.borderBottomWidth, highlight: [style.borderLeftColor, style.borderBottomColor].includes(highlightColor), label: { x, y } };
        });
      const before = await look();
      expect([before.left, before.bottom]).toEqual(["0px", "0px"]);
      await summary.click();
      const after = await look();
      expect([after.left, after.bottom]).toEqual(viewport === PHONE ? ["4px", "0px"] : ["0px", "3px"]);
      expect(after.highlight).toBe(true);
      expect(after.label).toEqual(before.label);
      await context.close();
    });
  }

  it("draw both states with WCAG 2.1 AA contrast: 4.5:1 for the label and chevron, 3:1 for the bar", () => {
    const paper = "rgb(255, 255, 255)";
    expect(contrast(ink, paper)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(brandDark, tint)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(brand, tint)).toBeGreaterThanOrEqual(3);
    expect(contrast(brand, paper)).toBeGreaterThanOrEqual(3);
  });
});

// --- internal ---

/** The WCAG 2.1 contrast ratio of two colours written as rgb(r, g, b). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color.match(/\d+/g)!.map((n) => {
      const c = Number(n) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
