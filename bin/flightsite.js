#!/usr/bin/env node
// Starts the CLI. After `npm install` (the prepare script, scripts/compile.ts) .compiled/ holds the CLI compiled from
// src/, which starts without compiling TypeScript; it is used only while every source file it was compiled from is
// unchanged (size and modification time, as recorded in .compiled/inputs.json). Otherwise, or without it, the
// TypeScript sources run directly through tsx, so an edit to src/ or templates/ is never run stale.
import { readFileSync, statSync } from "node:fs";

// React's production build renders pages about three times faster than its development build, which only adds
// warnings for developers; `NODE_ENV=development flightsite build` brings them back. The compiled CLI holds the
// production build alone (half the code to load on every thread), so development runs the sources.
process.env.NODE_ENV ??= "production";
const root = new URL("../", import.meta.url);
const compiled = process.env.NODE_ENV !== "development" && compiledIsFresh();
const { main } = compiled ? await import("../.compiled/cli.js") : await fromSources();
process.exitCode = await main(process.argv.slice(2));

function compiledIsFresh() {
  try {
    const { inputs } = JSON.parse(readFileSync(new URL(".compiled/inputs.json", root), "utf8"));
    return Object.entries(inputs).every(([file, { size, mtimeMs }]) => {
      const now = statSync(new URL(file, root));
      return now.size === size && now.mtimeMs === mtimeMs;
    });
  } catch {
    return false; // not compiled, or a source file is gone
  }
}

async function fromSources() {
  const { register } = await import("tsx/esm/api");
  register();
  return import("../src/cli.ts");
}
