import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type BuildResult, type Metafile } from "esbuild";
import { isBuildFailure, templateErrorFromBuild } from "../render/renderer-bundle";
import type { AssetUrls, OutputFile } from "../content/types";

export interface BundleOptions {
  /** The project root, holding client/ and templates/styles/. */
  root: string;
}

export interface ClientBundle {
  files: OutputFile[];
  assets: AssetUrls;
  /** Gzipped bytes of JavaScript a page loads: every page, and a page with a quote form (budgets: 3 KB and 12 KB). */
  javascriptGzip: { everyPage: number; withForm: number };
}

/**
 * The browser script and the stylesheet, minified, under content-hashed names in assets/. A mistake in client/ or
 * the styles throws a TemplateError with its place (`client/main.ts:3:7 Expected ";" but found "x"`).
 */
export async function bundleClient({ root }: BundleOptions): Promise<ClientBundle> {
  const result = await bundle(root).catch((error: unknown) => {
    throw isBuildFailure(error) ? templateErrorFromBuild(error) : error;
  });
  const files = result.outputFiles.map((file) => ({
    file: path.relative(root, file.path).split(path.sep).join("/"),
    contents: file.contents,
  }));
  const url = (prefix: string) => `/${files.find((f) => f.file.startsWith(prefix))!.file}`;
  const assets = { js: url("assets/client."), css: url("assets/site.") };
  return { files, assets, javascriptGzip: javascriptWeight(files, result.metafile, assets.js.slice(1)) };
}

// --- internal ---

function bundle(root: string): Promise<BuildResult<{ write: false; metafile: true }>> {
  return build({
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
    metafile: true,
    logLevel: "silent",
    // A broken stylesheet is a mistake to fix, not a warning to scroll past: browsers would drop the rules after it.
    logOverride: { "css-syntax-error": "error" },
  });
}

/** What the entry loads by itself (its static imports), and with the dynamically imported form island as well. */
function javascriptWeight(files: OutputFile[], metafile: Metafile, entry: string) {
  const gzipped = (file: string) => gzipSync(files.find((f) => f.file === file)?.contents ?? "").byteLength;
  const closure = (start: string, followDynamic: boolean) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || !metafile.outputs[file]) return;
      seen.add(file);
      for (const imported of metafile.outputs[file]!.imports) {
        if (imported.kind === "import-statement" || (followDynamic && imported.kind === "dynamic-import")) visit(imported.path);
      }
    };
    visit(start);
    return [...seen].reduce((sum, file) => sum + gzipped(file), 0);
  };
  return { everyPage: closure(entry, false), withForm: closure(entry, true) };
}
