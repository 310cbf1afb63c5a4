// A page's share card as PNG bytes: templates/ShareCard.tsx laid out by satori into an SVG (its text as paths, in the
// font shipped by @fontsource/atkinson-hyperlegible: legible for low vision), rasterized and encoded by sharp. Heavy
// (a wasm layout engine, libvips): loaded only by the build step that makes cards missing from the cache.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import satori, { type Font } from "satori";
import sharp from "sharp";
import { ShareCard, shareCardSize } from "../../templates/ShareCard";
import type { ShareCard as ShareCardContent } from "../content/types";

// Each card is drawn once: libvips's cache of operations would only hold the pixels of cards already drawn.
sharp.cache(false);

/** Draws `card`: 1200×630 PNG bytes, the same bytes every time for the same card and the same code. */
export async function drawShareCard(card: ShareCardContent): Promise<Uint8Array> {
  const svg = await satori(ShareCard({ card }), { ...shareCardSize, fonts: (fonts ??= loadFonts()) });
  // No metadata: nothing in the file but the picture (no time, no software name), so the bytes depend on the card alone.
  return new Uint8Array(await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer());
}

// --- internal ---

const fontPackage = "@fontsource/atkinson-hyperlegible";

let fonts: Font[] | undefined;

/** The regular and bold faces, Latin and Latin Extended (satori takes .woff, not .woff2). */
function loadFonts(): Font[] {
  const require = createRequire(import.meta.url);
  return (["latin", "latin-ext"] as const).flatMap((subset) =>
    ([400, 700] as const).map((weight) => ({
      name: "Atkinson Hyperlegible",
      weight,
      style: "normal" as const,
      data: readFileSync(require.resolve(`${fontPackage}/files/atkinson-hyperlegible-${subset}-${weight}-normal.woff`)),
    })),
  );
}
