import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { bundleClient } from "./client-bundle";
import { loadSourceFiles } from "../content/load";
import { validateContent } from "../content/validate";
import { generateDocuments } from "../documents/generate";
import { LinkError } from "../errors";
import { findBrokenLinks } from "./link-check";
import { episodesWithoutAudio, podcastFeedUrl } from "../site/podcast";
import { renderInParallel, renderThreadsFor } from "../render/parallel";
import type { RenderedFile } from "../render/share";
import type { AssetUrls, Download, OutputFile, PageKind, SiteContent } from "../content/types";
import { manifestOutput } from "./manifest";
import { writeOutput } from "./write-output";

export interface BuildOptions {
  /** The project root: holds client/ and templates/. */
  root: string;
  dataDir: string;
  outDir: string;
  /** The feed's lastBuildDate; default: now. */
  buildDate?: Date;
  /** Threads to render with; default: one per core for a large site, else one (see src/render/parallel.ts). */
  threads?: number;
}

export interface BuildResult {
  content: SiteContent;
  files: OutputFile[];
  pagesByKind: Partial<Record<PageKind, number>>;
  bytes: number;
  /** Things an editor may want to fix that do not stop the build, one line each. */
  warnings: string[];
  /** Gzipped JavaScript a page loads: every page, and a page with a quote form. */
  javascriptGzip?: { everyPage: number; withForm: number };
  /** Milliseconds per stage. */
  timings: Record<"load" | "validate" | "bundle" | "documents" | "render" | "check" | "write", number>;
}

/**
 * Every route of validated content rendered to output files, without touching the disk; pages carry the links
 * found on them for the link check. A large site is rendered on several threads (`threads`; default: one per core
 * from a thousand city and destination pages up, see src/render/parallel.ts); the output is the same either way.
 */
export async function renderSite(
  content: SiteContent,
  assets: AssetUrls,
  buildDate: Date,
  downloads: Download[],
  threads = renderThreadsFor(content),
): Promise<{ output: RenderedFile[]; pagesByKind: BuildResult["pagesByKind"]; warnings: string[] }> {
  const output = await renderInParallel({ content, assets, buildDate, downloads }, threads);
  const pagesByKind: BuildResult["pagesByKind"] = {};
  for (const { pageKind } of output) if (pageKind) pagesByKind[pageKind] = (pagesByKind[pageKind] ?? 0) + 1;
  return { output, pagesByKind, warnings: siteWarnings(content) };
}

/**
 * What the build reports without failing: quotes that go nowhere (`quote.delivery: console`), and episodes left
 * out of the feed because they have no audio yet.
 */
export function siteWarnings(content: SiteContent): string[] {
  return [
    ...(content.site.quote.delivery === "console" ? [consoleDeliveryWarning] : []),
    ...episodesWithoutAudio(content.episodes).map(
      (episode) =>
        `episode "${episode.slug}" has no audio_url yet, so ${podcastFeedUrl} leaves it out (its page says the audio is coming)`,
    ),
  ];
}

/** Printed on every build of a site whose quotes go nowhere: a lead lost is the worst thing the site can do. */
export const consoleDeliveryWarning =
  "quote.delivery is console in data/site.yaml: quote requests are only written to the visitor's browser console and reach no one; remove it (quotes then go to /api/quote) before the site goes live";

/** Loads, validates, renders, checks and writes the site. On any failure the previous outDir is left as it was. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const timer = stageTimer();
  const sources = await loadSourceFiles(options.dataDir, options.root);
  timer.lap("load");
  const bundle = await bundleClient({ root: options.root });
  timer.lap("bundle");
  const content = validateContent(sources);
  timer.lap("validate");
  // The downloads come before the pages: their links show each file's size.
  const downloads = await generateDocuments(content);
  timer.lap("documents");
  const { output, pagesByKind, warnings } = await renderSite(content, bundle.assets, options.buildDate ?? new Date(), downloads, options.threads);
  timer.lap("render");
  const staticFiles = await loadStaticFiles(path.join(options.root, "templates/static"));
  const files = [...output, ...downloads, ...bundle.files, ...staticFiles];
  // Render everything and check every link before writing anything: a failed build leaves the last good dist/.
  const broken = findBrokenLinks(files, content.site.baseUrl);
  if (broken.length > 0) throw new LinkError(broken, path.relative(options.root, options.outDir).split(path.sep).join("/") || ".");
  timer.lap("check");
  await writeOutput(options.outDir, [...files, manifestOutput(files)]);
  timer.lap("write");
  const bytes = files.reduce((sum, f) => sum + (typeof f.contents === "string" ? Buffer.byteLength(f.contents) : f.contents.byteLength), 0);
  return {
    content,
    files,
    pagesByKind,
    bytes,
    warnings,
    javascriptGzip: bundle.javascriptGzip,
    timings: timer.laps as BuildResult["timings"],
  };
}

/** Files copied into the site as they are (templates/static/: the favicon…), named relative to `dir`. */
export async function loadStaticFiles(dir: string): Promise<OutputFile[]> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    names
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const absolute = path.join(entry.parentPath, entry.name);
        return { file: path.relative(dir, absolute).split(path.sep).join("/"), contents: await readFile(absolute) };
      }),
  );
}

// --- internal ---

function stageTimer() {
  let last = performance.now();
  const laps: Record<string, number> = {};
  return {
    laps,
    lap(name: string) {
      const now = performance.now();
      laps[name] = Math.round(now - last);
      last = now;
    },
  };
}
