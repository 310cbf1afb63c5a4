// npm run bench:build [-- --cities N] [-- --runs R]: how `flightsite build` copes with a large site. Copies data/ into a
// temporary folder, adds N generated cities (scripts/gen-cities.ts: varied, realistic files; default 1000), then runs
// the real CLI (bin/flightsite.js build, a process of its own, start-up included) R times (default 3) into an output
// folder beside it and prints, per run and as the median: pages, wall and CPU seconds, pages per second, the
// process's peak memory (VmHWM: its threads share it), the CLI's own per-stage times, and what each stage added to
// the peak memory per page (from the CLI's "peak memory" line). Timings depend on the machine and on what else runs
// on it. Then one more build with nothing changed, which the build cache serves.
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildCacheFile } from "../src/engine/build-cache";
import { generateCities } from "./gen-cities";
import { timedProcess } from "./timed-process";

const { values } = parseArgs({ options: { cities: { type: "string", default: "1000" }, runs: { type: "string", default: "3" }, keep: { type: "boolean" } } });
const count = Number(values.cities);
const runs = Number(values.runs);
const root = path.resolve(import.meta.dirname, "..");
// On tmpfs where there is one (as the figures were measured): the disk's speed is not the build's.
const scratch = existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
const work = await mkdtemp(path.join(scratch, "flightsite-bench-build-"));
try {
  const dataDir = path.join(work, "data");
  await cp(path.join(root, "data"), dataDir, { recursive: true });
  if (count > 0) for (const [name, text] of await generateCities(count, path.join(dataDir, "cities"))) await writeFile(path.join(dataDir, "cities", name), text);
  const results = [];
  for (let run = 1; run <= runs; run++) {
    // A cold build each time: no output folder (and no build cache) from the run before.
    await rm(path.join(work, "dist"), { recursive: true, force: true });
    await rm(buildCacheFile(root, path.join(work, "dist")), { force: true });
    const result = await timedBuild(["build", "--data", dataDir, "--out", path.join(work, "dist")]);
    results.push(result);
    console.log(`run ${run}: ${line(result)}`);
  }
  // Then once more with the cache of the last run and nothing changed.
  console.log(`no change: ${line(await timedBuild(["build", "--data", dataDir, "--out", path.join(work, "dist")]))}`);
  const median = [...results].sort((a, b) => a.seconds - b.seconds)[Math.floor(results.length / 2)]!;
  console.log(`flightsite bench:build in ${scratch}, ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`median of ${runs}: ${line(median)}`);
} finally {
  // The build cache of the temporary output goes too: it is 13 MB at 10,000 cities, and no later build reads it.
  if (!values.keep) await Promise.all([rm(work, { recursive: true, force: true }), rm(buildCacheFile(root, path.join(work, "dist")), { force: true })]);
}

interface Run {
  pages: number;
  seconds: number;
  /** User and system time of all its threads: less sensitive than wall time to how busy the machine is, not immune. */
  cpuSeconds: number;
  peakMegabytes: number;
  stages: string;
  files: string;
  /** What each stage added to the process's peak memory, per page. */
  memoryPerPage: string;
}

function line(r: Run): string {
  return `${r.pages} pages in ${r.seconds.toFixed(2)} s (CPU ${r.cpuSeconds.toFixed(2)} s), ${Math.round(r.pages / r.seconds)} pages/s, peak RSS ${r.peakMegabytes} MB; ${r.files}; ${r.stages}; peak memory added per page: ${r.memoryPerPage}`;
}

/** Runs the CLI once as a process of its own (scripts/timed-process.ts). */
async function timedBuild(args: string[]): Promise<Run> {
  const { stdout, seconds, cpuSeconds, peakMegabytes } = await timedProcess([path.join(root, "bin/flightsite.js"), ...args], root);
  const [summary, files, stages, memory] = stdout.split("\n");
  const pages = Number(/(\d+) pages/.exec(summary!)?.[1]);
  return { pages, seconds, cpuSeconds, peakMegabytes, stages: stages!.trim(), files: files!.trim(), memoryPerPage: memoryPerPage(memory!, pages) };
}

/**
 * From the build's line "peak memory: 51.2 MB at the start; load 71.0 MB, validate 79.3 MB, …": what each stage added
 * to the peak, per page. A stage that streams adds less per page the larger the site; one that holds every page, the same.
 */
function memoryPerPage(line: string, pages: number): string {
  const [start, stages] = line.replace(/^\s*peak memory: /, "").split(" at the start; ");
  let before = Number.parseFloat(start!);
  return [...stages!.matchAll(/([a-z -]+?) ([\d.]+) MB/g)]
    .map(([, stage, megabytes]) => {
      const added = ((Number(megabytes) - before) * 1024 * 1024) / pages;
      before = Number(megabytes);
      return `${stage!.trim()} ${(added / 1024).toFixed(1)} KB`;
    })
    .join(", ");
}
