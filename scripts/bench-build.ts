// npm run bench:build [-- --cities N]: how `flightsite build` copes with a large site. Copies data/ into a temporary
// folder, adds N copies of data/cities/naples.yaml under other names (default 3000), builds it with React's
// production build as the CLI does, and prints the pages, the time per stage and the most memory used.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

process.env.NODE_ENV ??= "production";
const { build } = await import("../src/build/build");

const { values } = parseArgs({ options: { cities: { type: "string", default: "3000" } } });
const count = Number(values.cities);
const root = path.resolve(import.meta.dirname, "..");
const work = await mkdtemp(path.join(os.tmpdir(), "flightsite-bench-build-"));
try {
  const dataDir = path.join(work, "data");
  await cp(path.join(root, "data"), dataDir, { recursive: true });
  const naples = await readFile(path.join(dataDir, "cities/naples.yaml"), "utf8");
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      writeFile(path.join(dataDir, `cities/bench-${i}.yaml`), naples.replaceAll("naples", `bench-${i}`).replaceAll("Naples", `Bench ${i}`)),
    ),
  );
  const started = performance.now();
  const result = await build({ root, dataDir, outDir: path.join(work, "dist") });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const pages = Object.values(result.pagesByKind).reduce((sum, n) => sum + n, 0);
  const stages = Object.entries(result.timings).map(([stage, ms]) => `${stage} ${(ms / 1000).toFixed(1)} s`).join(", ");
  const peak = (process.resourceUsage().maxRSS / 1024 / 1024).toFixed(1);
  console.log(`flightsite bench:build: ${result.content.cities.length} cities, ${pages} pages, ${(result.bytes / 1024 / 1024).toFixed(0)} MB in ${seconds} s on ${os.availableParallelism()} cores (${stages}); at most ${peak} GB of memory`);
} finally {
  await rm(work, { recursive: true, force: true });
}
