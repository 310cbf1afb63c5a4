import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "../content/types";

/** Files copied into the site as they are (templates/static/: the favicon…), named relative to `dir`. */
export async function loadStaticFiles(dir: string): Promise<OutputFile[]> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    names
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const absolute = path.join(entry.parentPath, entry.name);
        return { file: path.relative(dir, absolute).split(path.sep).join("/"), contents: await readFile(absolute) };
      }),
  );
}
