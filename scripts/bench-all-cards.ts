// npm run bench:all-cards [-- --cities N] [-- --fresh]: a build that draws every share card of a large site (issue 38: 10,000
// cities, every card drawn, under 2 minutes and 1 GiB including every helper process). Copies data/ into a temporary
// folder, adds N generated cities (scripts/gen-cities.ts; default 10,000), sets the project's card store
// (.flightsite/cards/) aside so that no card is found there, runs the real CLI once (a process of its own) and prints
// its wall and CPU seconds (its own and its helpers', once they ended), the peak of its memory and of its helpers'
// together (the sum of their resident memory, sampled from /proc every 50 ms), and the CLI's summary. The card store
// is put back as it was at the end: the cards this build drew are deleted. With --fresh, the build cache's downloads
// and browser bundle (.flightsite/build-cache/downloads and client) are set aside too, as on a fresh clone, whose
// first build makes them (the PDF and Word files take a fifth of a second of the main thread).
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildCacheFile } from "../src/engine/build-cache";
import { generateCities } from "./gen-cities";
import { freshCloneFolders, setAside } from "./set-aside";
import { timedProcess } from "./timed-process";

const { values } = parseArgs({ options: { cities: { type: "string", default: "10000" }, fresh: { type: "boolean", default: false } } });
const root = path.resolve(import.meta.dirname, "..");
const scratch = existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
const work = await mkdtemp(path.join(scratch, "flightsite-bench-all-cards-"));
// The card store, and with --fresh the caches a fresh clone lacks besides, set aside and put back at the end.
const aside = await setAside(freshCloneFolders(root, { caches: values.fresh }), "bench");
try {
  const dataDir = path.join(work, "data");
  const outDir = path.join(work, "dist");
  await cp(path.join(root, "data"), dataDir, { recursive: true });
  for (const [name, text] of await generateCities(Number(values.cities), path.join(dataDir, "cities"))) await writeFile(path.join(dataDir, "cities", name), text);
  const run = await timedProcess([path.join(root, "bin/flightsite.js"), "build", "--data", dataDir, "--out", outDir], root, { helpers: true });
  console.log(run.stdout.trim());
  console.log(
    `\n${values.cities} cities, every card drawn${values.fresh ? " (downloads and browser bundle made too, as on a fresh clone)" : ""}: ${run.seconds.toFixed(1)} s, CPU ${run.cpuSeconds.toFixed(1)} s (with its helpers), ` +
      `peak memory ${run.helpers!.peakMegabytes} MB with its helpers (${run.peakMegabytes} MB the CLI's own process), at most ${run.helpers!.most} helper processes at once; ` +
      `${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  await rm(buildCacheFile(root, outDir), { force: true });
} finally {
  await rm(work, { recursive: true, force: true });
  await aside.restore();
}
