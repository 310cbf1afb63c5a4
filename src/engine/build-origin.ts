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
  // A batch of files at a time: a large site has more files than a process may open at once, and one at a time a
  // large site's build was still reading when its output was committed (each read waits for a turn of this thread's
  // event loop, which renders meanwhile), and its swap waited for the rest.
  for (let at = 0; at < files.length; at += filesReadAtOnce) {
    const batch = files.slice(at, at + filesReadAtOnce);
    const contents = await Promise.all(batch.map((name) => readFile(path.join(dataDir, name))));
    batch.forEach((name, i) => hash.update(name).update("\0").update(contents[i]!).update("\0"));
  }
  return hash.digest("hex");
}

/** How many of data/'s files dataDigest reads at once. */
const filesReadAtOnce = 64;

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
