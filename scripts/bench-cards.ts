// npm run bench:cards [-- --cards N] [-- --data DIR]: draws the same N share cards (default 300) with each candidate
// renderer, one at a time on this thread, and prints per candidate the wall ms per card, the CPU ms per card (this
// process, every thread), the bytes per card and the pixel difference against today's picture (satori → SVG → sharp,
// the reference): the mean absolute difference of the RGBA channels, and the share of pixels with a channel more than
// 16 apart. The cards are the real site's (data/: English and Spanish titles), with as many again given a long title
// (two pages' titles joined), so that short, long and Spanish titles are all drawn. Issue 38, point 1.
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { Renderer } from "@takumi-rs/core";
import { fromJsx } from "@takumi-rs/helpers/jsx";
import { Resvg } from "@resvg/resvg-js";
import satori, { type Font } from "satori";
import sharp from "sharp";
import { loadSourceFiles } from "../src/content/load";
import { validateContent } from "../src/content/validate";
import { generateDocuments } from "../src/documents/generate";
import { drawShareCard } from "../src/images/share-card";
import { shareCardsOf } from "../src/images/share-cards";
import { createRoutes } from "../src/site/routes";
import { ShareCard, shareCardSize } from "../templates/ShareCard";
import type { ShareCard as Card } from "../src/content/types";

const { values } = parseArgs({ options: { cards: { type: "string", default: "300" }, data: { type: "string" }, save: { type: "string" } } });
const root = path.resolve(import.meta.dirname, "..");
const count = Number(values.cards);
const require = createRequire(path.join(root, "package.json"));
sharp.cache(false);

/** A way of drawing a card into PNG bytes. */
interface Candidate {
  name: string;
  draw(card: Card): Promise<Uint8Array>;
}

const cards = await benchCards(values.data ?? path.join(root, "data"), count);
const candidates = await makeCandidates();
console.log(`${cards.length} cards (${cards.filter((card) => card.title.length > 64).length} with a title over 64 characters), drawn one at a time\n`);
console.log("| renderer | ms per card | CPU ms per card | bytes per card (mean, max) | over 25 KB | mean abs. difference | pixels differing > 16 |");
console.log("|---|---|---|---|---|---|---|");
let reference: Uint8Array[] | undefined;
for (const candidate of candidates) {
  await candidate.draw(cards[0]!); // loads the fonts, the wasm or the native module: not counted
  const pngs: Uint8Array[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const card of cards) pngs.push(await candidate.draw(card));
  const wall = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  reference ??= pngs;
  const sizes = pngs.map((png) => png.byteLength);
  const difference = await differenceOf(reference, pngs);
  console.log(
    `| ${candidate.name} | ${(wall / cards.length).toFixed(1)} | ${((user + system) / 1000 / cards.length).toFixed(1)} | ` +
      `${kb(sizes.reduce((a, b) => a + b, 0) / sizes.length)}, ${kb(Math.max(...sizes))} | ${sizes.filter((size) => size > 25 * 1024).length} | ` +
      `${difference.mean.toFixed(3)} | ${difference.differing.toFixed(3)} % |`,
  );
  if (values.save) {
    // A few cards to look at: the first, a Spanish one and the longest title.
    const folder = path.join(values.save, candidate.name.replace(/\W+/g, "-"));
    await mkdir(folder, { recursive: true });
    const longest = cards.reduce((a, b, i) => (b.title.length > cards[a]!.title.length ? i : a), 0);
    const spanish = Math.max(0, cards.findIndex((card) => card.file.includes("/es-")));
    for (const at of [0, spanish, longest]) await writeFile(path.join(folder, `${at}.png`), pngs[at]!);
  }
}

// --- internal ---

/** `count` cards of the site in `dataDir`: its pages' cards, and the same again with a long title, in turn. */
async function benchCards(dataDir: string, count: number): Promise<Card[]> {
  const content = validateContent(await loadSourceFiles(dataDir, root));
  const routes = createRoutes(content, { css: "/bench.css", js: "/bench.js", shareCards: "bench" }, await generateDocuments(content));
  const site = [...shareCardsOf(routes).values()];
  return Array.from({ length: count }, (_, i) => {
    const card = site[Math.floor(i / 2) % site.length]!;
    if (i % 2 === 0) return card;
    const other = site[(Math.floor(i / 2) + 7) % site.length]!;
    return { ...card, file: card.file.replace(".png", "-long.png"), title: `${card.title}: ${other.title}, ${other.title}` };
  });
}

async function makeCandidates(): Promise<Candidate[]> {
  const files = (["latin", "latin-ext"] as const).flatMap((subset) => ([400, 700] as const).map((weight) => ({ subset, weight })));
  const font = (subset: string, weight: number, format: "woff" | "woff2") =>
    readFileSync(require.resolve(`@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-${subset}-${weight}-normal.${format}`));
  const satoriFonts: Font[] = files.map(({ subset, weight }) => ({ name: "Atkinson Hyperlegible", weight, style: "normal", data: font(subset, weight, "woff") }));
  const svgOf = (card: Card) => satori(ShareCard({ card }), { ...shareCardSize, fonts: satoriFonts });
  const takumi = new Renderer();
  for (const { subset, weight } of files) await takumi.registerFont({ name: "Atkinson Hyperlegible", weight, style: "normal", data: font(subset, weight, "woff2") });
  const takumiDraw = async (card: Card, format: "png" | "raw") => {
    const { node, css } = await fromJsx(ShareCard({ card }));
    return takumi.render(node, { ...shareCardSize, format, css });
  };
  const palette = (raw: Buffer, options: { colours: number; dither: number; effort: number; compressionLevel: number }) =>
    sharp(raw, { raw: { ...shareCardSize, channels: 4 } })
      .png({ palette: true, ...options })
      .toBuffer();
  return [
    { name: "satori + sharp (today)", draw: async (card) => sharp(Buffer.from(await svgOf(card))).png({ compressionLevel: 6 }).toBuffer() },
    { name: "satori + resvg", draw: async (card) => new Resvg(await svgOf(card), { font: { loadSystemFonts: false } }).render().asPng() },
    { name: "takumi, its PNG", draw: (card) => takumiDraw(card, "png") },
    { name: "takumi + sharp palette, 256 colours", draw: async (card) => palette(await takumiDraw(card, "raw"), { colours: 256, dither: 1, effort: 1, compressionLevel: 6 }) },
    { name: "takumi + sharp palette, 64 colours, undithered", draw: async (card) => palette(await takumiDraw(card, "raw"), { colours: 64, dither: 0, effort: 1, compressionLevel: 9 }) },
    // What the build draws with: takumi's PNG, a palette for the few over 24 KB.
    { name: "drawShareCard (adopted)", draw: drawShareCard },
  ];
}

/** How far `pngs` are from `reference`, card by card: the mean absolute difference per channel, and the % of pixels differing. */
async function differenceOf(reference: Uint8Array[], pngs: Uint8Array[]): Promise<{ mean: number; differing: number }> {
  let [total, channels, differing, pixels] = [0, 0, 0, 0];
  for (let i = 0; i < pngs.length; i++) {
    const [a, b] = await Promise.all([rgba(reference[i]!), rgba(pngs[i]!)]);
    for (let at = 0; at < a.length; at += 4) {
      let most = 0;
      for (let c = 0; c < 4; c++) {
        const d = Math.abs(a[at + c]! - b[at + c]!);
        total += d;
        if (d > most) most = d;
      }
      if (most > 16) differing++;
    }
    channels += a.length;
    pixels += a.length / 4;
  }
  return { mean: total / channels, differing: (100 * differing) / pixels };
}

function rgba(png: Uint8Array): Promise<Buffer> {
  return sharp(png).ensureAlpha().raw().toBuffer();
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
