import { hash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { packageRoot } from "../render/code-location";

/**
 * The version of what draws a card, as a short text: a hash of the card's template and of the module that draws it
 * (share-card.ts), and the versions of the renderer (takumi, its native part's version the same), of sharp (which
 * encodes the largest cards) and of the font. It is part of every card's name (AssetUrls.shareCards), so that a card
 * drawn by other code gets a new name, never the old one's: a card is cached for a year under its name.
 */
export function shareCardVersion(root = packageRoot): string {
  const require = createRequire(path.join(root, "package.json"));
  const parts = [path.join(root, "templates/ShareCard.tsx"), path.join(root, "src/images/share-card.ts")].map((file) => readFileSync(file, "utf8"));
  for (const name of ["@takumi-rs/core", "@takumi-rs/helpers", "sharp", "@fontsource/atkinson-hyperlegible"]) parts.push(`${name}@${versionOf(require, name)}`);
  return hash("sha1", parts.join("\0"), "base64url").slice(0, 12);
}

// --- internal ---

/** The installed version of package `name`: from the package.json above its entry (takumi exports no ./package.json). */
function versionOf(require: NodeJS.Require, name: string): string {
  for (let folder = path.dirname(require.resolve(name)); folder !== path.dirname(folder); folder = path.dirname(folder)) {
    const file = path.join(folder, "package.json");
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version: string };
    if (manifest.name === name) return manifest.version;
  }
  throw new Error(`no package.json of ${name} above ${require.resolve(name)}`);
}
