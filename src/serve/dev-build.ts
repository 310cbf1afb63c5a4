import path from "node:path";
import type { Changes, EngineOptions } from "../engine/stages";
import { BuildEngine } from "../engine/engine";
import { memoryCache, type EngineParts, type RendererSource } from "../engine/engine-parts";
import { updatedOutput } from "../output/write-output";
import { loadRenderer, templateErrorFromException } from "../render/renderer-bundle";
import { reloadedCardCode } from "../images/card-code-bundle";
import type { SiteContent } from "../content/types";

/** The dev server's build: the engine's options, with the dev server's quote endpoint (its cache is always in memory). */
export type DevBuildOptions = EngineOptions;

export interface RebuildResult {
  /** Output files written, relative to outDir. */
  written: string[];
  /** Output files deleted, relative to outDir. */
  removed: string[];
  milliseconds: number;
  /** Threads the pages were rendered on: more than one only for the first build of a large site. */
  threads: number;
  /** With `cardsFollow`, settles once the share cards this rebuild left to draw are stored: rebuild then to put them in. */
  cardsFollowing?: Promise<void>;
}

/**
 * `serve --watch`'s side of the build engine (src/engine/engine.ts), kept between saves: the renders, the data files
 * and their parse results in memory, the output updated in place, and the templates loaded again after an edit
 * (src/render/renderer-bundle.ts, and the share card's: src/images/card-code.ts) so that it takes effect. It tells the engine which parts a save changed.
 */
export class DevBuild {
  readonly #engine: BuildEngine;
  /** The content of the last successful rebuild. */
  content: SiteContent | undefined;

  /** `cards`: where share cards drawn before are kept (the engine's default when left out; tests give their own). */
  constructor(
    readonly options: DevBuildOptions,
    { cards }: Pick<EngineParts, "cards"> = {},
  ) {
    const parts = {
      cache: memoryCache(options.root),
      output: updatedOutput(options.outDir),
      renderer: reloadedRenderer(options.root),
      // Share cards are drawn with the card's template as it is now, as the pages are rendered with theirs.
      cardCode: reloadedCardCode(options.root),
      cards,
    };
    this.#engine = new BuildEngine(options, parts);
  }

  /**
   * Rebuilds after `changed` files (absolute paths; every file that changed, as a watcher reports them) changed, or
   * after anything changed when `changed` is left out (data/ is then listed again), and writes the difference into
   * outDir. Throws ContentError, LinkError or TemplateError and writes nothing when the sources have a mistake; the
   * output folder then keeps the last good build. With `cardsFollow` (a save), a page whose share card is not in the
   * store yet is written at once, its card drawn meanwhile (`cardsFollowing`) and put in by the next rebuild.
   */
  async rebuild(changed?: string[], { cardsFollow = false } = {}): Promise<RebuildResult> {
    const started = performance.now();
    const result = await this.#engine.run(changed && this.#changesOf(changed), { cardsFollow });
    this.content = result.content;
    const milliseconds = Math.round(performance.now() - started);
    return { written: result.written, removed: result.removed, milliseconds, threads: result.threads, cardsFollowing: result.cardsFollowing };
  }

  /** Which part of the project a changed file belongs to, or undefined for a file the site is not built from. */
  partOf(file: string): "data" | "templates" | "styles" | "static" | "client" | undefined {
    const { root, dataDir } = this.options;
    const inside = (folder: string) => !path.relative(folder, file).startsWith("..") && !path.isAbsolute(path.relative(folder, file));
    if (inside(dataDir)) return "data";
    if (inside(path.join(root, "templates/styles"))) return "styles";
    if (inside(path.join(root, "templates/static"))) return "static";
    if (inside(path.join(root, "templates"))) return "templates";
    if (inside(path.join(root, "client"))) return "client";
    return undefined;
  }

  // --- internal ---

  #changesOf(files: string[]): Changes {
    const changes: Changes = { data: [] };
    for (const file of files) {
      const part = this.partOf(file);
      if (part === "data") changes.data.push(file);
      else if (part === "client") changes.client = changes.renderer = true; // islands render on the server too
      else if (part === "templates") changes.renderer = true;
      else if (part === "styles") changes.client = true;
      else if (part === "static") changes.staticFiles = true;
    }
    return changes;
  }
}

// --- internal ---

/** The routes and templates of `root`, bundled and imported again whenever their code changed. */
function reloadedRenderer(root: string): RendererSource {
  return {
    load: (previous) => loadRenderer(root, previous),
    templateError: (error, doing) => templateErrorFromException(error, root, doing),
  };
}
