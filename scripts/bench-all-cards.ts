// npm run bench:all-cards [-- --cities N] [-- --fresh]: a build that draws every share card of a large site (issue 38: 10,000
// cities, every card drawn, under 2 minutes and 1 GiB including every helper process). Copies data/ into a temporary
// folder, adds N generated cities (scripts/gen-cities.ts; default 10,000), sets the project's card store
// (.flightsite/cards/) aside so that no card is found there, runs the real CLI once (a process of its own) and prints
// its wall and CPU seconds (its own and its helpers', once they ended), the peak of its memory and of its helpers'
// together (the sum of their resident memory, sampled from /proc every 50 ms), and the CLI's summary. The card store
// is put back as it was at the end: the cards this build drew are deleted. With --fresh, the build cache's downloads
// and browser bundle (.flightsite/build-cache/downloads and client) are set aside too, as on a fresh clone, whose
// first build makes them (the PDF and Word files take a fifth of a second of the main thread).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildCacheFile } from "../src/engine/build-cache";
import { generateCities } from "./gen-cities";

const { values } = parseArgs({ options: { cities: { type: "string", default: "10000" }, fresh: { type: "boolean", default: false } } });
const root = path.resolve(import.meta.dirname, "..");
const scratch = existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
const work = await mkdtemp(path.join(scratch, "flightsite-bench-all-cards-"));
const store = path.join(root, ".flightsite", "cards");
const aside = `${store}.bench-aside`;
const hadStore = existsSync(store);
if (hadStore) await rename(store, aside);
// The caches a fresh clone lacks besides the cards, set aside with --fresh and put back at the end.
const setAside = values.fresh ? ["downloads", "client"].map((name) => path.join(root, ".flightsite", "build-cache", name)).filter((folder) => existsSync(folder)) : [];
for (const folder of setAside) await rename(folder, `${folder}.bench-aside`);
try {
  const dataDir = path.join(work, "data");
  const outDir = path.join(work, "dist");
  await cp(path.join(root, "data"), dataDir, { recursive: true });
  for (const [name, text] of await generateCities(Number(values.cities), path.join(dataDir, "cities"))) await writeFile(path.join(dataDir, "cities", name), text);
  const run = await measured([path.join(root, "bin/flightsite.js"), "build", "--data", dataDir, "--out", outDir]);
  console.log(run.stdout.trim());
  console.log(
    `\n${values.cities} cities, every card drawn${values.fresh ? " (downloads and browser bundle made too, as on a fresh clone)" : ""}: ${run.seconds.toFixed(1)} s, CPU ${run.cpuSeconds.toFixed(1)} s (with its helpers), ` +
      `peak memory ${run.peakMegabytes} MB with its helpers (${run.mainPeakMegabytes} MB the CLI's own process), at most ${run.mostHelpers} helper processes at once; ` +
      `${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  await rm(buildCacheFile(root, outDir), { force: true });
} finally {
  await rm(work, { recursive: true, force: true });
  await rm(store, { recursive: true, force: true });
  if (hadStore) await rename(aside, store);
  for (const folder of setAside) {
    await rm(folder, { recursive: true, force: true });
    await rename(`${folder}.bench-aside`, folder);
  }
}

interface Measured {
  stdout: string;
  seconds: number;
  cpuSeconds: number;
  peakMegabytes: number;
  mainPeakMegabytes: number;
  mostHelpers: number;
}

/** Runs `node args…`, sampling the resident memory of it and of every process under it. */
function measured(args: string[]): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let [peak, mainPeak, cpuTicks, mostHelpers] = [0, 0, 0, 0];
    const sample = async () => {
      try {
        const tree = await processTree(child.pid!);
        const sizes = await Promise.all(tree.map(async (pid) => Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, "utf8").catch(() => ""))?.[1] ?? 0)));
        peak = Math.max(peak, sizes.reduce((a, b) => a + b, 0));
        mainPeak = Math.max(mainPeak, Number(/VmHWM:\s+(\d+)/.exec(await readFile(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0));
        mostHelpers = Math.max(mostHelpers, tree.length - 1);
        // utime, stime, and the cutime and cstime of the children it waited for (the helpers, once they ended).
        const stat = await readFile(`/proc/${child.pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        cpuTicks = Math.max(cpuTicks, [11, 12, 13, 14].reduce((sum, at) => sum + Number(fields[at]), 0));
      } catch {
        // The process has ended.
      }
    };
    const timer = setInterval(sample, 50);
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`the build exited with ${code}:\n${stdout}`));
      resolve({ stdout: stdout.replace(/\x1b\[[0-9;]*m/g, ""), seconds, cpuSeconds: cpuTicks / 100, peakMegabytes: Math.round(peak / 1024), mainPeakMegabytes: Math.round(mainPeak / 1024), mostHelpers });
    });
  });
}

/** `pid` and every process under it (started by any of its threads). */
async function processTree(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => []);
  const lists = await Promise.all(tasks.map((task) => readFile(`/proc/${pid}/task/${task}/children`, "utf8").catch(() => "")));
  const children = lists.join(" ").split(" ").filter(Boolean).map(Number);
  return [pid, ...(await Promise.all(children.map(processTree))).flat()];
}
