// Issue 38: data/'s digest is read a batch of files at a time (one at a time, a 10,000-city build's swap waited for
// it); the digest stays the same: every file by name and bytes, in name order.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dataDigest } from "../../../src/engine/build-origin";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "flightsite-build-origin-"));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** The digest as the build target record defines it, file by file. */
function expected(files: [name: string, text: string][]): string {
  const hash = createHash("sha256");
  for (const [name, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(name).update("\0").update(text).update("\0");
  return hash.digest("hex");
}

describe("the data digest of a build target record", () => {
  it("hashes every file by name and bytes in name order, across more files than are read at once", async () => {
    await mkdir(path.join(dataDir, "cities"));
    const files: [string, string][] = [["site.yaml", "name: Site\n"]];
    for (let i = 0; i < 150; i++) files.push([`cities/city-${String(i).padStart(3, "0")}.yaml`, `slug: city-${i}\ncityName: "Ciudad ${i} é"\n`]);
    for (const [name, text] of files) await writeFile(path.join(dataDir, name), text);
    expect(await dataDigest(dataDir)).toBe(expected(files));
    // Given the names in another order (as the build lists them), the digest is the same.
    expect(await dataDigest(dataDir, files.map(([name]) => name).reverse())).toBe(expected(files));
  });

  it("changes when one file's bytes change", async () => {
    await writeFile(path.join(dataDir, "site.yaml"), "name: Site\n");
    const before = await dataDigest(dataDir);
    await writeFile(path.join(dataDir, "site.yaml"), "name: Site!\n");
    expect(await dataDigest(dataDir)).not.toBe(before);
  });
});
