// npm run bench [-- --cities N]: how long an editor waits, with `flightsite serve --watch` running, between saving one
// city file and that city's pages being rewritten on disk. With --cities, N generated cities (scripts/gen-cities.ts)
// are added to the copy first, to see what a save costs on a large site. Runs the real server on a temporary copy of the project,
// saves data/cities/naples.yaml 20 times (changing an airport's name, which is on the city page and on both of
// its destination pages), and prints the median. The figure depends on the machine and on what else runs on it.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateCities } from "./gen-cities";
import { createTempProject } from "../tests/unit/support/temp-project";

// As `flightsite serve` runs (bin/flightsite.js), with React's production build; set before React is first loaded.
process.env.NODE_ENV ??= "production";
const { serveProject } = await import("../tests/unit/support/serve-project");

const saves = 20;
const warmUp = 3;

const { values } = parseArgs({ options: { cities: { type: "string", default: "0" } } });
const project = await createTempProject();
const citiesDir = path.join(project.dataDir, "cities");
if (Number(values.cities) > 0) for (const [name, text] of await generateCities(Number(values.cities), citiesDir)) await writeFile(path.join(citiesDir, name), text);
const cityFile = path.join(project.dataDir, "cities/naples.yaml");
const pages = ["naples/index.html", "naples/flights-to-md-anderson-houston/index.html", "naples/flights-to-mayo-clinic-rochester/index.html"];
let announce: (line: string) => void = () => {};
const server = await serveProject(project, {
  watch: true,
  stdout: (text) => announce(text),
  stderr: (text) => process.stderr.write(text),
});

try {
  const original = await readFile(cityFile, "utf8");
  const times: number[] = [];
  for (let i = 0; i < warmUp + saves; i++) {
    const name = `Naples Airport (save ${i})`;
    // The server prints its line once the rewritten files are on disk.
    const rebuilt = new Promise<string>((resolve) => (announce = (line) => line.includes(" changed; ") && resolve(line)));
    const started = performance.now();
    await writeFile(cityFile, original.replace("name: Naples Airport", `name: ${name}`));
    const line = await rebuilt;
    if (process.env.BENCH_VERBOSE) process.stdout.write(line);
    const elapsed = performance.now() - started;
    for (const page of pages) {
      if (!(await readFile(path.join(project.outDir, page), "utf8")).includes(name)) throw new Error(`${page} was not rewritten: ${line}`);
    }
    if (i >= warmUp) times.push(elapsed);
    // Past chokidar's 50 ms window in which further changes of the same file are not reported.
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!);
  console.log(
    `flightsite bench: median ${at(0.5)} ms from saving data/cities/naples.yaml to its ${pages.length} pages rewritten on disk ` +
      `(${saves} saves; fastest ${at(0)} ms, 90th percentile ${at(0.9)} ms, slowest ${at(1)} ms)`,
  );
} finally {
  await server.close();
  await project.remove();
}
