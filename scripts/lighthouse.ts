// npm run lighthouse: Lighthouse (mobile preset: a mid-range phone on a slow 4G network, simulated) on the home page,
// a city, a destination, /contact/, /podcast/, an episode and a Spanish city (when there is one) of a fresh build of data/, served on 127.0.0.1 by
// flightsite's own static server. Prints the four category scores and LCP, CLS and total blocking time per page, and
// exits 1 when a score is below its threshold. `--out DIR` looks at a site built earlier instead.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
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

const site = await readBuiltSite(outDir);
const pages = kinds.map((kind) => site.pages.find((page) => page.kind === kind)).filter((page) => page !== undefined);
// A Spanish city page too, when the site has one (issue 29): the same scores are asked of it.
const spanishCity = site.pages.find((page) => page.kind === "city" && page.url.startsWith("/es/"));
if (spanishCity) pages.push(spanishCity);
const server = await serveBuiltSite(outDir);
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
  for (const page of pages) {
    const result = await lighthouse(`${server.origin}${page.url}`, { port: chrome.port, logLevel: "error", onlyCategories: categories });
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

