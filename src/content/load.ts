import { readFile } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import type { SourceFile } from "./types";

/** Every YAML file under `dataDir`, with paths relative to `root` (what an editor sees in their project). */
export async function loadSourceFiles(dataDir: string, root: string): Promise<SourceFile[]> {
  const names = await fg("**/*.{yaml,yml}", { cwd: dataDir, onlyFiles: true });
  names.sort();
  return Promise.all(
    names.map(async (name) => {
      const absolute = path.join(dataDir, name);
      return { path: toPosix(path.relative(root, absolute)), text: await readFile(absolute, "utf8") };
    }),
  );
}

const toPosix = (p: string) => p.split(path.sep).join("/");
