// The file server: dist/ answered as S3 static website hosting answers it, for the dev server and for
// `flightsite check` (serveBuiltSite).
import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { languages, sourceLanguage } from "../content/language";
import sirv from "sirv";
import { contentTypeFor } from "../output/content-types";

/**
 * Serves an already built site from outDir exactly as `serve` does (S3's answers, 404.html with status 404), without
 * building, watching or the quote receiver: what `flightsite check` and Lighthouse look at.
 */
export async function serveBuiltSite(outDir: string, host = "127.0.0.1", port = 0, basePath = "/"): Promise<{ origin: string; close(): Promise<void> }> {
  const site = new SiteFiles(outDir, undefined, () => basePath);
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

/**
 * dist/ as S3 static website hosting serves it, plus the dev script in HTML pages when watching. A site built for a
 * base path ("/previews/pr-42/") is served under it, as CloudFront serves a preview: "/" redirects there, and any
 * other path outside it is not found.
 */
export class SiteFiles {
  #assets: ReturnType<typeof sirv>;

  constructor(
    readonly outDir: string,
    readonly devScript: string | undefined,
    readonly basePath: () => string = () => "/",
  ) {
    this.#assets = sirv(outDir, {
      dev: true, // look at the folder on every request: rebuilds change it
      etag: true,
      extensions: [], // "/about" is not about.html, as on S3
      setHeaders: (response, pathname) => response.setHeader("Content-Type", contentTypeFor(pathname)),
      // Only when the file went away between the check in answer() and sirv's own look.
      onNoMatch: (request, response) => void this.#notFound(request, response, (request.url ?? "/").slice(1)).catch(() => response.end()),
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
    const base = this.basePath();
    if (base !== "/") {
      if (pathname === "/" || `${pathname}/` === base) {
        response.writeHead(302, { Location: `${base}${url.search}`, "Cache-Control": "no-store" });
        return void response.end();
      }
      if (!pathname.startsWith(base)) return this.#notFound(request, response);
      // sirv serves the file at the URL's path: give it the path within outDir.
      request.url = `${url.pathname.slice(base.length - 1)}${url.search}`;
    }
    const file = pathname.slice(base.length);
    if (pathname.endsWith("/")) {
      return (await this.#isFile(`${file}index.html`)) ? this.#sendPage(request, response, `${file}index.html`, 200) : this.#notFound(request, response, file);
    }
    if (await this.#isFile(file)) {
      return file.endsWith(".html") ? this.#sendPage(request, response, file, 200) : this.#assets(request, response);
    }
    // The trailing-slash policy (src/content/urls.ts): like S3, answer a folder's name without the slash with a redirect.
    if (!path.posix.extname(file) && (await this.#isFile(`${file}/index.html`))) {
      response.writeHead(302, { Location: `${url.pathname}/${url.search}`, "Cache-Control": "no-store" });
      return void response.end();
    }
    return this.#notFound(request, response, file);
  }

  /** The 404 page, with status 404: for a path under a language's folder ("es/…"), that language's when it has one. */
  async #notFound(request: IncomingMessage, response: ServerResponse, file = ""): Promise<void> {
    const lang = languages.find((lang) => lang !== sourceLanguage && file.startsWith(`${lang}/`));
    if (lang && (await this.#isFile(`${lang}/404.html`))) return this.#sendPage(request, response, `${lang}/404.html`, 404);
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

export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
