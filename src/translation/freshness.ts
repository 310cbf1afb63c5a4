import { createHash } from "node:crypto";

// Freshness: what a translation records of the English it was translated from (its translatedFrom record, written by
// review.ts), so that a field whose English changed since is told to its reviewer.

/** The first 8 hex digits of the SHA-256 of a text with its whitespace normalised: what translatedFrom records. */
export function englishHash(value: string): string {
  return createHash("sha256").update(normalizeSpace(value)).digest("hex").slice(0, 8);
}

/** Runs of whitespace (line breaks of a folded YAML text, two spaces) as one space, none at the ends. */
export const normalizeSpace = (value: string) => value.replace(/\s+/g, " ").trim();
