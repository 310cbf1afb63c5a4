import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { parseDocument } from "yaml";
import { build } from "../../src/engine/build";
import { chromiumArgs, findChromium } from "./find-chromium";
import { contentSecurityPolicy } from "../../infra/lib/content-security-policy";
import { startStaticServer } from "./static-server";

/** The quote endpoint of the second build; browser tests intercept it, so nothing leaves the machine. */
export const TEST_ENDPOINT = "https://quotes.example.test/api/quote";

declare module "vitest" {
  export interface ProvidedContext {
    /** The site as data/ describes it: quotes go to its own /api/quote, under a policy that allows nothing else. */
    siteUrl: string;
    /** Where siteUrl's /api/quote appends the quotes it stores, one JSON object per line. */
    quotesFile: string;
    /** The same site with quote.endpoint set to TEST_ENDPOINT. */
    endpointSiteUrl: string;
    /** The folder the plain site was built into, for `flightsite check`. */
    distDir: string;
    browserWsEndpoint: string;
  }
}

/** Builds the real site twice (as it is, and with a quote endpoint elsewhere), serves both, and starts one shared Chromium. */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, "../..");
  const work = await mkdtemp(path.join(os.tmpdir(), "flightsite-e2e-"));
  const plainData = path.join(work, "data");
  const endpointData = path.join(work, "data-endpoint");
  await cp(path.join(root, "data"), plainData, { recursive: true });
  await cp(path.join(root, "data"), endpointData, { recursive: true });
  const siteFile = path.join(endpointData, "site.yaml");
  const site = parseDocument(await readFile(siteFile, "utf8"));
  site.setIn(["quote", "endpoint"], TEST_ENDPOINT);
  await writeFile(siteFile, site.toString());

  await build({ root, dataDir: plainData, outDir: path.join(work, "dist") });
  await build({ root, dataDir: endpointData, outDir: path.join(work, "dist-endpoint") });
  const quotesFile = path.join(work, "quotes.ndjson");
  const plain = await startStaticServer(path.join(work, "dist"), contentSecurityPolicy(), { quotesFile });
  // The policy a stack deployed with that quote endpoint would send (infra/README.md, quoteEndpointOrigin).
  const withEndpoint = await startStaticServer(
    path.join(work, "dist-endpoint"),
    contentSecurityPolicy({ quoteEndpointOrigin: new URL(TEST_ENDPOINT).origin }),
  );
  const browser = await chromium.launchServer({ executablePath: findChromium(), args: chromiumArgs, headless: true });

  project.provide("siteUrl", plain.url);
  project.provide("quotesFile", quotesFile);
  project.provide("endpointSiteUrl", withEndpoint.url);
  project.provide("distDir", path.join(work, "dist"));
  project.provide("browserWsEndpoint", browser.wsEndpoint());

  return async () => {
    await browser.close();
    await Promise.all([plain.close(), withEndpoint.close()]);
    await rm(work, { recursive: true, force: true });
  };
}
