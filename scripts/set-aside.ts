// What a benchmark sets aside to build as a fresh clone's first build does (bench:eleventy --draw-cards or --fresh,
// bench:all-cards): the folders of .flightsite/ a fresh clone has not made yet, moved away and put back as they were.
import { existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";

/** The folders of `root`'s .flightsite/ a fresh clone lacks: the share cards, and with `caches` the build cache's downloads and browser bundle. */
export function freshCloneFolders(root: string, { caches }: { caches: boolean }): string[] {
  const flightsite = path.join(root, ".flightsite");
  return [path.join(flightsite, "cards"), ...(caches ? ["downloads", "client"].map((name) => path.join(flightsite, "build-cache", name)) : [])];
}

/**
 * Moves each of `folders` that exists to a name of its own (`tag` in it), so that builds find none of them. `empty`
 * removes what the builds made in them since; `restore` does too, then puts the folders back as they were.
 */
export async function setAside(folders: readonly string[], tag: string): Promise<{ empty(): Promise<void>; restore(): Promise<void> }> {
  const aside = (folder: string) => `${folder}.${tag}-aside`;
  for (const folder of folders) if (existsSync(folder)) await rename(folder, aside(folder));
  const empty = async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  };
  return {
    empty,
    async restore() {
      await empty();
      for (const folder of folders) if (existsSync(aside(folder))) await rename(aside(folder), folder);
    },
  };
}
