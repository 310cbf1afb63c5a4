import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawShareCard } from "../../../src/images/share-card";
import { shareCardVersion } from "../../../src/images/share-card-version";
import { shareCardColours, shareCardLayout } from "../../../templates/ShareCard";
import type { ShareCard } from "../../../src/content/types";
import { cardTitled } from "../support/share-card";

// Share cards (issue 30, point 3): what a link to a page shows when a case manager texts it to a family.

const card = cardTitled;

/** Longer than any Spanish title the site will have: a destination page's, with the clinic's full name and more. */
const longSpanishTitle =
  "Vuelos médicos no urgentes desde Bonita Springs, Florida, hasta el Centro Oncológico MD Anderson de la Universidad de " +
  "Texas en Houston: coordinación de cama a cama con enfermería a bordo, acompañante familiar y traslado en ambulancia " +
  "terrestre en ambos extremos del viaje, planificado con su equipo médico";

describe("a share card", () => {
  it("is a 1200×630 PNG", async () => {
    const metadata = await sharp(await drawShareCard(card("Medical Flights in Naples, FL"))).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: "png", width: 1200, height: 630 });
  });

  it("is the same bytes every time it is drawn", async () => {
    const [first, second] = [await drawShareCard(card(longSpanishTitle)), await drawShareCard(card(longSpanishTitle))];
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });

  it("keeps a very long Spanish title inside its box: nothing in the margins or in the band above the phone number", async () => {
    const pixels = await pixelsOf(await drawShareCard(card(longSpanishTitle)));
    const { margin, titleTop, titleHeight, gap } = shareCardLayout;
    // The title is there (the scan below would pass on an empty card)…
    expect(pixels.stray({ left: margin, top: titleTop, right: 1200 - margin, bottom: titleTop + titleHeight })).toBeGreaterThan(10_000);
    // …and wraps before the right margin (a title on one line runs off the card's right edge)…
    expect(pixels.stray({ left: 1200 - margin, top: 0, right: 1200, bottom: 630 })).toBe(0);
    // …and stops at its box (cut after the lines that fit, else it runs down over the phone number).
    expect(pixels.stray({ left: 0, top: titleTop + titleHeight, right: 1200, bottom: titleTop + titleHeight + gap })).toBe(0);
    expect(pixels.stray({ left: 0, top: 630 - margin, right: 1200, bottom: 630 })).toBe(0);
  });

  // Issue 38: a link preview is fetched by a phone, often on a slow connection; the longest titles are re-encoded.
  it("is under 25 KB, even with a very long Spanish title, and keeps the card's background colour exact", async () => {
    for (const title of ["Medical Flights in Naples, FL", longSpanishTitle]) {
      const png = await drawShareCard(card(title));
      expect(png.byteLength, title).toBeLessThan(25 * 1024);
      expect((await pixelsOf(png)).stray({ left: 0, top: 0, right: 1200, bottom: shareCardLayout.margin }), title).toBe(0);
    }
  });

  it("breaks a word too long for a line rather than letting it leave the card", async () => {
    const pixels = await pixelsOf(await drawShareCard(card(`Vuelos ${"supercalifragilístico".repeat(6)}`)));
    expect(pixels.stray({ left: 1200 - shareCardLayout.margin, top: 0, right: 1200, bottom: 630 })).toBe(0);
  });

  it("is drawn by a version of the code named by a short text, the same each time it is asked for", () => {
    expect(shareCardVersion()).toMatch(/^[\w-]{12}$/);
    expect(shareCardVersion()).toBe(shareCardVersion());
  });
});

// --- internal ---

/** A PNG's pixels, and how many of those in a rectangle are not the card's background (text, or anything drawn). */
async function pixelsOf(png: Uint8Array) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const background = [1, 3, 5].map((at) => Number.parseInt(shareCardColours.background.slice(at, at + 2), 16));
  return {
    stray({ left, top, right, bottom }: { left: number; top: number; right: number; bottom: number }): number {
      let count = 0;
      for (let y = top; y < bottom; y++) {
        for (let x = left; x < right; x++) {
          const at = (y * info.width + x) * info.channels;
          if (data[at] !== background[0] || data[at + 1] !== background[1] || data[at + 2] !== background[2]) count++;
        }
      }
      return count;
    },
  };
}
