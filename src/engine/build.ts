import { imageFileNames, sourceFileNames } from "../content/load";
import { imagesFolder } from "../content/images";
import { buildCacheFile, readBuildCache } from "./build-cache";
import { dataDigest } from "./build-origin";
import { codeId } from "./code-id";
import { recordStoreUse, storeFolders } from "./store-use";
import { isShareCardFile } from "../images/share-cards";
import { isPhotoFile } from "../images/photo-file";
import { inputsDigest, outputIntact } from "./up-to-date";
import { renderWorkerLimitsFor, setOptimizationBudgetFor } from "./v8-settings";
import { cityPagesOfFiles, prewarm, renderThreadsForPages } from "../render/pool";
import { stageTimer, type BuildOptions, type BuildResult } from "./stages";

/**
 * Loads, validates, renders, checks and writes the site. Pages are written as they are rendered (on one thread per
 * core for a large site) into a fresh folder beside outDir, and only their links are kept for the check at the
 * end; the folder is swapped in when every link resolves. On any failure the previous outDir is left as it was.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const timer = stageTimer();
  const names = await sourceFileNames(options.dataDir);
  const code = options.cache ? codeId() : undefined;
  const cacheFile = code && buildCacheFile(options.root, options.outDir);
  const stored = cacheFile ? await readBuildCache(cacheFile, code!) : undefined;
  // What the command adds to the sources (the day, a base path, a preview) is part of what the output is made from.
  // (--strict too: a strict build fails on warnings that a build without it would have kept as up to date.)
  const made = code && `${code}
${JSON.stringify([options.builtOn, options.basePath, options.preview, options.strict])}`;
  // The photos under data/images/ are inputs as much as the YAML files that name them.
  const images = code ? (await imageFileNames(options.dataDir)).map((name) => `${imagesFolder}/${name}`) : [];
  const inputs = made && inputsDigest(made, options.root, options.dataDir, [...names, ...images]);
  // Made from the same files by the same code, into an output nobody touched since: the build would write the same bytes.
  const last = stored?.last;
  if (last && last.inputs === inputs && outputIntact(options.outDir, [...stored.files, ...last.others], last.folders)) {
    timer.lap("up-to-date check");
    // Counted as the engine counts them: the share cards and photos apart.
    const reused = stored.files.filter(([name]) => !isShareCardFile(name) && !isPhotoFile(name)).length;
    await recordUse(options);
    return { ...last.summary, upToDate: true, reused, rendered: [], timings: timer.laps, memory: timer.memory };
  }
  // Something changed: the whole cache, with each file's key, links and ids.
  const previous = stored?.whole();
  const cityPages = cityPagesOfFiles(names);
  // Before any code that renders is loaded, here or on a worker.
  setOptimizationBudgetFor(cityPages);
  // A large site's worker starts now, loading React and the templates while this thread loads the stages.
  const threads = options.threads ?? renderThreadsForPages(cityPages);
  const pool = threads > 1 ? prewarm(threads, renderWorkerLimitsFor(cityPages, process.execArgv)) : undefined;
  // Only a build with something to do loads the stages (zod, React, the templates…): the check above starts at once.
  const [{ BuildEngine }, { diskCache, staticRenderer }, { replacedOutput }] = await Promise.all([import("./engine"), import("./engine-parts"), import("../output/write-output")]).catch(
    async (error: unknown) => {
      await pool?.close();
      throw error;
    },
  );
  // Read while the site renders; recorded beside the manifest with what the build is for (.build-target.json).
  const data = dataDigest(options.dataDir, names);
  data.catch(() => {}); // a failure shows when the commit awaits it
  const engine = new BuildEngine(options, {
    cache: code ? diskCache({ root: options.root, file: cacheFile!, code, previous, inputs: inputs! }) : undefined,
    // The folders' times are for the next build's up-to-date check, which only a build with the cache makes.
    output: replacedOutput(options.outDir, { folders: code !== undefined, origin: async () => ({ commit: options.commit ?? null, data: await data }) }),
    renderer: staticRenderer(code ?? ""),
  });
  const { files, bytes, pagesByKind, warnings, contentWarnings, photoWarnings, javascriptGzip, languages, reused, rendered, photos, shareCards } = await engine.run(undefined, { timer, names, threads: pool ?? threads });
  const anyPhotos = photos.encoded + photos.cached > 0;
  await recordUse(options);
  return { files, bytes, pagesByKind, warnings, contentWarnings, photoWarnings, javascriptGzip, languages, reused, rendered, ...(anyPhotos && { photos }), shareCards, timings: timer.laps, memory: timer.memory };
}

// --- internal ---

/**
 * For `flightsite prune`: the cards and photos this output uses stay in .flightsite/ (store-use.ts). A record that
 * cannot be written (a read-only folder) costs at most drawing some cards again after a prune: the build stands.
 */
async function recordUse(options: BuildOptions): Promise<void> {
  await recordStoreUse(storeFolders(options.root), options.outDir).catch(() => undefined);
}
