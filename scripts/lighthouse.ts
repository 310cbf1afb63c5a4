// npm run lighthouse: Lighthouse (mobile preset: a mid-range phone on a slow 4G network, simulated) on the home page,
// a city, a destination, /contact/, /podcast/, an episode and a Spanish city (when there is one) of a fresh build of
// data/, served on 127.0.0.1 by flightsite's own static server; and, since data/ has no photos yet, the first city's
// page of a copy of data/ with a generated hero photo (issue 30). Prints the four category scores and LCP, CLS and
// total blocking time per page, and exits 1 when a score is below its threshold. `--out DIR` looks at a site built
// earlier instead (no photo page then).
import { appendFile, cp, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import sharp from "sharp";
import { build } from "../src/engine/build";
import { readBuiltSite } from "../src/check/site";
import { findChromium } from "../src/check/find-chromium";
import { serveBuiltSite } from "../src/serve/site-files";
import type { PageKind } from "../src/content/types";

/** The lowest score each category may have, out of 100. */
const thresholds = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 } as const;
type Category = keyof typeof thresholds;
const categories = Object.keys(thresholds) as Category[];

const kinds: PageKind[] = ["home", "city", "destination", "contact", "podcast", "episode"];

const { values } = parseArgs({ options: { out: { type: "string" } } });
const root = path.resolve(import.meta.dirname, "..");
let work: string | undefined;
let outDir: string;
if (values.out) {
  outDir = path.resolve(values.out);
} else {
  work = await mkdtemp(path.join(os.tmpdir(), "flightsite-lighthouse-"));
  outDir = path.join(work, "dist");
  await build({ root, dataDir: path.join(root, "data"), outDir });
}
const photoSite = work === undefined ? undefined : await buildWithHeroPhoto(work);

const site = await readBuiltSite(outDir);
const pages = kinds.map((kind) => site.pages.find((page) => page.kind === kind)).filter((page) => page !== undefined);
// A Spanish city page too, when the site has one (issue 29): the same scores are asked of it.
const spanishCity = site.pages.find((page) => page.kind === "city" && page.url.startsWith("/es/"));
if (spanishCity) pages.push(spanishCity);
const server = await serveBuiltSite(outDir);
const photoServer = photoSite && (await serveBuiltSite(photoSite.outDir));
const targets = [
  ...pages.map((page) => ({ url: page.url, address: `${server.origin}${page.url}` })),
  ...(photoSite && photoServer ? [{ url: `${photoSite.url} (hero photo)`, address: `${photoServer.origin}${photoSite.url}` }] : []),
];
// chrome-launcher starts the Chromium the browser tests use (it reads CHROME_PATH).
process.env.CHROME_PATH = findChromium();
const chrome = await chromeLauncher.launch({ chromeFlags: ["--headless=new", "--no-sandbox"] });

interface Row {
  url: string;
  scores: Record<Category, number>;
  lcp: number;
  cls: number;
  tbt: number;
  failing: string[];
}
const rows: Row[] = [];
let version = "";
try {
  for (const page of targets) {
    const result = await lighthouse(page.address, { port: chrome.port, logLevel: "error", onlyCategories: categories });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
    const { lhr } = result;
    version = lhr.lighthouseVersion;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not test ${page.url}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
    // The audits that cost points, so that a red row says what to fix.
    const failing = categories
      .filter((c) => scores[c] < thresholds[c])
      .flatMap((c) =>
        lhr.categories[c]!.auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map(
          (ref) => `${c}: ${ref.id} (${lhr.audits[ref.id]!.displayValue ?? lhr.audits[ref.id]!.title})`,
        ),
      );
    rows.push({
      url: page.url,
      scores,
      lcp: lhr.audits["largest-contentful-paint"]!.numericValue ?? NaN,
      cls: lhr.audits["cumulative-layout-shift"]!.numericValue ?? NaN,
      tbt: lhr.audits["total-blocking-time"]!.numericValue ?? NaN,
      failing,
    });
  }
} finally {
  chrome.kill();
  await server.close();
  await photoServer?.close();
  if (work) await rm(work, { recursive: true, force: true });
}

const header = ["Page", "Performance", "Accessibility", "Best practices", "SEO", "LCP", "CLS", "TBT"];
const table = rows.map((row) => [
  row.url,
  ...categories.map((c) => String(row.scores[c])),
  `${(row.lcp / 1000).toFixed(1)} s`,
  row.cls.toFixed(3),
  `${Math.round(row.tbt)} ms`,
]);
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
console.log(`Lighthouse ${version}, mobile preset, thresholds ${categories.map((c) => `${c} ${thresholds[c]}`).join(", ")}`);
console.log([line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...table.map(line)].join("\n"));
const failed = rows.filter((row) => row.failing.length > 0);
for (const row of failed) console.log(`\n${row.url}:\n${row.failing.map((f) => `  ${f}`).join("\n")}`);
if (failed.length > 0) {
  console.log(`\nlighthouse: ${failed.length} of ${rows.length} pages score below the thresholds`);
  process.exitCode = 1;
}


/**
 * A copy of data/ whose first city has a hero photo, built beside the site: a generated 2000-px photo with grain (so
 * its files weigh what a camera's would), and the city's URL.
 */
async function buildWithHeroPhoto(folder: string): Promise<{ outDir: string; url: string }> {
  const dataDir = path.join(folder, "photo-data");
  await cp(path.join(root, "data"), dataDir, { recursive: true });
  await mkdir(path.join(dataDir, "images"), { recursive: true });
  const grain = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 24 } } })
    .png()
    .toBuffer();
  const photo = await sharp({ create: { width: 2000, height: 1333, channels: 3, background: { r: 58, g: 110, b: 143 } } })
    .composite([{ input: grain, tile: true, blend: "soft-light" }])
    .jpeg({ quality: 88 })
    .toBuffer();
  await writeFile(path.join(dataDir, "images", "lighthouse-hero.jpg"), photo);
  const city = (await readdir(path.join(dataDir, "cities"))).filter((name) => name.endsWith(".yaml")).sort()[0]!;
  await appendFile(path.join(dataDir, "cities", city), "photo:\n  src: lighthouse-hero.jpg\n  alt: The aircraft cabin, ready for a patient\n  rights: own\n  hero: true\n");
  const photoOut = path.join(folder, "photo-dist");
  await build({ root, dataDir, outDir: photoOut });
  const built = await readBuiltSite(photoOut);
  return { outDir: photoOut, url: built.pages.find((page) => page.kind === "city" && page.$("figure.photo-hero").length > 0)!.url };
}
