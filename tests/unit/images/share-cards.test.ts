import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { load } from "cheerio";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatSummary } from "../../../src/cli";
import { BuildEngine } from "../../../src/engine/engine";
import { memoryCache, staticRenderer } from "../../../src/engine/engine-parts";
import { diskCardStore, type CardStore, type StoredCard } from "../../../src/images/share-cards";
import { cacheControlFor } from "../../../src/deploy/plan";
import { memoryOutput, updatedOutput } from "../../../src/output/write-output";
import type { EngineResult } from "../../../src/engine/stages";
import { createTempProject, editFile, type TempProject } from "../support/temp-project";
import { cityFiles, sitePhone } from "../support/data-files";
import { projectRoot } from "../support/site";
import { sampleDataDir } from "../support/sample-site";

// Share cards (issue 30, point 3): every page of the real site names its card in its head, the card is in the output,
// and a card once drawn is never drawn again.

const baseUrl = "https://www.floridamedicalflights.example";
const phone = sitePhone(sampleDataDir).display;

describe("the share cards of the real site", () => {
  const store = memoryStore();
  const options = { root: projectRoot, dataDir: sampleDataDir, outDir: path.join(projectRoot, "dist-not-written") };
  const engine = (more: { basePath?: string } = {}) => {
    const output = memoryOutput();
    return { output, engine: new BuildEngine({ ...options, ...more }, { cache: undefined, output, renderer: staticRenderer("test"), cards: store }) };
  };
  let site: { output: ReturnType<typeof memoryOutput>; result: EngineResult };

  beforeAll(async () => {
    const first = engine();
    site = { output: first.output, result: await first.engine.run() };
  }, 120_000);

  it("gives every page of every kind a card, in its head with the exact tags a link preview reads, but the pages kept out of search engines", async () => {
    const pages = [...site.output.files.keys()].filter((file) => file.endsWith(".html"));
    const images = new Set<string>();
    const unshared: string[] = [];
    for (const file of pages) {
      const $ = load(String(site.output.files.get(file)));
      const tags = (selector: string) => $(`head meta[${selector}]`).map((_, element) => $(element).attr("content")).get();
      // The 404 and the thank-you page (noindex in their own right): not pages to share, so no card is drawn for them.
      if (tags('name="robots"').includes("noindex")) {
        expect([...tags('property^="og:image"'), ...tags('name="twitter:card"')], file).toEqual([]);
        unshared.push(file);
        continue;
      }
      const title = $("head title").text();
      const shown = title.replace(/ \| Florida Medical Flights$/, "");
      const [image] = tags('property="og:image"');
      expect(tags('property="og:image"'), file).toHaveLength(1);
      expect(image, file).toMatch(/^https:\/\/www\.floridamedicalflights\.example\/assets\/cards\/[a-z0-9-]+\.[A-Z2-7]{8}\.png$/);
      expect({ width: tags('property="og:image:width"'), height: tags('property="og:image:height"') }, file).toEqual({ width: ["1200"], height: ["630"] });
      // A Spanish page's card says, in Spanish, to call (issue 29): "llame al" and the number.
      const call = file.startsWith("es/") ? "llame al" : "call";
      expect(tags('property="og:image:alt"'), file).toEqual([`${shown}. Florida Medical Flights, ${call} ${phone}.`]);
      expect(tags('name="twitter:card"'), file).toEqual(["summary_large_image"]);
      // The card is a file of the same output, and no other page's.
      const card = site.output.files.get(image!.slice(`${baseUrl}/`.length));
      expect(card, `${file}: ${image}`).toBeInstanceOf(Uint8Array);
      expect(images.has(image!), `${file} shares its card`).toBe(false);
      images.add(image!);
    }
    expect(images.size).toBe(site.result.shareCards.total);
    // Every page of every kind was looked at, and only those two kinds have no card, in every language.
    expect(pages.length).toBe(Object.values(site.result.pagesByKind).reduce((a, b) => a + b, 0));
    expect(new Set(unshared)).toEqual(new Set(pages.filter((file) => /(^|\/)(404\.html|thank-you\/index\.html)$/.test(file))));
    const shared = pages.length - unshared.length;
    expect(site.result.shareCards).toEqual({ total: shared, drawn: shared, stored: 0, drawingMs: expect.any(Number) });
  });

  it("names a page's card after its path, and shows its title without the company's name, which the card shows apart", () => {
    const $ = load(String(site.output.files.get("privacy/index.html")));
    expect($('meta[property="og:image"]').attr("content")).toMatch(/^https:\/\/www\.floridamedicalflights\.example\/assets\/cards\/privacy\.[A-Z2-7]{8}\.png$/);
    expect($('meta[property="og:image:alt"]').attr("content")).toBe(`Privacy. Florida Medical Flights, call ${phone}.`);
    const city = load(String(site.output.files.get(`${cityFiles(sampleDataDir)[0]!.urlSlug}/index.html`)));
    expect(city('meta[property="og:image:alt"]').attr("content")).toBe(`${city("head title").text()}. Florida Medical Flights, call ${phone}.`);
  });

  it("writes each card as a 1200×630 PNG", async () => {
    const cards = [...site.output.files].filter(([file]) => file.startsWith("assets/cards/"));
    expect(cards.length).toBe(site.result.shareCards.total);
    for (const [file, bytes] of cards.slice(0, 5)) {
      const { format, width, height } = await sharp(bytes as Uint8Array).metadata();
      expect({ format, width, height }, file).toEqual({ format: "png", width: 1200, height: 630 });
    }
  });

  it("names each card by a hash of what it shows, so that the deploy stores it to be cached for a year", () => {
    const cards = [...site.output.files.keys()].filter((file) => file.startsWith("assets/cards/"));
    expect(cards.filter((file) => cacheControlFor(file) !== "public, max-age=31536000, immutable")).toEqual([]);
  });

  it("leaves the podcast feed's square channel art as it is", () => {
    const feed = String(site.output.files.get("podcast/feed.xml"));
    expect(feed).toContain("<itunes:image");
    expect(feed).not.toContain("assets/cards/");
  });

  it("draws no card on a second build: each comes from the store, the same bytes, and the summary says so", async () => {
    const second = engine();
    const result = await second.engine.run();
    expect(result.shareCards).toEqual({ total: site.result.shareCards.total, drawn: 0, stored: site.result.shareCards.total, drawingMs: 0 });
    const differing = [...site.output.files].filter(([file, bytes]) => file.startsWith("assets/cards/") && !Buffer.from(bytes).equals(Buffer.from(second.output.files.get(file)!)));
    expect(differing.map(([file]) => file)).toEqual([]);
    const summary = formatSummary({ ...result, timings: {}, memory: { start: 0, stages: {} } }, "dist");
    expect(summary).toContain(`\n  share cards: 0 drawn, ${result.shareCards.total} from .flightsite/cards/, 0 unchanged\n`);
  }, 120_000);

  // Issue 35 (point 5): a publish starts from a fresh checkout (no dist/) and the cache's store; a change to one city
  // draws that city's card alone, and the summary says so.
  it("draws only the retitled city's card into a fresh output when the store holds the rest, and the summary says so", async () => {
    const project = await createTempProject({ data: sampleDataDir });
    try {
      // Any city will do: the first one's title, in capitals (the same length, so within its limit).
      const city = path.join(project.dataDir, "cities", (await readdir(path.join(project.dataDir, "cities"))).sort()[0]!);
      const title = /^title: (.+)$/m.exec(await readFile(city, "utf8"))![0];
      await editFile(city, title, `title: ${title.slice("title: ".length).toUpperCase()}`);
      const output = memoryOutput();
      const engine = new BuildEngine({ root: project.root, dataDir: project.dataDir, outDir: project.outDir }, { cache: undefined, output, renderer: staticRenderer("test"), cards: store });
      const result = await engine.run();
      expect(result.shareCards).toEqual({ total: site.result.shareCards.total, drawn: 1, stored: site.result.shareCards.total - 1, drawingMs: expect.any(Number) });
      expect(result.shareCards.drawingMs, "the time a card was being drawn (issue 38)").toBeGreaterThan(0);
      const summary = formatSummary({ ...result, timings: {}, memory: { start: 0, stages: {} } }, "dist");
      const drawing = (result.shareCards.drawingMs / 1000).toFixed(1);
      expect(summary).toContain(`\n  share cards: 1 drawn in ${drawing} s, ${result.shareCards.total - 1} from .flightsite/cards/, 0 unchanged\n`);
    } finally {
      await project.remove();
    }
  }, 120_000);

  it("puts og:image under the base path of a build for one", async () => {
    const prefixed = engine({ basePath: "/previews/pr-7/" });
    await prefixed.engine.run();
    const $ = load(String(prefixed.output.files.get("naples/index.html")));
    const image = $('meta[property="og:image"]').attr("content")!;
    expect(image).toMatch(/^https:\/\/www\.floridamedicalflights\.example\/previews\/pr-7\/assets\/cards\/naples\.[A-Z2-7]{8}\.png$/);
    expect(prefixed.output.files.has(image.slice(`${baseUrl}/previews/pr-7/`.length))).toBe(true);
  }, 120_000);
});

describe("the share cards in the dev server", () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await createTempProject({ data: sampleDataDir });
  });
  afterAll(() => project?.remove());

  it("draws the card of a page whose title changed, and only that one", async () => {
    const store = memoryStore();
    const engine = new BuildEngine(
      { root: project.root, dataDir: project.dataDir, outDir: project.outDir },
      { cache: memoryCache(), output: updatedOutput(project.outDir), renderer: staticRenderer("test"), cards: store },
    );
    const first = await engine.run();
    expect(first.shareCards.drawn).toBe(first.shareCards.total);
    const naples = path.join(project.dataDir, "cities/naples.yaml");
    await editFile(naples, "title: Medical Flights in Naples, FL | Bed-to-Bed Coordination", "title: Medical Flights in Naples, FL | Planned Bed to Bed");
    const second = await engine.run({ data: [naples] });
    // Naples' pages in English and in Spanish are made again (data/es/ translates it); only the retitled one's card is new.
    expect(second.shareCards).toEqual({ total: 6, drawn: 1, stored: 0, drawingMs: expect.any(Number) });
    const card = second.written.filter((file) => file.startsWith("assets/cards/"));
    expect(card).toEqual([expect.stringMatching(/^assets\/cards\/naples\.[A-Z2-7]{8}\.png$/)]);
  }, 120_000);
});

describe("the card store on disk", () => {
  it("keeps a card under its name, SHA-256 and size, found by the next build's store without reading it", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "flightsite-cards-"));
    try {
      const bytes = new TextEncoder().encode("not really a PNG");
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      expect(await diskCardStore(root).get("assets/cards/naples.AXLD4RT4.png")).toBeUndefined();
      await diskCardStore(root).put("assets/cards/naples.AXLD4RT4.png", bytes);
      const place = path.join(root, ".flightsite/cards", `naples.AXLD4RT4.${sha256}.${bytes.byteLength}.png`);
      expect(await diskCardStore(root).get("assets/cards/naples.AXLD4RT4.png")).toEqual({ digest: { sha256, bytes: bytes.byteLength }, path: place });
      expect(await readFile(place)).toEqual(Buffer.from(bytes));
      expect(await diskCardStore(root).get("assets/cards/sarasota.AXLD4RT4.png")).toBeUndefined();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("finds a card among files that are not cards: a half-written one, a stray file, a name whose hash is not one", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "flightsite-cards-"));
    try {
      const folder = path.join(root, ".flightsite/cards");
      const sha256 = "a".repeat(64);
      await mkdir(folder, { recursive: true });
      for (const name of [`naples.AXLD4RT4.${sha256}.12.png`, `sarasota.B.${sha256}.12.png.tmp-7-x`, "notes.txt", `tampa.C.${"g".repeat(64)}.12.png`, `venice.D.${sha256}.png`])
        await writeFile(path.join(folder, name), "x");
      const store = diskCardStore(root);
      expect(await store.get("assets/cards/naples.AXLD4RT4.png")).toEqual({ digest: { sha256, bytes: 12 }, path: path.join(folder, `naples.AXLD4RT4.${sha256}.12.png`) });
      for (const card of ["sarasota.B.png", "notes.png", "tampa.C.png", "venice.D.png"]) expect(await store.get(`assets/cards/${card}`), card).toBeUndefined();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

// --- internal ---

/** A card store in memory. */
function memoryStore(): CardStore {
  const cards = new Map<string, StoredCard>();
  return {
    get: async (file) => cards.get(file),
    async put(file, bytes) {
      const stored = { bytes, digest: { sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.byteLength } };
      cards.set(file, stored);
      return stored;
    },
  };
}
