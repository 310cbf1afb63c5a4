// Small built sites for the deploy tests, written by hand with the manifest the build would leave beside them: a
// deploy reads no more than that, and a real build of data/ takes seconds.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import { buildTargetFile, createManifest, manifestFile, type BuildTarget } from "../../../src/output/manifest";

export interface BuiltSites {
  /**
   * Writes `files` (path → contents), their manifest and the build target record into a new folder; returns the
   * folder. A build of the live site, unless `target` says otherwise (`previewBuild`).
   */
  write(files: Record<string, string>, target?: Partial<BuildTarget>): Promise<string>;
  remove(): Promise<void>;
}

export async function createBuiltSites(): Promise<BuiltSites> {
  const root = await mkdtemp(path.join(os.tmpdir(), "flightsite-sites-"));
  let count = 0;
  return {
    async write(files, target = {}) {
      const folder = path.join(root, `site-${++count}`);
      for (const [file, contents] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
        await writeFile(path.join(folder, file), contents);
      }
      const manifest = createManifest(Object.entries(files).map(([file, contents]) => ({ file, contents })));
      await writeFile(path.join(folder, manifestFile), JSON.stringify(manifest));
      const record: BuildTarget = { basePath: "/", preview: false, commit: null, data: "fixture", ...target };
      await writeFile(path.join(folder, buildTargetFile), JSON.stringify(record));
      return folder;
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** The build target record of a preview for `prefix` ("previews/pr-42/"), as `flightsite build --preview` writes it. */
export function previewBuild(prefix: string): Partial<BuildTarget> {
  return { basePath: `/${prefix.replace(/^\/+|\/+$/g, "")}/`, preview: true };
}

/** A two-page site whose pages name the script `assets/client.<hash>.js`. */
export function siteWithScript(hash: string, extra: Record<string, string> = {}): Record<string, string> {
  const script = `assets/client.${hash}.js`;
  return {
    "index.html": `<script src="/${script}"></script>home`,
    "about/index.html": `<script src="/${script}"></script>about`,
    [script]: `console.log("${hash}")`,
    "sitemap.xml": "<urlset/>",
    ...extra,
  };
}

/** Adds to `events` one line per S3 request the client sends, in order: "PutObject about/index.html". */
export function recordRequests(client: S3Client, events: string[]): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: string; Delete?: { Objects?: { Key?: string }[] } };
      const keys = input.Key ?? input.Delete?.Objects?.map((o) => o.Key).join(" ") ?? "";
      events.push(`${context.commandName?.replace(/Command$/, "")} ${keys}`.trim());
      return next(args);
    },
    { step: "initialize" },
  );
}

/** The requests of `recordRequests` without those for the deploy lock, which come first and last in every deploy. */
export function withoutLock(events: string[]): string[] {
  return events.filter((event) => !event.endsWith(" .deploy-lock.json"));
}
