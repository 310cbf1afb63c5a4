import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { imagesFolder } from "../content/images";
import { imageFileNames, sourceFileNames } from "../content/load";

/**
 * The SHA-256 of data/ as a build reads it: every YAML file and every photo under images/, by name and bytes, in
 * name order. Two builds with the same digest were made from the same content, whatever the files' times (a fresh
 * clone), which the build target record (`.build-target.json`) shows and the deploy prints.
 */
export async function dataDigest(dataDir: string, names?: readonly string[]): Promise<string> {
  const files = [...(names ?? (await sourceFileNames(dataDir))), ...(await imageFileNames(dataDir)).map((name) => `${imagesFolder}/${name}`)].sort();
  const hash = createHash("sha256");
  // One file at a time: a large site has more files than a process may open at once.
  for (const name of files) hash.update(name).update("\0").update(await readFile(path.join(dataDir, name))).update("\0");
  return hash.digest("hex");
}

/**
 * The commit the project in `root` is at (`git rev-parse HEAD`), else GITHUB_SHA in GitHub Actions, else undefined
 * (a copy outside git). The working tree may hold edits on top of it: the data digest tells those apart.
 */
export function currentCommit(root: string, env: Record<string, string | undefined>): string | undefined {
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 5000 }).trim();
    if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  } catch {
    // not a git checkout, or no git on the machine
  }
  return env.GITHUB_SHA || undefined;
}
