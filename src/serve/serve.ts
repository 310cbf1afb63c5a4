import { spawn } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { watch } from "chokidar";
import { build as esbuild } from "esbuild";
import sirv from "sirv";
import type { BuildOptions } from "../engine/stages";
import { consoleDeliveryWarning } from "../engine/build-site";
import { contentTypeFor } from "./content-types";
import { DevBuild, type RebuildResult } from "./dev-build";
import { DevEvents } from "./dev-events";
import { watchFolder } from "./folder-watcher";
import { UserError, formatUserError } from "../errors";
import { getRequestListener } from "@hono/node-server";
import { quoteApiPath } from "../content/urls";
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
export const eventsPath = "/__flightsite/events";
export const devClientPath = "/__flightsite/client.js";

/** How long the watcher waits for more changes before it rebuilds, so that a burst of saves is one rebuild. */
const quietMilliseconds = 20;

/**
 * Builds the site into outDir, then serves it the way S3 static website hosting will: "/about/" is
 * about/index.html, "/about" redirects to "/about/", unknown paths get 404.html with status 404. POST /api/quote
 * is the local quote receiver. With `watch`, every change rebuilds what it affects and reloads open pages; a
 * mistake in the sources is shown in the terminal and over the pages, and the last good build stays served.
 * Without `watch`, a mistake in the sources throws, like `flightsite build`.
 */
export async function serve(options: ServeOptions): Promise<DevServer> {
  const { outDir, watch: watching, stdout, stderr } = options;
  const builder = new DevBuild(options);
  const events = watching ? new DevEvents() : undefined;
  const outName = displayPath(options.root, outDir);

  try {
    const first = await builder.rebuild();
    stdout(`flightsite: built ${first.written.length} files into ${outName}/ in ${first.milliseconds} ms\n`);
    if (builder.content?.site.quote.delivery === "console") stderr(`flightsite: warning: ${consoleDeliveryWarning}\n`);
  } catch (error) {
    if (!events || !(error instanceof UserError)) throw error;
    const message = formatUserError(error);
    stderr(`${message}\nServing what ${outName}/ holds until this is fixed.\n`);
    events.send({ type: "problem", message });
  }

  const devClient = events ? await bundleDevClient() : undefined;
  const storeQuote = appendQuoteTo(options.quotesFile);
  // The same app as the intake function's (src/quote/app.ts), on Node through @hono/node-server.
  const quoteApp = createQuoteApp({
    path: localQuoteEndpoint,
    store: async (quote) => {
      await storeQuote(quote);
      stdout(`flightsite: quote ${quote.case_id} saved to ${displayPath(options.root, options.quotesFile)}\n`);
    },
    phone: builder.content?.site.phone,
    log: (line) => line.outcome === "store failed" && stderr(`flightsite: quote ${line.case_id} could not be saved (${line.error}); the form was told to send again\n`),
  });
  // Leave the process's Request and Response alone: the rest of the server (and tests in the same process) use Node's own.
  const answerQuote = getRequestListener(quoteApp.fetch, { overrideGlobalObjects: false });
  const site = new SiteFiles(outDir, devClient ? devClientPath : undefined);

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    let answered: Promise<void>;
    if (url.pathname === localQuoteEndpoint) answered = answerQuote(request, response);
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

  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => {}); // whoever started the server decides what a failure means

  const watcher = events ? await watchSources(builder, events, options, fail) : undefined;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/`,
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

/**
 * Serves an already built site from outDir exactly as `serve` does (S3's answers, 404.html with status 404), without
 * building, watching or the quote receiver: what `flightsite check` and Lighthouse look at.
 */
export async function serveBuiltSite(outDir: string, host = "127.0.0.1", port = 0): Promise<{ origin: string; close(): Promise<void> }> {
  const site = new SiteFiles(outDir, undefined);
  const server = createServer((request, response) => {
    site.answer(request, response, new URL(request.url ?? "/", "http://localhost")).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await listen(server, port, host);
  const address = server.address() as AddressInfo;
  return {
    origin: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
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

/** The line printed after a rebuild: what changed, how many pages (and other files) were rewritten, and how long it took. */
export function formatRebuild(changed: string[], result: RebuildResult): string {
  const names = changed.slice(0, 2).join(", ") + (changed.length > 2 ? ` and ${changed.length - 2} more` : "");
  const touched = [...result.written, ...result.removed];
  const pages = touched.filter((file) => file.endsWith(".html")).length;
  const others = touched.length - pages;
  const rest = others > 0 ? ` and ${others} other ${others === 1 ? "file" : "files"}` : "";
  return `flightsite: ${names} changed; ${pages} ${pages === 1 ? "page" : "pages"}${rest} rewritten in ${result.milliseconds} ms\n`;
}

// --- internal ---

/** Watches the sources; each burst of changes becomes one rebuild, and rebuilds run one at a time. */
async function watchSources(
  builder: DevBuild,
  events: DevEvents,
  options: ServeOptions,
  fail: (error: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const rebuild = async (changed: string[]) => {
    const names = changed.map((file) => displayPath(options.root, file));
    // A save that is not atomic (truncate, then write) can be read half-written, and the watcher drops a second
    // event for a file within 5 ms of the first; a file that changed while it was being read is rebuilt again.
    const before = await fingerprints(changed);
    try {
      const result = await builder.rebuild(changed);
      options.stdout(formatRebuild(names, result));
      if (events.problem !== undefined) events.send({ type: "ok" });
      if (result.written.length > 0 || result.removed.length > 0) events.send({ type: "reload" });
    } catch (error) {
      if (!(error instanceof UserError)) return fail(error);
      const message = formatUserError(error);
      options.stderr(`${message}\nStill serving the last good build.\n`);
      events.send({ type: "problem", message });
    }
    const after = await fingerprints(changed);
    changed.forEach((file, i) => after[i] !== before[i] && pending.add(file));
  };
  const flush = () => {
    timer = undefined;
    if (running || pending.size === 0) return;
    const changed = [...pending];
    pending.clear();
    running = rebuild(changed).finally(() => {
      running = undefined;
      // Changes saved during the rebuild: rebuild again now, unless more are still arriving (a timer is waiting).
      if (pending.size > 0 && timer === undefined) flush();
    });
  };

  // data/ by its own watcher (folder-watcher.ts), which costs nothing per file; chokidar for the code.
  const folders = [path.join(options.root, "templates"), path.join(options.root, "client")];
  // Editors' swap and backup files are not sources.
  const ignored = (file: string) => /(^|[/\\])\.[^/\\]|~$|\.sw[a-z]$/.test(path.basename(file));
  const watcher = watch(folders, { ignoreInitial: true, ignored });
  const schedule = (file: string) => {
    if (ignored(file) || builder.partOf(file) === undefined) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(flush, quietMilliseconds);
  };
  watcher.on("all", (_event, file) => schedule(path.resolve(file)));
  // chokidar filters "change": one event per file per 5 ms, and none when the stat it makes after the event finds the
  // file read since it was modified. A save right after a rebuild had read that file was seen to be dropped so
  // (tests/unit/serve.test.ts, beside other busy tests). The raw file-system events are not filtered, so each one
  // schedules its file too; the quiet period merges them with chokidar's own event into one rebuild.
  watcher.on("raw", (_event, name, details) => {
    const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (typeof name !== "string" || !name || !watched) return;
    schedule(path.resolve(path.basename(watched) === name ? watched : path.join(watched, name)));
  });
  const reportError = (error: unknown) => options.stderr(`flightsite: watching stopped working: ${String(error)}\n`);
  watcher.on("error", reportError);
  const dataWatcher = watchFolder(path.resolve(options.dataDir), schedule, reportError);
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));

  return {
    async close() {
      clearTimeout(timer);
      dataWatcher.close();
      await watcher.close();
      await running;
    },
  };
}

/** Size and modification time of each file ("gone" when it is not there), to tell whether it changed since. */
function fingerprints(files: string[]): Promise<string[]> {
  return Promise.all(files.map((file) => stat(file).then((s) => `${s.size} ${s.mtimeMs}`, () => "gone")));
}

/** dist/ as S3 static website hosting serves it, plus the dev script in HTML pages when watching. */
class SiteFiles {
  #assets: ReturnType<typeof sirv>;

  constructor(
    readonly outDir: string,
    readonly devScript: string | undefined,
  ) {
    this.#assets = sirv(outDir, {
      dev: true, // look at the folder on every request: rebuilds change it
      etag: true,
      extensions: [], // "/about" is not about.html, as on S3
      setHeaders: (response, pathname) => response.setHeader("Content-Type", contentTypeFor(pathname)),
      // Only when the file went away between the check in answer() and sirv's own look.
      onNoMatch: (request, response) => void this.#notFound(request, response).catch(() => response.end()),
    });
  }

  async answer(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD" });
      return void response.end();
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return this.#notFound(request, response);
    }
    if (pathname.includes("\0") || pathname.split("/").includes("..")) return this.#notFound(request, response);
    const file = pathname.slice(1);
    if (pathname.endsWith("/")) {
      return (await this.#isFile(`${file}index.html`)) ? this.#sendPage(request, response, `${file}index.html`, 200) : this.#notFound(request, response);
    }
    if (await this.#isFile(file)) {
      return file.endsWith(".html") ? this.#sendPage(request, response, file, 200) : this.#assets(request, response);
    }
    // The trailing-slash policy (src/content/urls.ts): like S3, answer a folder's name without the slash with a redirect.
    if (!path.posix.extname(file) && (await this.#isFile(`${file}/index.html`))) {
      response.writeHead(302, { Location: `${url.pathname}/${url.search}`, "Cache-Control": "no-store" });
      return void response.end();
    }
    return this.#notFound(request, response);
  }

  async #notFound(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (await this.#isFile("404.html")) return this.#sendPage(request, response, "404.html", 404);
    const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1><p>There is no built site to serve yet; see the terminal.</p></body></html>`;
    this.#send(request, response, 404, this.#withDevScript(html));
  }

  async #sendPage(request: IncomingMessage, response: ServerResponse, file: string, status: number): Promise<void> {
    const html = await readFile(path.join(this.outDir, file), "utf8");
    this.#send(request, response, status, this.#withDevScript(html));
  }

  #send(request: IncomingMessage, response: ServerResponse, status: number, html: string): void {
    response.writeHead(status, {
      "Content-Type": contentTypeFor("page.html"),
      "Content-Length": Buffer.byteLength(html),
      "Cache-Control": "no-cache",
    });
    response.end(request.method === "HEAD" ? undefined : html);
  }

  /** The reload-and-overlay script, added to the page as it is sent; the file in outDir stays as built. */
  #withDevScript(html: string): string {
    if (!this.devScript) return html;
    const tag = `<script type="module" src="${this.devScript}"></script>`;
    const end = html.lastIndexOf("</body>");
    return end === -1 ? html + tag : html.slice(0, end) + tag + html.slice(end);
  }

  async #isFile(file: string): Promise<boolean> {
    try {
      return (await stat(path.join(this.outDir, file))).isFile();
    } catch {
      return false;
    }
  }
}

function sendJavaScript(request: IncomingMessage, response: ServerResponse, code: string): void {
  response.writeHead(200, {
    "Content-Type": contentTypeFor("client.js"),
    "Content-Length": Buffer.byteLength(code),
    "Cache-Control": "no-cache",
  });
  response.end(request.method === "HEAD" ? undefined : code);
}

async function bundleDevClient(): Promise<string> {
  const result = await esbuild({
    // From the sources this file sits beside dev-client.ts; compiled (scripts/compile.ts), it sits in .compiled/.
    entryPoints: [fileURLToPath(new URL(import.meta.url.endsWith(".ts") ? "./dev-client.ts" : "../src/serve/dev-client.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    target: ["es2020"],
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** A path as the person at the terminal sees it: relative to the project when it is inside it. */
function displayPath(root: string, file: string): string {
  const relative = path.relative(root, file);
  return (relative.startsWith("..") || path.isAbsolute(relative) ? file : relative).split(path.sep).join("/");
}
