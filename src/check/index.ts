import type { Browser } from "playwright-core";
import { browserGates, inspectInBrowser } from "./browser";
import { checkBudgets, weighPages } from "./budgets";
import { gateNames, type GateName } from "./gates";
import { checkHtmlValidity } from "./html-validity";
import { checkImageBudgets, weighImages } from "./image-budget";
import { checkLinks } from "./links";
import type { GateResult } from "./report";
import { checkSeo } from "./seo";
import { readBuiltSite, samplePages } from "./site";

export { formatCheckReport, type GateResult } from "./report";
export { NothingToCheckError } from "./site";


export interface CheckOptions {
  /** The built site to check. */
  outDir: string;
  /** The gates to run; all of them by default. */
  gates?: readonly GateName[];
  /** A running Chromium to use (the browser tests share theirs); by default one is started and stopped. */
  browser?: Browser;
}

/** The quality gates on a built site, as rows of one table; the check passes when every row passes. */
export async function runChecks({ outDir, gates = gateNames, browser }: CheckOptions): Promise<GateResult[]> {
  const site = await readBuiltSite(outDir);
  const samples = samplePages(site.pages);
  const runs = (gate: GateName) => gates.includes(gate);
  // The validator's JVM and the browser each keep a core busy: run them side by side.
  const [validity, findings] = await Promise.all([
    runs("html") ? checkHtmlValidity(site) : undefined,
    runs("accessibility") || runs("budgets") ? inspectInBrowser(site, samples, { browser, axe: runs("accessibility") }) : undefined,
  ]);
  const browserRows = findings && browserGates(findings, samples);
  return [
    ...(validity ? [validity] : []),
    ...(runs("accessibility") ? browserRows!.accessibility : []),
    ...(runs("links") ? checkLinks(site) : []),
    ...(runs("budgets") ? [...checkBudgets(weighPages(site, findings!.scripts)), ...checkImageBudgets(weighImages(site)), browserRows!.requests] : []),
    ...(runs("seo") ? checkSeo(site) : []),
  ];
}
