import { hash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { packageRoot } from "../render/code-location";

/**
 * The version of what draws a card, as a short text: a hash of the card's template and of the module that draws it
 * (share-card.ts), and the versions of satori, sharp and the font. It is part of every card's name (AssetUrls.shareCards), so that a card drawn
 * by other code gets a new name, never the old one's: a card is cached for a year under its name.
 */
export function shareCardVersion(root = packageRoot): string {
  const require = createRequire(path.join(root, "package.json"));
  const parts = [path.join(root, "templates/ShareCard.tsx"), path.join(root, "src/images/share-card.ts")].map((file) => readFileSync(file, "utf8"));
  for (const name of ["satori", "sharp", "@fontsource/atkinson-hyperlegible"]) parts.push(`${name}@${(require(`${name}/package.json`) as { version: string }).version}`);
  return hash("sha1", parts.join("\0"), "base64url").slice(0, 12);
}
