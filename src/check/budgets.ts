import { gzipSync } from "node:zlib";
import type { OutputFile, PageKind } from "../content/types";
import { kilobytes, type GateResult } from "./report";
import { pageKindOrder, type BuiltSite } from "./site";

/** The budgets of every page, in bytes: HTML raw, CSS gzipped, JavaScript gzipped with and without a form. */
export const budgets = { html: 60 * 1024, css: 20 * 1024, javascriptWithForm: 12 * 1024, javascript: 3 * 1024 } as const;

/** What one page weighs. */
export interface PageWeight {
  url: string;
  kind: PageKind;
  html: number;
  css: number;
  javascript: number;
  hasForm: boolean;
}

/**
 * The weight of every page: its HTML, the gzipped stylesheets it links, and the gzipped JavaScript it runs — the
 * entry script and every chunk it imports statically, plus, on a page with a form, the chunks it imports dynamically
 * (the quote-form island). `loaded` adds scripts a browser was seen to fetch (the browser pass), so nothing escapes.
 */
export function weighPages(site: BuiltSite, loaded: Map<string, string[]> = new Map()): PageWeight[] {
  const files = new Map(site.files.map((f) => [f.file, f]));
  const gzipped = new Map<string, number>();
  const gzipSize = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(files.get(file)?.contents ?? "").byteLength);
    return gzipped.get(file)!;
  };
  return site.pages.map((page) => {
    const { $ } = page;
    const hasForm = $("form").length > 0;
    const local = (values: string[]) =>
      values.map((value) => new URL(value, `${site.baseUrl}${page.url}`)).filter((url) => url.origin === new URL(site.baseUrl).origin).map((url) => url.pathname.slice(site.basePath.length));
    const styles = local($("link[rel~=stylesheet][href]").map((_, el) => $(el).attr("href")!).get());
    const entries = local($("script[src]").map((_, el) => $(el).attr("src")!).get());
    const scripts = scriptClosure(files, entries, hasForm);
    for (const file of loaded.get(page.url) ?? []) scripts.add(file);
    return {
      url: page.url,
      kind: page.kind,
      html: Buffer.byteLength(page.html),
      css: styles.reduce((sum, file) => sum + gzipSize(file), 0),
      javascript: [...scripts].reduce((sum, file) => sum + gzipSize(file), 0),
      hasForm,
    };
  });
}

/** One row per page kind with its heaviest page against the budgets; any page over a budget fails its row. */
export function checkBudgets(weights: PageWeight[]): GateResult[] {
  const kinds = pageKindOrder.filter((kind) => weights.some((w) => w.kind === kind));
  return kinds.map((kind) => {
    const pages = weights.filter((w) => w.kind === kind);
    const problems = pages.flatMap((w) => {
      const javascriptBudget = w.hasForm ? budgets.javascriptWithForm : budgets.javascript;
      return [
        ...(w.html > budgets.html ? [`${w.url}: HTML ${kilobytes(w.html)} is over ${kilobytes(budgets.html)}`] : []),
        ...(w.css > budgets.css ? [`${w.url}: CSS ${kilobytes(w.css)} gzipped is over ${kilobytes(budgets.css)}`] : []),
        ...(w.javascript > javascriptBudget
          ? [`${w.url}: JavaScript ${kilobytes(w.javascript)} gzipped is over ${kilobytes(javascriptBudget)} (${w.hasForm ? "a page with a form" : "a page without a form"})`]
          : []),
      ];
    });
    const largest = (of: (w: PageWeight) => number) => Math.max(...pages.map(of));
    const forms = pages.filter((w) => w.hasForm).length;
    const javascriptThreshold =
      forms === pages.length ? "12 KB (form)" : forms === 0 ? "3 KB (no form)" : "12 KB with a form, 3 KB without";
    return {
      gate: "Budgets",
      what: `${kind} (${pages.length} ${pages.length === 1 ? "page" : "pages"}): HTML raw, CSS gzip, JS gzip`,
      result: `${kilobytes(largest((w) => w.html))}, ${kilobytes(largest((w) => w.css))}, ${kilobytes(largest((w) => w.javascript))}`,
      threshold: `60 KB, 20 KB, ${javascriptThreshold}`,
      passed: problems.length === 0,
      problems,
    };
  });
}

// --- internal ---

/** The scripts files reached from `entries` by static imports, and by dynamic ones when `followDynamic`. */
function scriptClosure(files: Map<string, OutputFile>, entries: string[], followDynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const script = files.get(file);
    if (seen.has(file) || !script) return;
    seen.add(file);
    const code = Buffer.from(script.contents).toString("utf8");
    // esbuild's ESM output: import{a as b}from"./chunk.X.js", import"./x.js", import("./hydrate.X.js").
    for (const [, dynamic, target] of code.matchAll(/(?:\bfrom|\bimport)\s*(\(?)\s*["']([^"']+\.js)["']/g)) {
      if (dynamic && !followDynamic) continue;
      visit(new URL(target!, `https://site/${file}`).pathname.slice(1));
    }
  };
  for (const entry of entries) visit(entry);
  return seen;
}
