import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Bundles the origin secret's rotation function (src/quote/rotate-origin-secret.ts) into `<outDir>/index.mjs`,
 * exporting `handler`, with the AWS SDK inside (the versions the tests ran), as the other functions are bundled.
 */
export async function bundleOriginSecretRotation(outDir: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(root, "src/quote/rotate-origin-secret.ts")],
    bundle: true,
    platform: "node",
    // Node 20's syntax, so that the tests could run it here; Lambda runs it on Node 24.
    target: "node20",
    format: "esm",
    mainFields: ["module", "main"],
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    minify: true,
    keepNames: true,
    legalComments: "none",
    outfile: path.join(outDir, "index.mjs"),
    logLevel: "silent",
  });
  if (result.errors.length > 0) throw new Error(result.errors.map((e) => e.text).join("\n"));
  return outDir;
}
