import path from "node:path";
import { build } from "esbuild";
import type { AssetUrls, OutputFile } from "./types";

export interface BundleOptions {
  /** The project root, holding client/ and templates/styles/. */
  root: string;
}

/** The browser script and the stylesheet, minified, under content-hashed names in assets/. */
export async function bundleClient({ root }: BundleOptions): Promise<{ files: OutputFile[]; assets: AssetUrls }> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { client: "client/main.ts", site: "templates/styles/site.css" },
    entryNames: "[name].[hash]",
    chunkNames: "[name].[hash]",
    // Forms are a separate chunk, loaded only by pages that have one (client/main.ts).
    splitting: true,
    outdir: "assets",
    bundle: true,
    minify: true,
    format: "esm",
    target: ["es2020", "chrome100", "safari15", "firefox100"],
    // Islands are written against React's API; in the browser Preact runs them at a fraction of the size.
    alias: { react: "./client/react-in-preact.ts", "react/jsx-runtime": "preact/jsx-runtime" },
    jsx: "automatic",
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  const files = result.outputFiles.map((file) => ({
    file: path.relative(root, file.path).split(path.sep).join("/"),
    contents: file.contents,
  }));
  const url = (prefix: string) => `/${files.find((f) => f.file.startsWith(prefix))!.file}`;
  return { files, assets: { js: url("assets/client."), css: url("assets/site.") } };
}
