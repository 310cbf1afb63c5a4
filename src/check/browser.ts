import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { chromium, type Browser, type Page, type Request } from "playwright-core";
import { chromiumArgs, findChromium } from "./find-chromium";
import { serveBuiltSite } from "../serve/site-files";
import { count, type GateResult } from "./report";
import type { BuiltPage, BuiltSite } from "./site";

/** The two widths every sampled page is looked at. */
export const viewports = [
  { name: "1280 px", width: 1280, height: 900 },
  { name: "375 px", width: 375, height: 800 },
] as const;

/** The axe-core rules that run: WCAG 2.0 and 2.1 A and AA, and the best practices axe reports by default. */
export const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

export interface BrowserFindings {
  /** One line per axe violation: page, width, state, rule, impact, elements. */
  violations: string[];
  /** One line per control that shows no focus ring (or one its container cuts off) when reached by keyboard. */
  unfocusable: string[];
  /** How many controls were focused in the focus-ring check, counting each page state. */
  controls: number;
  /** How many page states axe looked at. */
  states: number;
  /** Requests to another origin while a page loaded, one line each. */
  otherOrigin: string[];
  /** The site's scripts each page fetched while loading (file names relative to the site), by page URL. */
  scripts: Map<string, string[]>;
}

/**
 * Opens every sample page in Chromium, served from the output folder on 127.0.0.1 by flightsite's own server, at
 * 1280 and 375 px. Records each request until the network is idle, then runs axe-core on the page as loaded, with
 * the mobile menu open (375 px), with the quote dialog open (where the page has one) and with the contact form's
 * errors shown. Without `axe`, only the requests are recorded. Uses `browser` when given (the browser tests share
 * theirs); otherwise starts Chromium and stops it at the end.
 */
export async function inspectInBrowser(
  site: BuiltSite,
  samples: BuiltPage[],
  { browser, axe = true }: { browser?: Browser | undefined; axe?: boolean } = {},
): Promise<BrowserFindings> {
  const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  const server = await serveBuiltSite(site.outDir, "127.0.0.1", 0, site.basePath);
  const ownBrowser = browser ? undefined : await chromium.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
  const findings: BrowserFindings = { violations: [], unfocusable: [], controls: 0, states: 0, otherOrigin: [], scripts: new Map() };
  try {
    const waiting = new Map(viewports.map((viewport) => [viewport, [...samples]]));
    // Each tab takes the next page waiting at its width, navigating from page to page in one renderer process.
    const tab = async (viewport: (typeof viewports)[number]) => {
      const context = await (browser ?? ownBrowser!).newContext({ viewport: { width: viewport.width, height: viewport.height } });
      try {
        // Nothing leaves the machine: other origins are answered with a failure at once (and recorded on load).
        // Routing also switches off the HTTP cache, so every page load fetches what it needs.
        await context.route((url) => url.origin !== server.origin, (route) => route.abort("blockedbyclient"));
        const page = await context.newPage();
        for (let sample = waiting.get(viewport)!.shift(); sample; sample = waiting.get(viewport)!.shift()) {
          await inspectPage(page, server.origin, site.basePath, sample, viewport, axe ? axeSource : undefined, findings);
        }
      } finally {
        await context.close();
      }
    };
    await Promise.all(viewports.flatMap((viewport) => Array.from({ length: tabsPerWidth }, () => tab(viewport))));
  } finally {
    await ownBrowser?.close();
    await server.close();
  }
  // Tabs finish in any order; the report should not.
  findings.violations.sort();
  findings.unfocusable.sort();
  findings.otherOrigin.sort();
  return findings;
}

/** The accessibility rows (axe, focus rings) and the other-origin row of the table. */
export function browserGates(findings: BrowserFindings, samples: BuiltPage[]): { accessibility: GateResult[]; requests: GateResult } {
  const accessibility: GateResult[] = [
    {
      gate: "Accessibility",
      what: `axe-core on ${count(samples.length, "page")} at 1280 and 375 px, menu and quote dialog open and closed, form errors shown: ${count(findings.states, "state")}`,
      result: count(findings.violations.length, "violation"),
      threshold: "0 at any impact",
      passed: findings.violations.length === 0,
      problems: findings.violations,
    },
    {
      gate: "Accessibility",
      what: `a visible focus ring on every control reached by keyboard, in the same states: ${count(findings.controls, "control")}`,
      result: count(findings.unfocusable.length, "control") + " without",
      threshold: "0 without",
      passed: findings.unfocusable.length === 0,
      problems: findings.unfocusable,
    },
  ];
  const requests: GateResult = {
    gate: "Budgets",
    what: `requests to another origin while ${count(samples.length, "page")} load at 2 widths, until network idle`,
    result: count(findings.otherOrigin.length, "request"),
    threshold: "0 requests",
    passed: findings.otherOrigin.length === 0,
    problems: findings.otherOrigin,
  };
  return { accessibility, requests };
}

// --- internal ---

/**
 * Tabs per width. Most of a page's time is spent waiting for the network to go quiet, so two tabs per width keep
 * two cores busy; more only queue for the CPU.
 */
const tabsPerWidth = 2;

/** Where a page of each kind is opened; the 404 page is reached the way visitors reach it, by a wrong address. */
const addressOf = (page: BuiltPage) => (page.kind === "not-found" ? "/no-such-page-here/" : page.url);

async function inspectPage(
  page: Page,
  origin: string,
  basePath: string,
  sample: BuiltPage,
  viewport: (typeof viewports)[number],
  axeSource: string | undefined,
  findings: BrowserFindings,
): Promise<void> {
  const requests: string[] = [];
  const record = (request: Request) => void (/^(https?|wss?):/.test(request.url()) && requests.push(request.url()));
  page.on("request", record);
  await page.goto(`${origin}${basePath}${addressOf(sample).slice(1)}`, { waitUntil: "networkidle" });
  page.off("request", record);
  const where = `${sample.url} at ${viewport.name}`;
  for (const request of requests) {
    if (new URL(request).origin !== origin) findings.otherOrigin.push(`${where}: ${request}`);
  }
  const scripts = requests.filter((r) => new URL(r).origin === origin && r.endsWith(".js")).map((r) => new URL(r).pathname.slice(basePath.length));
  findings.scripts.set(sample.url, [...new Set([...(findings.scripts.get(sample.url) ?? []), ...scripts])]);

  if (axeSource === undefined) return;
  if (sample.$("[data-island]").length > 0) await islandsReady(page);
  await page.addScriptTag({ content: axeSource });
  const audit = async (state: string) => {
    findings.states++;
    for (const violation of await runAxe(page)) findings.violations.push(`${where}, ${state}: ${violation}`);
    // A key press first, as a keyboard user's would be (the clicks that opened the menu or dialog were a mouse's):
    // focus moved by script afterwards then shows as :focus-visible.
    await page.keyboard.press("Shift");
    const rings = await checkFocusRings(page);
    findings.controls += rings.controls;
    for (const problem of rings.problems) findings.unfocusable.push(`${where}, ${state}: ${problem}`);
  };
  await audit("as loaded");

  const menu = page.locator("button[aria-controls='site-nav']");
  if (await menu.isVisible()) {
    await menu.click();
    // One dropdown open as well, so that its links are looked at too.
    await page.locator("#site-nav summary").first().click();
    await audit("menu open");
    await menu.click();
  }
  const opener = page.locator("[data-quote-open]:visible").first();
  if ((await page.locator("#quote-dialog").count()) > 0 && (await opener.count()) > 0) {
    await opener.click();
    await page.waitForFunction(() => (document.getElementById("quote-dialog") as HTMLDialogElement).open);
    await audit("quote dialog open");
    await page.keyboard.press("Escape");
  }
  // The contact page's form sent empty: every error message shown and tied to its field. (A preview's forms have no
  // submit button, only the notice with the number to call, which the audits above already saw.)
  const contactForm = page.locator("#quote form");
  const submit = contactForm.locator("button[type='submit']");
  if (sample.kind === "contact" && (await submit.count()) > 0) {
    await submit.click();
    await page.locator("#quote [aria-invalid='true']").first().waitFor();
    await audit("quote form with errors");
  }
}

/** Waits until client/main.ts has hydrated the quote-form islands, so axe sees the live form. */
async function islandsReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.islands === "ready", undefined, { timeout: 10_000 });
}

/**
 * Focuses every visible control of the page in turn and looks at it as a keyboard user would: it must draw an
 * outline (or a box shadow), and an outline drawn outside the control must not be cut away by a container that clips
 * its overflow (or by the screen's edge, for a fixed bar). Focus and scroll position are put back afterwards.
 */
async function checkFocusRings(page: Page): Promise<{ controls: number; problems: string[] }> {
  return page.evaluate(() => {
    const selector = "a[href], button, input:not([type='hidden']), select, textarea, summary, [tabindex]";
    const before = document.activeElement as HTMLElement | null;
    const scroll = [window.scrollX, window.scrollY] as const;
    const problems: string[] = [];
    let controls = 0;
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.tabIndex < 0 || el.closest("[inert]")) continue;
      el.focus({ preventScroll: true });
      if (document.activeElement !== el) continue; // hidden, disabled or behind a modal dialog
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      controls++;
      // (No helper functions in here: the bundler would wrap them in a name helper the page does not have.)
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40) || el.getAttribute("aria-label") || el.getAttribute("name") || "";
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.classList.length ? `.${[...el.classList].join(".")}` : ""} "${text}"`;
      const style = getComputedStyle(el);
      const width = parseFloat(style.outlineWidth) || 0;
      const offset = parseFloat(style.outlineOffset) || 0;
      // The browser's own ring (outline-style: auto) counts; a drawn one must be at least 2 px and not transparent.
      const outline = style.outlineStyle === "auto" || (style.outlineStyle !== "none" && width >= 2 && !/rgba\(.*, 0\)$/.test(style.outlineColor));
      if (!outline && style.boxShadow === "none") {
        problems.push(`${name} shows no focus ring`);
        continue;
      }
      if (!outline || offset + width <= 0) continue; // drawn inside the control: seen wherever the control is
      // What the containers (and, for a fixed bar, the screen) leave visible of the ring around the control.
      let [left, top, right, bottom] = [-Infinity, -Infinity, Infinity, Infinity];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const nodeStyle = getComputedStyle(node);
        if (node !== el && (nodeStyle.overflowX !== "visible" || nodeStyle.overflowY !== "visible") && node !== document.documentElement && node !== document.body) {
          const clip = node.getBoundingClientRect();
          [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
        }
        if (nodeStyle.position === "fixed") {
          [left, top, right, bottom] = [Math.max(left, 0), Math.max(top, 0), Math.min(right, innerWidth), Math.min(bottom, innerHeight)];
        }
      }
      const gap = Math.max(offset, 0) + 1; // the ring starts this far outside the control
      const seen = left < box.left - gap || top < box.top - gap || right > box.right + gap || bottom > box.bottom + gap;
      if (!seen) problems.push(`${name}: its focus ring is cut off by a container or the screen's edge`);
    }
    (before ?? document.body).focus?.({ preventScroll: true });
    if (!before || before === document.body) (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(scroll[0], scroll[1]);
    return { controls, problems };
  });
}

/** axe-core's violations on the page as it is now, one line each. */
async function runAxe(page: Page): Promise<string[]> {
  return page.evaluate(async (tags) => {
    type Rule = { id: string; tags: string[]; enabled: boolean };
    type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
    const axe = (window as unknown as { axe: { _audit: { rules: Rule[] }; run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    // Selecting by tag would also switch on the best-practice rules axe leaves off by default; keep those off.
    const wcag = tags.filter((tag) => tag !== "best-practice");
    const offByDefault = axe._audit.rules.filter((rule) => rule.enabled === false && !rule.tags.some((tag) => wcag.includes(tag)));
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      rules: Object.fromEntries(offByDefault.map((rule) => [rule.id, { enabled: false }])),
      resultTypes: ["violations"],
    });
    return result.violations.map(
      (v) => `${v.id} (${v.impact ?? "no impact"}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(", ")}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ""}`,
    );
  }, axeTags);
}
