// npm run compile (also run by `npm install` / `npm ci` as the prepare script): compiles the CLI, src/ with the
// templates and client islands it renders, into .compiled/ (git-ignored) with esbuild, so that bin/flightsite.js
// starts without compiling TypeScript on every run. The packages a build loads (React, zod, the YAML and markdown
// parsers…) are bundled in too: loaded as hundreds of separate modules they took 0.3 s of every build's start, on
// each thread. Those that read files of their own at run time, or are large and loaded only by one command, stay
// external and load from node_modules as usual.
// .compiled/inputs.json records the size and modification time of every source file that went in; bin/flightsite.js
// uses the compiled CLI only while all of them are unchanged, and otherwise runs the sources through tsx, so an
// edit to src/ or templates/ is never run stale. Deleting .compiled/ is always safe.
import { rm, writeFile } from "node:fs/promises";
import { statSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, ".compiled");
await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { cli: "src/cli.ts", "render-worker": "src/render/worker.ts", "photo-encoder": "src/images/photo-encoder.ts", "card-drawer": "src/images/card-drawer-process.ts" },
  outdir,
  entryNames: "[name]",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: [
    "esbuild", // a native binary beside its JavaScript
    "tsx", // the TypeScript loader itself
    "pdfkit", // reads its font metrics from files beside it
    "docx", // large, and loaded only when the downloads are made
    "@aws-sdk/*", // flightsite deploy and leads only
    "chokidar", // serve --watch only; an optional native module on macOS
    "playwright-core", // flightsite check only; starts a browser from files beside it
    "axe-core",
    "vnu-jar", // a Java archive beside it
    "sharp", // a native module (libvips) beside it: photos and share cards
    "@takumi-rs/*", // share cards: a native module, its binary in a package per platform
    "@fontsource/*", // font files, read from beside it
  ],
  // Bundled packages written as CommonJS may require Node's own modules: give the ES modules a require of their own.
  banner: { js: 'import { createRequire as __flightsiteRequire } from "node:module"; const require = __flightsiteRequire(import.meta.url);' },
  // React's packages choose their production or development build at run time: fixed here, the development builds
  // (as large again) are left out. bin/flightsite.js runs the sources for NODE_ENV=development.
  define: { "process.env.NODE_ENV": '"production"' },
  jsx: "automatic",
  metafile: true,
  logLevel: "warning",
});
const inputs = Object.fromEntries(
  Object.keys(result.metafile.inputs).map((input) => {
    const { size, mtimeMs } = statSync(path.join(root, input));
    return [input, { size, mtimeMs }];
  }),
);
await writeFile(path.join(outdir, "inputs.json"), `${JSON.stringify({ inputs }, null, 1)}\n`);
console.log(`compile: ${Object.keys(inputs).length} source files → ${path.relative(root, outdir)}/`);
