// npm run build:intake: the intake function (src/quote/lambda.ts) as one ES module for AWS Lambda's Node 20
// runtime, build/intake/index.mjs exporting `handler`, and the same folder zipped as build/intake.zip.
//
// The AWS SDK is bundled rather than left to the runtime's copy: the code runs with the SDK versions the tests ran
// with (the store relies on PutObject's If-None-Match, which older SDKs silently drop), and the runtime's copy
// changes when AWS updates it. It costs about a megabyte of zip and a little cold-start time.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { zipSync } from "fflate";
import { parseDataFile } from "../src/content/parse";
import { SiteConfig } from "../src/content/schema";
import { quoteApiPath } from "../src/content/urls";
import { ContentError, formatContentError } from "../src/errors";

export interface IntakeBuild {
  /** build/intake/index.mjs. */
  file: string;
  zip: string;
  bytes: { bundle: number; zip: number };
}

/** Bundles the intake function with the site's phone number (for the page a refused form post gets) from data/site.yaml. */
export async function buildIntake({ root, dataDir = path.join(root, "data"), outDir = path.join(root, "build") }: { root: string; dataDir?: string; outDir?: string }): Promise<IntakeBuild> {
  const siteFile = path.join(dataDir, "site.yaml");
  const result = parseDataFile({ path: path.relative(root, siteFile), text: await readFile(siteFile, "utf8") }, SiteConfig);
  if (!result.ok) throw new ContentError(result.problems);
  const site = { path: quoteApiPath, phone: result.parsed.data.phone };

  const folder = path.join(outDir, "intake");
  await rm(folder, { recursive: true, force: true });
  const bundled = await build({
    stdin: {
      contents: `import { createLambdaHandler } from "./src/quote/lambda";\nexport const handler = createLambdaHandler(${JSON.stringify(site)});\n`,
      resolveDir: root,
      loader: "ts",
      sourcefile: "intake-entry.ts",
    },
    bundle: true,
    platform: "node",
    // Lambda runs it on Node 24 (infra/lib/quote-intake.ts); Node 20's syntax, so that the tests run it here too.
    target: "node20",
    format: "esm",
    // Prefer the packages' ES module builds; the banner gives the CommonJS ones left a `require` for Node's modules.
    mainFields: ["module", "main"],
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    // Minified for a small zip and a quick cold start; names kept, so a stack trace in the logs still says where.
    minify: true,
    keepNames: true,
    legalComments: "none",
    outfile: path.join(folder, "index.mjs"),
    logLevel: "silent",
  });
  if (bundled.errors.length > 0) throw new Error(bundled.errors.map((e) => e.text).join("\n"));

  const file = path.join(folder, "index.mjs");
  const code = await readFile(file);
  // A fixed date: the same sources make the same zip, so a deploy can tell when the code did not change.
  const zip = zipSync({ "index.mjs": [code, { mtime: new Date("2000-01-01T00:00:00Z") }] }, { level: 9 });
  const zipFile = path.join(outDir, "intake.zip");
  await mkdir(outDir, { recursive: true });
  await writeFile(zipFile, zip);
  return { file, zip: zipFile, bytes: { bundle: code.byteLength, zip: zip.byteLength } };
}

// --- internal ---

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
  try {
    const built = await buildIntake({ root });
    const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
    console.log(`wrote build/intake/index.mjs (${kb(built.bytes.bundle)}) and build/intake.zip (${kb(built.bytes.zip)})`);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`${formatContentError(error)}\nNothing was built: the function shows the site's phone number, so data/site.yaml must be valid.`);
    process.exitCode = 1;
  }
}
