import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { BuildOptions } from "../engine/stages";
import type { EngineParts } from "../engine/engine-parts";
import { consoleDeliveryWarning } from "../engine/site-summary";
import { bundleDevClient, devClientPath, eventsPath, sendJavaScript } from "./dev-client-bundle";
import { DevBuild } from "./dev-build";
import { DevEvents } from "./dev-events";
import { displayPath } from "./display-path";
import { ownOrigins } from "./own-origins";
import { SiteFiles, listen } from "./site-files";
import { watchSources } from "./watch-sources";
import { UserError, formatContentWarnings, formatUserError } from "../errors";
import { getRequestListener } from "@hono/node-server";
import { quoteApiPath, withBasePath } from "../content/urls";
import { createQuoteApp } from "../quote/app";
import { appendQuoteTo } from "../quote/store";

export interface ServeOptions extends BuildOptions {
  port: number;
  host: string;
  /** Rebuild on every change in data/, templates/ and client/, and reload open pages. */
  watch: boolean;
  /** Where the local quote receiver appends valid quotes, one JSON object per line. */
  quotesFile: string;
  /** Progress: one line per rebuild and per quote received. */
  stdout: (text: string) => void;
  /** Problems found while watching. */
  stderr: (text: string) => void;
  /** Where share cards drawn before are kept: .flightsite/cards/ beside the flightsite code when left out (tests give their own). */
  cards?: EngineParts["cards"];
}

export interface DevServer {
  /** Where the site is served, like http://127.0.0.1:8080/. */
  url: string;
  /** Stops watching, ends the open event streams, closes the server; resolves when all of it is done. */
  close(): Promise<void>;
  /** Rejects when a rebuild fails for a reason that is not a mistake in the sources: a bug, to stop on. */
  failed: Promise<never>;
}

/** Where the built site's quote forms post, unless data/site.yaml names an endpoint of its own. */
export const localQuoteEndpoint = quoteApiPath;

/**
 * Builds the site into outDir, then serves it the way S3 static website hosting will: "/about/" is
 * about/index.html, "/about" redirects to "/about/", unknown paths get 404.html with status 404. POST /api/quote
 * is the local quote receiver. With `watch`, every change rebuilds what it affects and reloads open pages; a
 * mistake in the sources is shown in the terminal and over the pages, and the last good build stays served.
 * Without `watch`, a mistake in the sources throws, like `flightsite build`.
 */
export async function serve(options: ServeOptions): Promise<DevServer> {
  const { outDir, watch: watching, stdout, stderr } = options;
  const builder = new DevBuild(options, { cards: options.cards });
  const events = watching ? new DevEvents() : undefined;
  const outName = displayPath(options.root, outDir);

  try {
    const first = await builder.rebuild();
    stdout(`flightsite: built ${first.written.length} files into ${outName}/ in ${first.milliseconds} ms\n`);
    if (builder.content?.site.quote.delivery === "console") stderr(`flightsite: warning: ${consoleDeliveryWarning}\n`);
    stderr(formatContentWarnings(builder.content?.translationNotes.warnings ?? []));
  } catch (error) {
    if (!events || !(error instanceof UserError)) throw error;
    const message = formatUserError(error);
    stderr(`${message}\nServing what ${outName}/ holds until this is fixed.\n`);
    events.send({ type: "problem", message });
  }

  const devClient = events ? await bundleDevClient() : undefined;
  const storeQuote = appendQuoteTo(options.quotesFile);
  // Made once the server listens: the receiver accepts only the server's own address as the origin of a quote.
  let answerQuote: ReturnType<typeof getRequestListener> = async () => {};
  // The site is served under the base path it was built for (site.yaml's, or --base-path), and so is the receiver.
  const basePath = () => builder.content?.site.basePath ?? options.basePath ?? "/";
  const site = new SiteFiles(outDir, devClient ? devClientPath : undefined, basePath);
  const quotePath = withBasePath(basePath(), localQuoteEndpoint);

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    let answered: Promise<void>;
    if (url.pathname === quotePath) answered = answerQuote(request, response);
    else if (events && url.pathname === eventsPath) answered = Promise.resolve(events.connect(request, response));
    else if (devClient && url.pathname === devClientPath) answered = Promise.resolve(sendJavaScript(request, response, devClient));
    else answered = site.answer(request, response, url);
    answered.catch((error: unknown) => {
      stderr(`flightsite: could not answer ${request.method} ${request.url}\n${(error as Error).stack ?? String(error)}\n`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await listen(server, options.port, options.host);
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  const origin = `http://${host}:${port}`;
  // The same app as the intake function's (src/quote/app.ts), on Node through @hono/node-server.
  const quoteApp = createQuoteApp({
    path: quotePath,
    siteOrigin: origin,
    otherOrigins: ownOrigins(options.host, port),
    basePath: basePath(),
    store: async (quote) => {
      const outcome = await storeQuote(quote);
      const where = displayPath(options.root, options.quotesFile);
      stdout(`flightsite: quote ${quote.case_id} ${outcome === "stored" ? "saved to" : "was already in"} ${where}\n`);
      return outcome;
    },
    phone: builder.content?.site.phone,
    log: (line) => line.outcome === "store failed" && stderr(`flightsite: quote ${line.case_id} could not be saved (${line.error}); the form was told to send again\n`),
  });
  // Leave the process's Request and Response alone: the rest of the server (and tests in the same process) use Node's own.
  answerQuote = getRequestListener(quoteApp.fetch, { overrideGlobalObjects: false });

  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => {}); // whoever started the server decides what a failure means

  const watcher = events ? await watchSources(builder, events, options, fail) : undefined;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}${basePath()}`,
    failed,
    close() {
      closing ??= (async () => {
        await watcher?.close();
        events?.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

/** Opens `url` in the default browser, without waiting for it. */
export function openInBrowser(url: string, stderr: (text: string) => void): void {
  const [command, ...args] =
    process.platform === "darwin" ? ["open"] : process.platform === "win32" ? ["cmd", "/c", "start", '""'] : ["xdg-open"];
  const child = spawn(command!, [...args, url], { detached: true, stdio: "ignore" });
  child.on("error", () => stderr(`flightsite: could not open a browser; open ${url} yourself\n`));
  child.unref();
}
