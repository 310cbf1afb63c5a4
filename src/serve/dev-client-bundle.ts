// The dev client (dev-client.ts, the one script the dev server adds to its pages) bundled for the browser, where
// it is served from, and how.
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { build as esbuild } from "esbuild";
import { contentTypeFor } from "../output/content-types";
import { packageRoot } from "../render/code-location";

/** Where open pages listen for reloads and problems (dev-events.ts), and where the dev client is served. */
export const eventsPath = "/__flightsite/events";
export const devClientPath = "/__flightsite/client.js";

/** The dev client as one ES module for the browser. */
export async function bundleDevClient(): Promise<string> {
  const result = await esbuild({
    // Bundled from its source, whether this process runs the sources or the compiled CLI.
    entryPoints: [path.join(packageRoot, "src/serve/dev-client.ts")],
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
