// A page's share card as PNG bytes: templates/ShareCard.tsx laid out, rasterized and encoded in one step by takumi
// (@takumi-rs/core, a native renderer), in the font shipped by @fontsource/atkinson-hyperlegible: legible for low
// vision. Chosen by `npm run bench:cards` (docs/performance.md): the same picture as satori → SVG → sharp drew before,
// in a quarter of the CPU time and a third of the bytes. Loaded only where cards are drawn (card-drawer.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Renderer } from "@takumi-rs/core";
import { fromJsx } from "@takumi-rs/helpers/jsx";
import { ShareCard, shareCardSize } from "../../templates/ShareCard";
import type { ShareCard as ShareCardContent } from "../content/types";

/** Draws `card`: 1200×630 PNG bytes, the same bytes every time for the same card and the same code. */
export async function drawShareCard(card: ShareCardContent): Promise<Uint8Array> {
  const { node, css } = await fromJsx(ShareCard({ card }));
  // takumi's own PNG encoder: no metadata (no time, no software name), so the bytes depend on the card alone; about as
  // small as an 8-bit palette made by sharp, in a sixth of the time (bench:cards).
  const png = await (await renderer()).render(node, { ...shareCardSize, format: "png", css });
  if (png.byteLength <= largestCard) return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  // The few cards whose long title makes them larger: a palette of 64 colours, undithered, which looks the same on a
  // card of four colours and their anti-aliased edges. Effort 5 at least keeps those four colours exact (below it,
  // libimagequant rounds them: the background would change by a shade).
  const { default: sharp } = await import("sharp");
  return new Uint8Array(await sharp(png).png({ palette: true, colours: 64, dither: 0, effort: 5, compressionLevel: 9 }).toBuffer());
}

/** Loads the renderer and registers its fonts, ahead of the first card (drawShareCard does it otherwise). */
export async function startDrawing(): Promise<void> {
  await renderer();
}

/** The most bytes a card takes as takumi encodes it: a preview is fetched by a phone, often on a slow connection. */
export const largestCard = 24 * 1024;

// --- internal ---

const fontPackage = "@fontsource/atkinson-hyperlegible";

let loaded: Promise<Renderer> | undefined;

/** One renderer per thread, with the regular and bold faces, Latin and Latin Extended, registered once. */
function renderer(): Promise<Renderer> {
  return (loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    // No cache of decoded images: a card shows none, and each is drawn once.
    const drawing = new Renderer({ cacheMaxBytes: 0 });
    for (const subset of ["latin", "latin-ext"] as const) {
      for (const weight of [400, 700] as const) {
        const data = readFileSync(require.resolve(`${fontPackage}/files/atkinson-hyperlegible-${subset}-${weight}-normal.woff2`));
        await drawing.registerFont({ name: "Atkinson Hyperlegible", weight, style: "normal", data });
      }
    }
    return drawing;
  })());
}
