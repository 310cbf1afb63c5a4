// Compares two built sites byte for byte: the one promise every faster way of building must keep.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { buildTargetFile } from "../../../src/output/manifest";

/**
 * The files that are in one folder and not the other, or differ in any byte, sorted; `except` names files to skip.
 * The build target record (`.build-target.json`) is never compared: it is no file of the site, and an engine driven
 * by a test records no data digest where `build` does.
 */
export async function differences(a: string, b: string, except: string[] = []): Promise<string[]> {
  const [filesA, filesB] = await Promise.all([filesIn(a), filesIn(b)]);
  const names = [...new Set([...filesA.keys(), ...filesB.keys()])].filter((name) => name !== buildTargetFile && !except.includes(name)).sort();
  return names.filter((name) => {
    const x = filesA.get(name);
    const y = filesB.get(name);
    return !x || !y || !x.equals(y);
  });
}

async function filesIn(folder: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const entry of entries.filter((e) => e.isFile())) {
    const absolute = path.join(entry.parentPath, entry.name);
    files.set(path.relative(folder, absolute).split(path.sep).join("/"), await readFile(absolute));
  }
  return files;
}
