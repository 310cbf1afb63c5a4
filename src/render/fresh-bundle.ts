import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

// Code of the project's own folder as it is now, for a process that runs for long (the dev server): Node caches an
// ES module by its URL for the life of the process, so importing a changed template again would give the old code.
// Instead esbuild bundles the current sources into one file under a new name in .flightsite/render/, which this
// process and its threads and helper processes import. Packages (react, zod, takumi…) stay external, so that every
// bundle shares them with the rest of the process.

/** A bundle written to disk: its code's hash (without its source map, which names the bundle's own place) and its URL. */
export interface FreshBundle {
  id: string;
  url: string;
  file: string;
}

/**
 * Bundles `entry` (a module's text, its imports resolved from `resolveDir` under `root`) into a new file named after
 * `name`; undefined, with nothing written, when its code is byte for byte that of the bundle whose id is `previousId`.
 * Throws esbuild's BuildFailure for a mistake in the sources.
 */
export async function freshBundle(
  root: string,
  name: string,
  entry: { contents: string; resolveDir: string; sourcefile: string },
  previousId?: string,
): Promise<FreshBundle | undefined> {
  const folder = path.join(root, ".flightsite", "render");
  const file = path.join(folder, `${name}-${process.pid}-${++loads}.mjs`);
  const result = await build({
    absWorkingDir: root,
    stdin: { ...entry, loader: "ts" },
    outfile: file,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    jsx: "automatic",
    // Stack traces of a template that throws then point at the template's own lines.
    sourcemap: "inline",
    sourcesContent: false,
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.text;
  const id = createHash("sha1").update(code.replace(/\/\/# sourceMappingURL=.*$/s, "")).digest("base64url");
  if (id === previousId) return undefined;
  // Node applies a module's inline source map only once asked to (for the whole process, from then on).
  process.setSourceMapsEnabled(true);
  await mkdir(folder, { recursive: true });
  await writeFile(file, code);
  return { id, url: pathToFileURL(file).href, file };
}

/**
 * Keeps `bundle` as the one bundle of its kind (`name`) on disk: the one it replaces is deleted (every thread that
 * imported it holds it in memory), and the last one once the process ends.
 */
export function keepOnly(name: string, bundle: FreshBundle): void {
  const last = kept.get(name);
  if (last === bundle.file) return;
  if (last) rmSync(last, { force: true });
  if (kept.size === 0) process.once("exit", () => kept.forEach((file) => rmSync(file, { force: true })));
  kept.set(name, bundle.file);
}

// --- internal ---

let loads = 0;
/** The bundle on disk of each kind, kept for the threads and processes that import it until a newer one replaces it. */
const kept = new Map<string, string>();
