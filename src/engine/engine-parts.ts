import { createHash } from "node:crypto";
import { BuildCacheWriter, cachedClientBundle, cachedDocuments, documentsInput, type BuildCache } from "./build-cache";
import type { ClientBundle } from "./client-bundle";
import type { LastBuild, CachedFile } from "./build-cache";
import type { SiteOutput } from "../output/write-output";
import { projectPhotoStore, type PhotoStore } from "../images/photo-store";
import type { CardStore } from "../images/share-cards";
import type { CardCodeSource } from "../images/card-code";
import { renderNonPage, renderPage } from "../render/render-route";
import type { Renderer } from "../render/renderer-bundle";
import { cityRoutes, createRoutes, listedCity } from "../site/routes";
import type { Download, SiteContent } from "../content/types";

// The parts of the build engine (engine.ts) its drivers choose between: the cache on disk or in memory, and the
// renderer this process imported. (The outputs are in write-output.ts; the renderer loaded again after each edit is
// the dev server's, in src/serve/dev-build.ts.)

/**
 * What differs between the engine's drivers, passed in: where the renders of the last good output are remembered,
 * how the output reaches outDir, and the code that renders.
 */
export interface EngineParts {
  /** Undefined: nothing is remembered, every file is rendered (a build without the cache). */
  cache: RenderCache | undefined;
  output: SiteOutput;
  renderer: RendererSource;
  /** Where share cards drawn before are kept: .flightsite/cards/ beside the flightsite code when left out (share-cards.ts). */
  cards?: CardStore;
  /** The code that draws share cards: the one this process imported when left out (src/images/card-code.ts). */
  cardCode?: CardCodeSource;
}

/**
 * Where the engine remembers what it rendered, so that the next run renders only what changed: on disk for
 * `flightsite build` (.flightsite/build-cache/, read by the next process), in memory for `serve --watch`.
 */
export interface RenderCache {
  /**
   * Each file of the last good output rendered from a route, by name: the key it was rendered from, its size, SHA-256,
   * time on disk (when the output was written whole), page kind, and the links and ids the link check needs. A cache
   * kept in memory brings it up to date as each run's record is saved.
   */
  readonly files: BuildCache;
  /**
   * Whether the data files read, and their parse results, are kept from one run to the next (a process that runs again
   * after each save): a run then reads and checks again only the files that changed. Otherwise each run reads every
   * file once, parses on the render threads too, and lets the text go once the content is made.
   */
  readonly keepsSources: boolean;
  /** The browser script and stylesheet of `root`. */
  clientBundle(root: string): Promise<ClientBundle>;
  /** The case-manager downloads made from `content`. */
  documents(content: SiteContent): Promise<Download[]>;
  /** Where a run puts each file of its output as it comes, saved once the output is in place. */
  record(): CacheRecord;
  /** Where encoded photos are kept (src/images/photo-store.ts); undefined: in memory, for this process only. */
  readonly photos?: PhotoStore;
}

/** A run's files, taken as they come (`add`, `keep`), remembered as the last good output by `save`. */
export interface CacheRecord {
  add(name: string, file: CachedFile): void;
  /** Files of the last output kept as they are, as `from` knows them. */
  keep(names: readonly string[], from: BuildCache): void;
  /** Once the output is in place: the files added and kept, `gone` no longer. */
  save(last: Omit<LastBuild, "inputs">, gone: readonly string[]): Promise<void>;
}

/** The code that renders: the one this process imported (`flightsite build`), or one loaded again after each edit. */
export interface RendererSource {
  /** The renderer for the next run; `previous` when its code did not change. */
  load(previous: Renderer | undefined): Promise<Renderer>;
  /** What a route's or template's exception becomes when rendering on this thread (a TemplateError with its place). */
  templateError(error: unknown, doing: string): unknown;
}

/**
 * `flightsite build`'s cache: the renders of the last good output of `outDir` as `file` (src/engine/build-cache.ts)
 * holds them (`previous`, read by build.ts to decide whether anything changed), saved there again once the new
 * output is in place; the browser bundle and the downloads come from .flightsite/build-cache/ too. `inputs`: the
 * digest of what this build is made from (src/engine/up-to-date.ts), stored for the next build's check.
 */
export function diskCache({ root, file, code, previous, inputs }: { root: string; file: string; code: string; previous: BuildCache | undefined; inputs: string }): RenderCache {
  return {
    files: previous ?? new Map(),
    keepsSources: false,
    photos: projectPhotoStore(root),
    clientBundle: () => cachedClientBundle(root, code),
    documents: (content) => cachedDocuments(root, code, content),
    // The files are put in stored form as they come, while the threads still render: after the swap only the
    // writing is left (the build's last step, when no thread has anything left to do).
    record() {
      const writer = new BuildCacheWriter();
      return {
        add: (name, cached) => writer.add(name, cached),
        keep: (names, from) => names.forEach((name) => writer.add(name, from.get(name)!)),
        save: (last) => writer.save(file, code, { inputs, ...last }),
      };
    },
  };
}

/**
 * The dev server's cache: the renders, the data files and their parse results kept in this process between saves.
 * The downloads are made again only when what they are made from changed. With `root`, encoded photos are kept in its
 * .flightsite/photos/, as a build keeps them.
 */
export function memoryCache(root?: string): RenderCache {
  let downloads: { key: string; files: Download[] } | undefined;
  const files: BuildCache = new Map();
  return {
    // What the engine knows of its last output, between runs: the same map, brought up to date.
    files,
    keepsSources: true,
    photos: root === undefined ? undefined : projectPhotoStore(root),
    // Loaded when first needed, as `flightsite build` does: esbuild and the PDF and Word libraries are not light.
    async clientBundle(root: string): Promise<ClientBundle> {
      return (await import("./client-bundle")).bundleClient({ root });
    },
    async documents(content: SiteContent): Promise<Download[]> {
      const key = createHash("sha1").update(documentsInput(content)).digest("base64url");
      if (downloads?.key !== key) downloads = { key, files: await (await import("../documents/generate")).generateDocuments(content) };
      return downloads.files;
    },
    record() {
      const added: BuildCache = new Map();
      return {
        add: (name, file) => void added.set(name, file),
        keep() {}, // kept files are here already
        async save(_last, gone) {
          for (const name of gone) files.delete(name);
          for (const [name, file] of added) files.set(name, file);
        },
      };
    },
  };
}

/** No cache (`flightsite build --no-cache`, tests): nothing remembered, every file rendered, nothing saved. */
export function noCache(): RenderCache {
  return { ...memoryCache(), keepsSources: false, record: () => ({ add() {}, keep() {}, save: async () => {} }) };
}

/**
 * The routes and templates this process imported, as `flightsite build` renders them (its render threads import the
 * same modules); `code` is the id of that code (src/engine/code-id.ts), which every route's key includes.
 */
export function staticRenderer(code: string): RendererSource {
  const renderer: Renderer = { id: code, createRoutes, cityRoutes, listedCity, renderPage, renderNonPage };
  return { load: async () => renderer, templateError: (error) => error };
}
