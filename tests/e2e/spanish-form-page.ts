import { access, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { load } from "cheerio";
import { cloneElement, createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { contentSecurityPolicy } from "../../infra/lib/content-security-policy";
import { FooterQuote } from "../../templates/FooterQuote";
import { QuoteDialog } from "../../templates/QuoteDialog";
import { loadRealSite, routeOf, testAssets } from "../unit/support/site";
import { startStaticServer } from "./static-server";

// A Spanish page with every quote form on it, made from the templates with lang="es" (issue 29): the contact page's
// form section, the dialog with a link that opens it, and the footer's compact form. It is served beside the built
// site's assets, with the real receiver at /api/quote and the production Content-Security-Policy, as the built site
// is in global-setup.ts. The Spanish pages themselves (Layout, /es/thank-you/) are made elsewhere; until they are in
// the build, /es/thank-you/ here is the English thank-you page, which is all a redirect needs.

export const SPANISH_PAGE = "/es/contact/";

export interface SpanishFormSite {
  url: string;
  quotesFile: string;
  close: () => Promise<void>;
}

/** Serves the Spanish form page and a copy of what it needs from the built site in `distDir`. */
export async function serveSpanishFormPage(distDir: string): Promise<SpanishFormSite> {
  const work = await mkdtemp(path.join(os.tmpdir(), "flightsite-es-form-"));
  const dir = path.join(work, "dist");
  for (const part of ["assets", "404.html", "favicon.svg", "thank-you", "es"]) {
    if (await exists(path.join(distDir, part))) await cp(path.join(distDir, part), path.join(dir, part), { recursive: true });
  }
  if (!(await exists(path.join(dir, "es/thank-you/index.html")))) {
    await cp(path.join(dir, "thank-you"), path.join(dir, "es/thank-you"), { recursive: true });
  }
  await mkdir(path.join(dir, "es/contact"), { recursive: true });
  await writeFile(path.join(dir, "es/contact/index.html"), await spanishFormPage(await readFile(path.join(distDir, "contact/index.html"), "utf8")));
  const quotesFile = path.join(work, "quotes.ndjson");
  const server = await startStaticServer(dir, contentSecurityPolicy(), { quotesFile });
  return {
    url: server.url,
    quotesFile,
    close: async () => {
      await server.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

// --- internal ---

/** The contact page rendered in Spanish, with the built site's asset addresses (read from its built contact page). */
async function spanishFormPage(builtContactPage: string): Promise<string> {
  const built = load(builtContactPage);
  const { site } = (await loadRealSite()).content;
  const route = await routeOf("/contact/");
  if (!("element" in route)) throw new Error("/contact/ is not a page");
  const $ = load(`<!DOCTYPE html>${renderToStaticMarkup(cloneElement(route.element as ReactElement<{ lang?: string }>, { lang: "es" }))}`);
  $("html").attr("lang", "es");
  $(`link[href="${testAssets.css}"]`).attr("href", built("link[rel=stylesheet]").attr("href")!);
  $(`script[src="${testAssets.js}"]`).attr("src", built("script[type=module][src]").attr("src")!);
  $("#quote").after('<p class="container"><a href="/es/contact/#quote" data-quote-open="">Pida una cotización</a></p>');
  $("main").after(renderToStaticMarkup(createElement(FooterQuote, { site, lang: "es" })));
  $("body").append(renderToStaticMarkup(createElement(QuoteDialog, { site, lang: "es" })));
  return $.html();
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
