// npx tsx scripts/profile-summary.ts DIR|FILE… [--top N] [--by function|file] [--inclusive] [--window FROM-TO]
// Summarises V8 CPU profiles (`node --cpu-prof --cpu-prof-dir=DIR bin/flightsite.js build …` writes one per thread:
// the main one and each render worker's) instead of reading their JSON: per thread, the time spent in each function
// itself (self), or with what it calls (--inclusive), the top N (default 30); --window keeps the samples between
// FROM and TO milliseconds of the profile. A function of the compiled CLI (.compiled/) is named by the source file
// esbuild bundled it from (its "// src/…" comments), a package's by its name. See docs/performance.md.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "30" }, by: { type: "string", default: "function" }, inclusive: { type: "boolean" }, window: { type: "string" } },
});
/** Where each module bundled into a file of .compiled/ starts (line, source), by file. */
const bundleModules = new Map<string, [number, string][]>();
const windowArgs = values.window?.split("-").map(Number);
const files = positionals.flatMap((given) =>
  statSync(given).isDirectory() ? readdirSync(given).filter((name) => name.endsWith(".cpuprofile")).sort().map((name) => path.join(given, name)) : [given],
);

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const times = timeByFunction(profile);
  const total = [...times.values()].reduce((a, b) => a + b, 0);
  const heading = values.inclusive ? "with what it calls" : "self";
  console.log(`\n== ${path.basename(file)}: ${ms(profile.endTime - profile.startTime)} profiled; ${heading}${windowArgs ? `, ${windowArgs[0]}–${windowArgs[1]} ms` : ""}`);
  for (const [name, micros] of [...times].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
    console.log(`${ms(micros).padStart(10)} ${values.inclusive ? "" : `${((100 * micros) / total).toFixed(1).padStart(5)}%`}  ${name}`);
  }
}

/** Microseconds per function (or file), self or inclusive, within the window. */
function timeByFunction(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const times = new Map<string, number>();
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (windowArgs && (at < windowArgs[0]! * 1000 || at >= windowArgs[1]! * 1000)) continue;
    const micros = profile.timeDeltas[i + 1] ?? 0;
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = values.inclusive ? parent.get(id) : undefined) {
      const name = nameOf(byId.get(id)!.callFrame);
      if (seen.has(name) || name === "(root)") continue;
      seen.add(name);
      times.set(name, (times.get(name) ?? 0) + micros);
    }
  }
  return times;
}

function nameOf({ functionName, url, lineNumber }: CallFrame): string {
  if (!url) return functionName || "(native)";
  const where = sourceOf(url.replace(/^file:\/\//, ""), lineNumber);
  return values.by === "file" ? where : `${functionName || "(anonymous)"} ${where}`;
}

/** A package's name, a project file's path, or the source a line of the compiled bundle came from. */
function sourceOf(file: string, line: number): string {
  const packageAt = file.lastIndexOf("node_modules/");
  if (packageAt !== -1) {
    const parts = file.slice(packageAt + "node_modules/".length).split("/");
    return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (!file.includes("/.compiled/")) return file.replace(/^.*?\/(src|templates|client|bin|scripts)\//, "$1/");
  if (!bundleModules.has(file)) {
    const starts: [number, string][] = [];
    try {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((text, index) => {
          const marked = /^\/\/ ((?:src|templates|client|node_modules)\/\S+)$/.exec(text);
          if (marked) starts.push([index, marked[1]!]);
        });
    } catch {
      // compiled again since: named by the bundle's file
    }
    bundleModules.set(file, starts);
  }
  let source = file.replace(/^.*\/\.compiled\//, ".compiled/");
  for (const [index, module] of bundleModules.get(file)!) {
    if (index > line) break;
    source = module.startsWith("node_modules/") ? sourceOf(module, 0) : module;
  }
  return source;
}

function ms(micros: number): string {
  return `${(micros / 1000).toFixed(0)} ms`;
}
