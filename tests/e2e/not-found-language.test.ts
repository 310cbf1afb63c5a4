import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { describe, expect, inject, it } from "vitest";
import { axeTags } from "../../src/check/browser";
import { useBrowser } from "./browser";
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
});
