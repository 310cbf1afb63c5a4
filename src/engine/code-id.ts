import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "../render/code-location";

/**
 * A hash of the code that renders pages in this process: every file of src/, templates/ and client/ of the
 * flightsite package it runs from (`root`), and package-lock.json (a React update may change the markup). A build
 * cache made by other code is not used. Documentation beside the code (each folder's README.md) is not code: editing
 * it keeps the cache. Reading them takes a few milliseconds.
 */
export function codeId(root = packageRoot): string {
  const hash = createHash("sha1");
  for (const folder of ["src", "templates", "client"]) {
    const entries = readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith(".md"))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of entries) hash.update(path.relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  try {
    hash.update(readFileSync(path.join(root, "package-lock.json")));
  } catch {
    // Installed without a lockfile: the sources alone.
  }
  return hash.digest("base64url");
}
