// npm run gen:cities -- --count N --out DIR: writes N made-up but realistic city files into DIR, for benchmarks and
// scale tests. Each city mixes the sentences, support entries, questions and airports of the real cities in data/
// (so field lengths vary as real content does, rather than N copies of one file), links its nearby cities to other
// generated ones, and now and then overrides a destination's text. The same count always gives the same files.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { parse, stringify } from "yaml";
import type { City } from "../src/content/types";

/** `count` city files, by file name, made from the real cities in `citiesDir`. */
export async function generateCities(count: number, citiesDir: string): Promise<Map<string, string>> {
  const names = (await readdir(citiesDir)).filter((name) => name.endsWith(".yaml")).sort();
  const seeds = await Promise.all(names.map(async (name) => parse(await readFile(path.join(citiesDir, name), "utf8")) as City));
  const random = mulberry32(count);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const shuffled = [...list].sort(() => random() - 0.5);
    return shuffled.slice(0, min + Math.floor(random() * (max - min + 1)));
  };
  const cityNames = uniqueNames(count, random, new Set(seeds.map((seed) => seed.cityName)));
  const slugs = cityNames.map(slugOf);
  const airports = seeds.flatMap((seed) => seed.airports);
  const faqs = seeds.flatMap((seed) => seed.faqs.map((faq) => ({ seed: seed.cityName, faq })));
  const support = seeds.flatMap((seed) => seed.supportDirectory);
  const files = new Map<string, string>();
  cityNames.forEach((cityName, i) => {
    const seed = seeds[i % seeds.length]!;
    const other = pick(seeds);
    const swap = (text: string, from: string) => text.replaceAll(from, cityName);
    // A city links the next few cities; with fewer cities than that, the rest are places without a page (a link to
    // itself would be refused by validation).
    const nearby = (offset: number) =>
      offset < count && random() < 0.8
        ? { name: cityNames[(i + offset) % count]!, slug: slugs[(i + offset) % count]! }
        : { name: `${pick(placeStarts)} ${pick(placeEnds)}` };
    const city: City = {
      cityName,
      urlSlug: slugs[i]!,
      title: `Medical Flights in ${cityName}, FL | ${pick(titleTails)}`.slice(0, 60),
      metaDescription: swap(seed.metaDescription, seed.cityName).slice(0, 160),
      keywords: some([`medical flights ${cityName} FL`, `non-emergency air ambulance ${cityName}`, `cancer treatment travel ${cityName}`, `${cityName} to MD Anderson flight`, `${cityName} to Mayo Clinic flight`], 1, 5),
      nearbyCity1: nearby(1),
      nearbyCity2: nearby(2),
      nearbyCity3: nearby(3),
      airports: some(airports, 1, 3).filter((a, k, all) => all.findIndex((b) => b.code === a.code) === k),
      cancerCareDescription: mix(swap(seed.cancerCareDescription, seed.cityName), swap(other.cancerCareDescription, other.cityName), random),
      localCareOverview: mix(swap(seed.localCareOverview, seed.cityName), swap(other.localCareOverview, other.cityName), random),
      supportDirectory: some(support, 2, 6),
      faqs: some(faqs, 4, 4).map(({ seed: from, faq }) => ({ question: swap(faq.question, from), answer: swap(faq.answer, from) })),
      ...(random() < 0.1 && { youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }),
      ...(random() < 0.1 && { destinations: { "md-anderson": { intro: `Patients from ${cityName} usually fly from ${seed.airports[0]!.name}, and we plan the whole trip around treatment days.` } } }),
    };
    files.set(`${slugs[i]}.yaml`, `# yaml-language-server: $schema=../../schemas/city.schema.json\n${stringify(city, { lineWidth: 110 })}`);
  });
  return files;
}

// --- internal ---

const placeStarts = ["Lake", "Port", "Palm", "Cedar", "Bay", "Coral", "Pine", "Oak", "Cypress", "Heron", "Pelican", "Sandy", "Orange", "Magnolia", "Egret", "Osprey", "Mango", "Sabal", "Turtle", "Indian"];
const placeEnds = ["Shores", "Springs", "Grove", "Harbor", "Heights", "Park", "Point", "Key", "Beach", "Hills", "Creek", "Village", "Landing", "Isles", "Ridge", "Pines", "Gardens", "Bluff", "Hammock", "Crossing"];
const titleTails = ["Bed-to-Bed Coordination", "Caregiver Seating", "24/7 Flight Line", "Cancer Care Travel", "Planned Medical Flights"];

/** `count` distinct place names, none in `taken`: two words, then districts once those run out ("Lake Shores East 12"). */
function uniqueNames(count: number, random: () => number, taken: Set<string>): string[] {
  const names = new Set<string>();
  const suffixes = ["", " North", " South", " East", " West"];
  for (let round = 0; names.size < count; round++) {
    for (const start of placeStarts) {
      for (const end of placeEnds) {
        const suffix = suffixes[round % suffixes.length]! + (round >= suffixes.length ? ` ${Math.floor(round / suffixes.length) + 1}` : "");
        const name = `${start} ${end}${suffix}`;
        // Destination titles carry the name and must fit 60 characters: at most 20 for the name.
        if (random() < 0.5 && names.size < count && !taken.has(name) && name.length <= 20) names.add(name);
      }
    }
  }
  return [...names];
}

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** The first sentences of one text and the rest of another: lengths vary from city to city. */
function mix(a: string, b: string, random: () => number): string {
  const sentences = (text: string) => text.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [text];
  const first = sentences(a);
  const second = sentences(b);
  return [...first.slice(0, 1 + Math.floor(random() * first.length)), ...second.slice(Math.floor(random() * second.length))].join("").trim();
}

/** A small seeded random number generator, so the same count gives the same cities. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { count: { type: "string", default: "1000" }, out: { type: "string" } } });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || !values.out) {
    console.error("usage: npm run gen:cities -- --count N --out DIR (N a whole number from 1; DIR gets N city files)");
    process.exit(1);
  }
  const root = path.resolve(import.meta.dirname, "..");
  const files = await generateCities(count, path.join(root, "data/cities"));
  await mkdir(values.out, { recursive: true });
  for (const [name, text] of files) await writeFile(path.join(values.out, name), text);
  console.log(`gen:cities: wrote ${files.size} city files into ${values.out}`);
}
