// npm run build:intake: the quote intake's three AWS Lambda functions (src/quote/lambda.ts), each one ES module
// exporting `handler` in its own folder under .flightsite/lambda/: intake/, notifier/ and reconcile/index.mjs.
// What they know of the site (its origin, phone number, quote path and quote.notice.fields) is baked in from
// data/site.yaml; everything about the AWS account comes from their environment.
//
// The AWS SDK is bundled rather than left to the runtime's copy: the code runs with the SDK versions the tests ran
// with (the store relies on PutObject's If-None-Match, which older SDKs silently drop), and the runtime's copy
// changes when AWS updates it.
import { readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type BuildOptions } from "esbuild";
import { parseDataFile } from "../src/content/parse";
import { SiteConfig } from "../src/content/schema";
import { quoteApiPath } from "../src/content/urls";
import { ContentError, formatContentError } from "../src/errors";
import type { LambdaSite } from "../src/quote/lambda";

/** The folder of each function, each holding index.mjs. */
export interface LambdaBundles {
  intake: string;
  notifier: string;
  reconcile: string;
}

/** Bundles the three functions with what they know of the site from data/site.yaml; resolves to their folders. */
export async function buildLambdas({
  root,
  dataDir = path.join(root, "data"),
  outDir = path.join(root, ".flightsite", "lambda"),
}: {
  root: string;
  dataDir?: string;
  outDir?: string;
}): Promise<LambdaBundles> {
  const siteFile = path.join(dataDir, "site.yaml");
  const result = parseDataFile({ path: path.relative(root, siteFile), text: await readFile(siteFile, "utf8") }, SiteConfig);
  if (!result.ok) throw new ContentError(result.problems);
  const config = result.parsed.data;
  const site: LambdaSite = { origin: config.baseUrl, basePath: config.basePath, path: quoteApiPath, phone: config.phone, noticeFields: config.quote.notice?.fields ?? [], urgentNumbers: config.quote.urgent ?? [] };

  const entries: Record<keyof LambdaBundles, string> = {
    intake: `createIntakeHandler(${JSON.stringify(site)})`,
    notifier: `createNotifierHandler(${JSON.stringify({ noticeFields: site.noticeFields, urgentNumbers: site.urgentNumbers })})`,
    reconcile: "createReconcileHandler()",
  };
  const folders = {} as LambdaBundles;
  for (const [name, call] of Object.entries(entries) as [keyof LambdaBundles, string][]) {
    const folder = path.join(outDir, name);
    await rm(folder, { recursive: true, force: true });
    const handler = call.slice(0, call.indexOf("("));
    const bundled = await build({
      stdin: {
        contents: `import { ${handler} } from "./src/quote/lambda";\nexport const handler = ${call};\n`,
        resolveDir: root,
        loader: "ts",
        sourcefile: `${name}-entry.ts`,
      },
      ...lambdaBundleOptions,
      outfile: path.join(folder, "index.mjs"),
    });
    if (bundled.errors.length > 0) throw new Error(bundled.errors.map((e) => e.text).join("\n"));
    folders[name] = folder;
  }
  return folders;
}

/** How every Lambda function of the stack is bundled: one ES module with its packages, the AWS SDK included. */
export const lambdaBundleOptions = {
  bundle: true,
  platform: "node",
  // Lambda runs it on Node 22 or later (infra/); Node 20's syntax, so that the tests run it here too.
  target: "node20",
  format: "esm",
  // Prefer the packages' ES module builds; the banner gives the CommonJS ones left a `require` for Node's modules.
  mainFields: ["module", "main"],
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
  // Minified for a small package and a quick cold start; names kept, so a stack trace in the logs still says where.
  minify: true,
  keepNames: true,
  legalComments: "none",
  logLevel: "silent",
} satisfies BuildOptions;

// --- internal ---

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
  try {
    const built = await buildLambdas({ root });
    for (const [name, folder] of Object.entries(built)) {
      const { size } = await stat(path.join(folder, "index.mjs"));
      console.log(`wrote ${path.relative(root, folder)}/index.mjs (${Math.round(size / 1024)} KB): the ${name} function`);
    }
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`${formatContentError(error)}\nNothing was built: the functions carry the site's address and phone number, so data/site.yaml must be valid.`);
    process.exitCode = 1;
  }
}
