import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { lambdaBundleOptions } from "../../scripts/build-intake";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Bundles the origin secret's rotation function (src/quote/rotate-origin-secret.ts) into `<outDir>/index.mjs`,
 * exporting `handler`, with the AWS SDK inside (the versions the tests ran), as the other functions are bundled.
 */
export async function bundleOriginSecretRotation(outDir: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(root, "src/quote/rotate-origin-secret.ts")],
    ...lambdaBundleOptions,
    outfile: path.join(outDir, "index.mjs"),
  });
  if (result.errors.length > 0) throw new Error(result.errors.map((e) => e.text).join("\n"));
  return outDir;
}
