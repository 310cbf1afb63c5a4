import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { loadSourceFiles } from "../content/load";
import { schemaForFile, validateContent } from "../content/validate";
import { LinkError } from "../errors";
import { BuildCacheWriter, cachedClientBundle, cachedDocuments, type BuildCache, type BuildSummary, type LastBuild } from "./build-cache";
import type { BuildOptions, BuildResult, StageTimer } from "./build";
import { LinkCheck } from "./link-check";
import { episodesWithoutAudio, podcastFeedUrl } from "../site/podcast";
import { OutputFolder } from "../render/output-folder";
import { RenderThreads, renderInParallel } from "../render/parallel";
import type { RenderThread } from "../render/threads";
import { parseDataFile, parsedElsewhere } from "../content/parse";
import { renderShare, type RenderedFile } from "../render/share";
import { pageText } from "../render/render-route";
import type { AssetUrls, Download, OutputFile, PageKind, SiteContent, SourceFile } from "../content/types";
import type { z } from "zod";
import type { ParseResult } from "../content/parse";
import { manifestFile, manifestOf, type ManifestEntry } from "./manifest";
import { writeAtomically } from "./write-output";

/**
 * Every route of validated content rendered to output files in memory, on this thread, with the links found on
 * each (for tests, and for anything that wants a site without a folder; the build itself streams to disk).
 */
export function renderSite(
  content: SiteContent,
  assets: AssetUrls,
  downloads: Download[],
): { output: (OutputFile & RenderedFile)[]; pagesByKind: BuildResult["pagesByKind"]; warnings: string[] } {
  const output = [...renderShare({ content, assets, downloads }, { index: 0, count: 1 })].flatMap((item) => {
    if ("reused" in item) return [];
    const { output } = item;
    const contents = "pieces" in output ? pageText(output) : output.contents;
    return [{ ...item.rendered, file: output.file, contents }];
  });
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

/**
 * The build once it has something to do (build.ts decided, and started the worker threads of a large site, which
 * get their share of parsing as soon as the data is read).
 */
export async function buildSite({ threads: { count, started }, ...run }: Omit<BuildRun, "threads"> & { threads: { count: number; started: RenderThread[] } }): Promise<BuildResult> {
  const threads = count > 1 ? new RenderThreads(count, started) : undefined;
  try {
    return await buildFrom({ ...run, threads });
  } finally {
    await threads?.close();
  }
}

/** What one build works with besides its options: the data files' names, its threads, and its cache. */
interface BuildRun {
  options: BuildOptions;
  names: string[];
  threads: RenderThreads | undefined;
  timer: StageTimer;
  cache?: { code: string; file: string; previous: BuildCache | undefined; inputs: string };
}

async function buildFrom({ options, names, threads, timer, cache: buildCache }: BuildRun): Promise<BuildResult> {
  const code = buildCache?.code;
  const cacheFile = buildCache?.file;
  const previous = buildCache?.previous;
  const inputs = buildCache?.inputs;
  const bundling = code ? cachedClientBundle(options.root, code) : import("./client-bundle").then(({ bundleClient }) => bundleClient({ root: options.root }));
  bundling.catch(() => {}); // awaited below, after validation: a content mistake is reported first
  const content = await loadContent(options, names, threads, timer);
  const bundle = await bundling;
  timer.lap("bundle");
  // The downloads come before the pages: their links show each file's size.
  const downloads = code ? await cachedDocuments(options.root, code, content) : await (await import("../documents/generate")).generateDocuments(content);
  timer.lap("documents");
  const staticFiles = await loadStaticFiles(path.join(options.root, "templates/static"));
  // The next build's cache, filled as the files come (the threads still render meanwhile), saved after the swap.
  const nextCache = new BuildCacheWriter();
  const pagesByKind: BuildResult["pagesByKind"] = {};
  let files = 0;
  let bytes = 0;
  let reused = 0;
  const renderedFiles: string[] = [];
  // Every file's size and SHA-256 as it is written (or, for a linked one, as the cache knows it): the deploy's manifest.
  const written = new Map<string, Pick<ManifestEntry, "sha256" | "size">>();
  // The files not rendered from a route, with their size and time on disk, for the next build's up-to-date check.
  const others: LastBuild["others"] = [];
  await writeAtomically(options.outDir, async (fresh, previousDir) => {
    const check = new LinkCheck(content.site.baseUrl);
    const folder = new OutputFolder(fresh);
    for (const file of [...downloads, ...bundle.files, ...staticFiles]) {
      const { bytes: size, sha256, mtimeMs } = folder.write(file.file, file.contents);
      written.set(file.file, { sha256, size });
      others.push([file.file, size, mtimeMs]);
      bytes += size;
      files++;
      check.addFile(file.file);
    }
    // The render threads get only what they compare with: each file's key and stamp, not its links.
    const stamps = previous && previousDir ? new Map([...previous].map(([name, { key, bytes, mtimeMs }]) => [name, { key, bytes, mtimeMs }])) : undefined;
    const cache = code ? { codeId: code, previousDir, previous: stamps } : undefined;
    await renderInParallel({ content, assets: bundle.assets, downloads, cache }, threads ?? 1, fresh, (rendered) => {
      for (const item of rendered) {
        let file: RenderedFile;
        if ("reused" in item) {
          reused++;
          file = { file: item.file, ...previous!.get(item.file)! };
        } else {
          renderedFiles.push(item.file);
          file = item;
        }
        bytes += file.bytes;
        files++;
        written.set(file.file, { sha256: file.sha256!, size: file.bytes });
        if (file.pageKind) pagesByKind[file.pageKind] = (pagesByKind[file.pageKind] ?? 0) + 1;
        if (file.found) check.addFound(file.file, file.found);
        else check.addFile(file.file);
        if (code) nextCache.add(file.file, { key: file.key!, bytes: file.bytes, sha256: file.sha256!, mtimeMs: file.mtimeMs!, pageKind: file.pageKind, found: file.found });
      }
    });
    timer.lap("render");
    const broken = check.broken();
    timer.lap("check");
    if (broken.length > 0) throw new LinkError(broken, path.relative(options.root, options.outDir).split(path.sep).join("/") || ".");
    const manifest = folder.write(manifestFile, `${JSON.stringify(manifestOf(written), null, 1)}\n`);
    others.push([manifestFile, manifest.bytes, manifest.mtimeMs]);
  });
  const summary: BuildSummary = { files, bytes, pagesByKind: sortedByKind(pagesByKind), warnings: siteWarnings(content), javascriptGzip: bundle.javascriptGzip };
  // Only once the new output is in place does the cache describe it.
  if (cacheFile) await nextCache.save(cacheFile, code!, { inputs: inputs!, summary, others });
  timer.lap("swap");
  return { ...summary, reused, rendered: renderedFiles, timings: timer.laps };
}

/**
 * The data files read and validated, on the threads too when there are some. A function of its own, so that the
 * files' text (40 MB at 10,000 cities) is let go once the content is made, not held until the build ends.
 */
async function loadContent(options: BuildOptions, names: string[], threads: RenderThreads | undefined, timer: StageTimer): Promise<SiteContent> {
  const sources = await loadSourceFiles(options.dataDir, options.root, names);
  timer.lap("load");
  const content = validateContent(sources, threads ? await parseOnThreads(threads, sources) : undefined);
  timer.lap("validate");
  return content;
}

/**
 * validateContent's `parse`, with the data files parsed here and on the threads at once, in chunks each takes in
 * turn: parsing is most of validating a large site, and the threads are idle until rendering. This thread parses a
 * chunk, then lets the threads' replies in and hands them new chunks, until none are left; on a small site the
 * threads are hardly started by then, and this thread has parsed nearly everything itself.
 */
async function parseOnThreads(threads: RenderThreads, sources: SourceFile[]): Promise<typeof parseDataFile> {
  const chunks: SourceFile[][] = [];
  for (let i = 0; i < sources.length; i += parseChunk) chunks.push(sources.slice(i, i + parseChunk));
  const elsewhere = threads.parse(() => chunks.shift());
  // Each file's schema is the one validateContent will give it.
  const here = new Map<string, ParseResult<unknown>>();
  for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
    for (const file of chunk) {
      const schema = schemaForFile(file.path);
      if (schema) here.set(file.path, parseDataFile(file, schema));
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  const outcomes = await elsewhere;
  return <T>(file: SourceFile, schema: z.ZodType<T>): ParseResult<T> => {
    const parsed = here.get(file.path);
    if (parsed) return parsed as ParseResult<T>;
    const outcome = outcomes.get(file.path);
    if (!outcome) return parseDataFile(file, schema);
    return outcome.ok ? { ok: true, parsed: parsedElsewhere(file, outcome.data as T) } : outcome;
  };
}

/** Files per chunk of parsing: some tens of milliseconds of work. */
const parseChunk = 64;

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

/** Page counts in the order the kinds first appear in a site's routes, whichever thread finished first. */
function sortedByKind(counts: BuildResult["pagesByKind"]): BuildResult["pagesByKind"] {
  const order: PageKind[] = ["home", "cities", "page", "contact", "case-managers", "thank-you", "case-manager-document", "podcast", "episode", "city", "destination", "not-found"];
  return Object.fromEntries(order.filter((kind) => counts[kind] !== undefined).map((kind) => [kind, counts[kind]]));
}
