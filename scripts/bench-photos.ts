// npm run bench:photos [-- --photos N]: how `flightsite build` copes with many photos (issue 30). Copies data/ into a
// temporary folder, adds N generated cities (scripts/gen-cities.ts; default 500), and gives each a photo of its own,
// generated with sharp (varied sizes and colours, with grain, as a camera's JPEG: the encoder has work to do), half
// of them heroes. Then runs the real CLI (a process of its own) twice: a first build that encodes every photo, and a
// second one after a data file changed, which finds them all in .flightsite/photos/. Prints per build the wall and
// CPU seconds, the peak memory (VmHWM) of the CLI's process and, sampled from /proc, of the photo encoder processes it
// starts (src/images/photo-processes.ts), and the CLI's photo line. The photos it stored are deleted at the end.
import { existsSync } from "node:fs";
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { buildCacheFile } from "../src/engine/build-cache";
import { generateCities } from "./gen-cities";
import { timedProcess } from "./timed-process";

const { values } = parseArgs({ options: { photos: { type: "string", default: "500" }, keep: { type: "boolean" } } });
const count = Number(values.photos);
const root = path.resolve(import.meta.dirname, "..");
const scratch = existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
const work = await mkdtemp(path.join(scratch, "flightsite-bench-photos-"));
const store = path.join(root, ".flightsite", "photos");
const storedBefore = new Set(await readdir(store).catch(() => []));
/** Grain to lay over each generated photo: made once, tiled. */
const grain = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 24 } } })
  .png()
  .toBuffer();
try {
  const dataDir = path.join(work, "data");
  const outDir = path.join(work, "dist");
  await cp(path.join(root, "data"), dataDir, { recursive: true });
  await mkdir(path.join(dataDir, "images", "bench"), { recursive: true });
  const started = performance.now();
  const cities = await generateCities(count, path.join(dataDir, "cities"));
  let index = 0;
  for (const [name, text] of cities) {
    const photo = `bench/photo-${index}.jpg`;
    await writeFile(path.join(dataDir, "images", photo), await generatedPhoto(index));
    const hero = index % 2 === 0 ? "  hero: true\n" : "";
    await writeFile(path.join(dataDir, "cities", name), `${text}photo:\n  src: ${photo}\n  alt: Generated photo ${index}\n  rights: own\n${hero}`);
    index++;
  }
  console.log(`${count} photos and cities generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const first = await timedBuild(["build", "--data", dataDir, "--out", outDir]);
  console.log(`first build:  ${first}`);
  // A change to one data file: the build runs again (rather than finding nothing changed) and finds every photo stored.
  await appendFile(path.join(dataDir, "home.yaml"), "\n");
  const second = await timedBuild(["build", "--data", dataDir, "--out", outDir]);
  console.log(`second build: ${second}`);
  console.log(`flightsite bench:photos in ${scratch}, ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, load average ${os.loadavg()[0]!.toFixed(1)}`);
} finally {
  if (!values.keep) {
    const stored = await readdir(store).catch(() => []);
    await Promise.all([
      rm(work, { recursive: true, force: true }),
      rm(buildCacheFile(root, path.join(work, "dist")), { force: true }),
      ...stored.filter((key) => !storedBefore.has(key)).map((key) => rm(path.join(store, key), { recursive: true, force: true })),
    ]);
  }
}

/** A photo-like JPEG: a size between 1200 and 2400 px wide at 3:2 or 4:3, a colour of its own, grain over it. */
async function generatedPhoto(index: number): Promise<Buffer> {
  const width = 1200 + ((index * 397) % 1200);
  const height = Math.round(width / (index % 3 === 0 ? 4 / 3 : 3 / 2));
  const colour = { r: (index * 67) % 256, g: (index * 131) % 256, b: (index * 29) % 256 };
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: grain, tile: true, blend: "soft-light" }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function timedBuild(args: string[]): Promise<string> {
  const encoders = { together: 0, largest: 0 };
  const sampling = setInterval(() => void sampleEncoders(encoders), 250);
  const { stdout, seconds, cpuSeconds, peakMegabytes } = await timedProcess([path.join(root, "bin/flightsite.js"), ...args], root).finally(() => clearInterval(sampling));
  const encoderLine = encoders.largest > 0 ? `; encoder processes ${encoders.together} MB together at most, the largest ${encoders.largest} MB` : "";
  const photos = /photos: .+/.exec(stdout)?.[0] ?? "no photo line";
  const stage = /photos (\d+) ms/.exec(stdout)?.[1];
  return `${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s), peak RSS ${peakMegabytes} MB${encoderLine}; ${photos}${stage ? `; photo stage ${(Number(stage) / 1000).toFixed(1)} s` : ""}`;
}

/** The resident memory of the photo encoder processes running now, in MB: the most seen together, and in one. */
async function sampleEncoders(peaks: { together: number; largest: number }): Promise<void> {
  let together = 0;
  for (const pid of (await readdir("/proc")).filter((name) => /^\d+$/.test(name))) {
    try {
      if (!(await readFile(`/proc/${pid}/cmdline`, "utf8")).includes("photo-encoder")) continue;
      const megabytes = Math.round(Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
      together += megabytes;
      peaks.largest = Math.max(peaks.largest, megabytes);
    } catch {
      // ended meanwhile
    }
  }
  peaks.together = Math.max(peaks.together, together);
}
