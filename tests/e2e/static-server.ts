import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import sirv from "sirv";
import { contentSecurityPolicy } from "../../infra/lib/content-security-policy";
import { quoteApiPath } from "../../src/content/urls";
import { createQuoteApp } from "../../src/quote/app";
import { appendQuoteTo } from "../../src/quote/store";

/**
 * Serves a built site on 127.0.0.1 the way S3 static website hosting does, with the Content-Security-Policy that
 * CloudFront sends in production (infra/lib/content-security-policy.ts) on every answer: no inline scripts, no eval,
 * nothing from elsewhere on load. With `quotesFile`, /api/quote is answered the way CloudFront's route to the
 * intake function answers it in production: by the quote app (src/quote/app.ts), which appends here what it stores.
 */
export async function startStaticServer(
  dir: string,
  policy = contentSecurityPolicy(),
  { quotesFile }: { quotesFile?: string } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const files = sirv(dir, { dev: true });
  const notFound = readFileSync(path.join(dir, "404.html"));
  // Made once the server listens: the receiver accepts only the server's own address as the origin of a quote.
  let quotes: ReturnType<typeof getRequestListener> | undefined;
  const server = http.createServer((request, response) => {
    response.setHeader("Content-Security-Policy", policy);
    const { pathname, search } = new URL(request.url ?? "/", "http://localhost");
    if (quotes && pathname === quoteApiPath) return void quotes(request, response);
    // S3 answers /about with a redirect to /about/ when about/index.html exists.
    if (!pathname.endsWith("/") && !path.extname(pathname)) {
      try {
        readFileSync(path.join(dir, pathname, "index.html"));
        response.writeHead(302, { Location: `${pathname}/${search}` }).end();
        return;
      } catch {
        // Not a page folder: fall through to the 404 below.
      }
    }
    files(request, response, () => {
      response.writeHead(404, { "Content-Type": "text/html; charset=utf-8" }).end(notFound);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  if (quotesFile) {
    const app = createQuoteApp({ path: quoteApiPath, siteOrigin: `http://127.0.0.1:${port}`, store: appendQuoteTo(quotesFile) });
    quotes = getRequestListener(app.fetch, { overrideGlobalObjects: false });
  }
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
