// npm run bench:eleventy [-- --cities N] [-- --runs R] [-- --draw-cards | --fresh]: flightsite against Eleventy on
// the same site, measured here rather than cited. Copies data/ into a temporary folder, adds N generated cities
// (scripts/gen-cities.ts; default 1000), writes an Eleventy project that reads the same YAML files and builds the same
// city and destination pages (scripts/eleventy-site/: Nunjucks templates that reproduce flightsite's markup, so pages
// are about the same size), then runs R cold builds of each (default 3, taking turns, each a process of its own,
// start-up included) and prints per tool: pages, the median wall seconds, pages per second, the peak memory (VmHWM)
// and the CPU time, then the bytes per page of both. With --draw-cards every flightsite build draws every share card
// (its card store set aside), as a fresh clone's first build does; with --fresh it also makes the downloads and the
// browser bundle (the build cache's folders of them set aside too), which is everything a fresh clone's first build
// makes (scripts/set-aside.ts). Eleventy is not a dependency of flightsite: the first run installs it into
// .flightsite/bench/eleventy/ (git-ignored), later runs reuse it. Timings depend on the machine and on what else runs
// on it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildCacheFile } from "../src/engine/build-cache";
import { generateCities } from "./gen-cities";
import { freshCloneFolders, setAside } from "./set-aside";
import { timedProcess } from "./timed-process";

export const eleventyVersion = "3.1.8";

/**
 * The files of the Eleventy project (path inside it → text) that builds flightsite's city and destination pages from
 * `dataDir`: scripts/eleventy-site/ as it is, and its data file, which reads `dataDir` with the YAML parser and the
 * markdown renderer of the Eleventy installed in `eleventyDir`.
 */
export async function eleventyProject(dataDir: string, eleventyDir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of (await readdir(siteDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())) {
    const file = path.relative(siteDir, path.join(name.parentPath, name.name));
    files.set(file.split(path.sep).join("/"), await readFile(path.join(siteDir, file), "utf8"));
  }
  files.set("src/_data/flightsite.js", dataModule(dataDir, eleventyDir));
  return files;
}

// --- internal ---

const root = path.resolve(import.meta.dirname, "..");
const siteDir = path.join(import.meta.dirname, "eleventy-site");

/** Written per run: the site's data, from `dataDir`, with the packages that come with Eleventy (js-yaml, markdown-it). */
function dataModule(dataDir: string, eleventyDir: string): string {
  return `// Written by scripts/bench-eleventy.ts: the data of every page, read from ${dataDir}.
import { createRequire } from "node:module";
import { loadSiteData } from "../../site-data.js";

const require = createRequire(${JSON.stringify(path.join(eleventyDir, "package.json"))});
const yaml = require("js-yaml");
const markdown = require("markdown-it")();

export default function () {
  return loadSiteData({
    dataDir: ${JSON.stringify(dataDir)},
    // The YAML 1.2 core schema, as flightsite reads its files (no dates or other YAML 1.1 types).
    parseYaml: (text) => yaml.load(text, { schema: yaml.CORE_SCHEMA }),
    renderMarkdown: (text) => markdown.render(text),
  });
}
`;
}

/** Installs Eleventy into `folder` unless that version is there already; returns its command-line entry. */
async function installEleventy(folder: string): Promise<string> {
  const manifest = path.join(folder, "node_modules/@11ty/eleventy/package.json");
  const installed = existsSync(manifest) && (JSON.parse(await readFile(manifest, "utf8")) as { version: string }).version;
  if (installed !== eleventyVersion) {
    console.log(`bench:eleventy: installing @11ty/eleventy@${eleventyVersion} into ${path.relative(root, folder)}/ (once; not a dependency of flightsite)`);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, "package.json"), '{ "private": true }\n');
    const npm = spawnSync("npm", ["install", "--prefix", folder, "--no-save", "--no-audit", "--no-fund", `@11ty/eleventy@${eleventyVersion}`], { stdio: "inherit" });
    if (npm.status !== 0) throw new Error(`npm install of @11ty/eleventy@${eleventyVersion} exited with ${npm.status}`);
  }
  return path.join(folder, "node_modules/@11ty/eleventy/cmd.cjs");
}

interface Run {
  pages: number;
  seconds: number;
  peakMegabytes: number;
  /** User and system CPU time of all its threads, as last sampled (up to 20 ms before it ended). */
  cpuSeconds: number;
  /** What the tool printed that the summary uses (flightsite's per-stage figures). */
  details: string;
}

function line(r: Run): string {
  return `${r.pages} pages in ${r.seconds.toFixed(2)} s, ${Math.round(r.pages / r.seconds)} pages/s, peak RSS ${r.peakMegabytes} MB, CPU ${r.cpuSeconds.toFixed(1)} s`;
}

const median = (runs: Run[]) => [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)]!;

/** Runs one build as a process of its own (scripts/timed-process.ts). */
async function timedRun(args: string[], cwd: string, pagesOf: (stdout: string) => Run["pages"], detailsOf: (stdout: string) => string): Promise<Run> {
  const { stdout, ...measured } = await timedProcess(args, cwd);
  return { ...measured, pages: pagesOf(stdout), details: detailsOf(stdout) };
}

/** The sizes of the HTML files under `dir`, by path relative to it. */
async function htmlSizes(dir: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const name of await readdir(dir, { recursive: true })) {
    if (name.endsWith(".html")) sizes.set(name.split(path.sep).join("/"), (await stat(path.join(dir, name))).size);
  }
  return sizes;
}

async function main() {
  const { values } = parseArgs({
    options: { cities: { type: "string", default: "1000" }, runs: { type: "string", default: "3" }, keep: { type: "boolean" }, "draw-cards": { type: "boolean" }, fresh: { type: "boolean" } },
  });
  const count = Number(values.cities);
  const runs = Number(values.runs);
  if (!Number.isInteger(count) || count < 0 || !Number.isInteger(runs) || runs < 1) {
    console.error("usage: npm run bench:eleventy -- --cities N [--runs R] [--keep] [--draw-cards | --fresh] (N generated cities, from 0; R builds of each, from 1)");
    process.exit(1);
  }
  const loadAtStart = os.loadavg()[0]!;
  const eleventyDir = path.join(root, ".flightsite/bench/eleventy");
  const eleventyCli = await installEleventy(eleventyDir);
  // On tmpfs where there is one, as bench:build does: the disk's speed is neither tool's.
  const scratch = existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
  const work = await mkdtemp(path.join(scratch, "flightsite-bench-eleventy-"));
  // --draw-cards: every flightsite build draws every share card, as a fresh clone's first build does (issue 38): the
  // card store is set aside for the benchmark and emptied before each build, then put back. --fresh: the build
  // cache's downloads and browser bundle too.
  const fresh = Boolean(values.fresh);
  const drawCards = fresh || Boolean(values["draw-cards"]);
  const aside = await setAside(drawCards ? freshCloneFolders(root, { caches: fresh }) : [], "bench-eleventy");
  try {
    const dataDir = path.join(work, "data");
    await cp(path.join(root, "data"), dataDir, { recursive: true });
    if (count > 0) for (const [name, text] of await generateCities(count, path.join(dataDir, "cities"))) await writeFile(path.join(dataDir, "cities", name), text);
    const projectDir = path.join(work, "eleventy");
    for (const [file, text] of await eleventyProject(dataDir, eleventyDir)) {
      await mkdir(path.dirname(path.join(projectDir, file)), { recursive: true });
      await writeFile(path.join(projectDir, file), text);
    }
    const eleventyOut = path.join(work, "eleventy-dist");
    const flightsiteOut = path.join(work, "dist");
    const eleventyRuns: Run[] = [];
    const flightsiteRuns: Run[] = [];
    // Taking turns, so a change in the machine's load during the benchmark falls on both tools alike.
    for (let run = 1; run <= runs; run++) {
      // Cold builds: no output folder from the run before, and no flightsite build cache.
      await rm(eleventyOut, { recursive: true, force: true });
      const eleventy = await timedRun(
        [eleventyCli, "--quiet", `--output=${eleventyOut}`],
        projectDir,
        (stdout) => Number(/Wrote (\d+) files?/.exec(stdout)?.[1]),
        (stdout) => stdout.trim().split("\n").at(-1) ?? "",
      );
      eleventyRuns.push(eleventy);
      console.log(`run ${run} Eleventy:   ${line(eleventy)}`);
      await rm(flightsiteOut, { recursive: true, force: true });
      await rm(buildCacheFile(root, flightsiteOut), { force: true });
      await aside.empty();
      const flightsite = await timedRun(
        [path.join(root, "bin/flightsite.js"), "build", "--data", dataDir, "--out", flightsiteOut],
        root,
        (stdout) => Number(/built (\d+) pages/.exec(stdout)?.[1]),
        (stdout) => stdout.split("\n")[2]?.trim() ?? "",
      );
      flightsiteRuns.push(flightsite);
      console.log(`run ${run} flightsite: ${line(flightsite)}; ${flightsite.details}`);
    }

    // The pages both tools write: every city page and destination page.
    const eleventySizes = await htmlSizes(eleventyOut);
    const flightsiteSizes = await htmlSizes(flightsiteOut);
    const shared = [...eleventySizes.keys()].filter((file) => flightsiteSizes.has(file));
    const missing = [...eleventySizes.keys()].filter((file) => !flightsiteSizes.has(file));
    if (missing.length > 0) throw new Error(`Eleventy wrote ${missing.length} pages flightsite has not, like ${missing[0]}: the two sites differ`);
    const average = (sizes: Map<string, number>) => shared.reduce((sum, file) => sum + sizes.get(file)!, 0) / shared.length / 1024;
    const eleventyBytes = average(eleventySizes);
    const flightsiteBytes = average(flightsiteSizes);

    const cities = (await readdir(path.join(dataDir, "cities"))).filter((name) => name.endsWith(".yaml")).length;
    console.log(`\nbench:eleventy, ${cities} cities (${count} generated), in ${scratch}, ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, load average ${loadAtStart.toFixed(1)} at the start and ${os.loadavg()[0]!.toFixed(1)} at the end`);
    // CPU time (all threads) varies less than wall time with what else runs on the machine.
    console.log(`median of ${runs} cold builds${fresh ? ", flightsite's as a fresh clone's first (every share card drawn, the downloads and browser bundle made)" : drawCards ? ", flightsite's drawing every share card" : ""} (CPU: user and system time of all the process's threads):`);
    console.log(`  Eleventy ${eleventyVersion}: ${line(median(eleventyRuns))}`);
    console.log(`  flightsite:     ${line(median(flightsiteRuns))}`);
    console.log(`  flightsite's stages: ${median(flightsiteRuns).details}`);
    console.log(
      `bytes per page over the ${shared.length} city and destination pages both write: Eleventy ${eleventyBytes.toFixed(1)} KB, flightsite ${flightsiteBytes.toFixed(1)} KB (${signedPercent(eleventyBytes / flightsiteBytes - 1)})`,
    );
    console.log(
      "Not like for like in Eleventy's favour: its site builds only the city and destination pages, from YAML it does not " +
        "validate. flightsite's figures include what Eleventy does not do here: schema validation with file:line:column " +
        "problems, the check of every internal link, rendering into a new folder swapped in whole (a failed build leaves " +
        "the last good site), the build cache (removed before each run here: both builds are cold), and the rest of the " +
        "site (other pages, client bundle, PDF and Word downloads, sitemap, podcast feed).",
    );
  } finally {
    if (!values.keep) await Promise.all([rm(work, { recursive: true, force: true }), rm(buildCacheFile(root, path.join(work, "dist")), { force: true })]);
    await aside.restore();
  }
}

const signedPercent = (fraction: number) => `${fraction >= 0 ? "+" : ""}${(fraction * 100).toFixed(1)} %`;

if (import.meta.url === `file://${process.argv[1]}`) await main();
