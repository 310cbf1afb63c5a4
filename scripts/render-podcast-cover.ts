// Writes templates/static/podcast/cover.png from cover.svg: podcast apps take only PNG or JPEG show artwork
// (square, 1400 to 3000 px). Run after changing the SVG: npx tsx scripts/render-podcast-cover.ts
// Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
import { readFile, writeFile } from "node:fs/promises";
import { chromium } from "playwright-core";

const svg = await readFile("templates/static/podcast/cover.svg", "utf8");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--headless"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1400 } });
  await page.setContent(`<!DOCTYPE html><html><body style="margin:0">${svg}</body></html>`);
  await writeFile("templates/static/podcast/cover.png", await page.locator("svg").screenshot({ type: "png" }));
  console.log("wrote templates/static/podcast/cover.png");
} finally {
  await browser.close();
}
