import type { Manifest } from "../output/manifest";

/** The pages of one build that differ from another's: added, changed (other bytes) and removed, each in path order. */
export interface PageChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** Pages (HTML files) whose SHA-256 differs between two manifests; other files (assets, sitemap) are left out. */
export function diffPages(base: Manifest, head: Manifest): PageChanges {
  const pages = (manifest: Manifest) => Object.keys(manifest).filter((file) => file.endsWith(".html"));
  return {
    added: pages(head).filter((file) => !base[file]).sort(),
    changed: pages(head).filter((file) => base[file] && base[file].sha256 !== head[file]!.sha256).sort(),
    removed: pages(base).filter((file) => !head[file]).sort(),
  };
}

/**
 * The changes as a Markdown list for a pull request comment: each added or changed page linked under `siteUrl` (the
 * preview's address), removed pages as their addresses; at most `limit` lines, then how many more.
 */
export function formatPageChanges(changes: PageChanges, siteUrl: string, limit = 50): string {
  const base = siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`;
  const lines = [
    ...changes.changed.map((file) => `- changed: [${addressOf(file)}](${base}${addressOf(file).slice(1)})`),
    ...changes.added.map((file) => `- added: [${addressOf(file)}](${base}${addressOf(file).slice(1)})`),
    ...changes.removed.map((file) => `- removed: \`${addressOf(file)}\``),
  ];
  if (lines.length === 0) return "No page differs from the live site.\n";
  const count = lines.length === 1 ? "1 page differs" : `${lines.length} pages differ`;
  const shown = lines.slice(0, limit);
  if (lines.length > limit) shown.push(`- … and ${lines.length - limit} more`);
  return `${count} from the live site:\n\n${shown.join("\n")}\n`;
}

// --- internal ---

/** The address a page is reached at: `naples/index.html` → `/naples/`, `404.html` → `/404.html`. */
function addressOf(file: string): string {
  if (file === "index.html") return "/";
  return file.endsWith("/index.html") ? `/${file.slice(0, -"index.html".length)}` : `/${file}`;
}
