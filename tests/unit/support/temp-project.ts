// A throwaway copy of the project for tests and the watch benchmark: data/, src/, templates/ and client/ copied
// (so a test may edit any of them), node_modules linked. Nothing a test does reaches the real files.
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(fileURLToPath(new URL("../../..", import.meta.url)));

export interface TempProject {
  root: string;
  dataDir: string;
  outDir: string;
  /** Removes the whole copy. */
  remove(): Promise<void>;
}

/**
 * A copy of the project; its data/ is the real one, or `data` (the frozen sample site, sample-site.ts, for the tests of
 * behaviour that name its cities: issue 35).
 */
export async function createTempProject({ data = path.join(projectRoot, "data") }: { data?: string } = {}): Promise<TempProject> {
  const root = await mkdtemp(path.join(os.tmpdir(), "flightsite-test-"));
  const from = (folder: string) => (folder === "data" ? data : path.join(projectRoot, folder));
  await Promise.all(["data", "src", "templates", "client"].map((folder) => cp(from(folder), path.join(root, folder), { recursive: true })));
  await symlink(path.join(projectRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  const dataDir = path.join(root, "data");
  return { root, dataDir, outDir: path.join(root, "dist"), remove: () => rm(root, { recursive: true, force: true }) };
}

/** Replaces `search` in a file of the project once, failing loudly when it is not there. */
export async function editFile(file: string, search: string | RegExp, replacement: string): Promise<void> {
  const text = await readFile(file, "utf8");
  const edited = text.replace(search, replacement);
  if (edited === text) throw new Error(`${file} does not contain ${String(search)}`);
  await writeFile(file, edited);
}
