// The dev client (dev-client.ts, the one script the dev server adds to its pages) bundled for the browser, where
// it is served from, and how.
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { build as esbuild } from "esbuild";
import { contentTypeFor } from "./content-types";

/** Where open pages listen for reloads and problems (dev-events.ts), and where the dev client is served. */
export const eventsPath = "/__flightsite/events";
export const devClientPath = "/__flightsite/client.js";

/** The dev client as one ES module for the browser. */
export async function bundleDevClient(): Promise<string> {
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

/** Sends `code` as JavaScript, never cached: it changes with flightsite. */
export function sendJavaScript(request: IncomingMessage, response: ServerResponse, code: string): void {
  response.writeHead(200, {
    "Content-Type": contentTypeFor("client.js"),
    "Content-Length": Buffer.byteLength(code),
    "Cache-Control": "no-cache",
  });
  response.end(request.method === "HEAD" ? undefined : code);
}
