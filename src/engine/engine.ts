import { hash } from "node:crypto";
import path from "node:path";
import { ContentError, LinkError } from "../errors";
import { LinkCheck, linksOf, type BrokenLink } from "./link-check";
import { manifestFile, manifestOf, type ManifestEntry } from "./manifest";
import { siteWarnings, sortedByKind, summaryOf } from "./site-summary";
import { loadStaticFiles } from "./static-files";
import type { BuildCache, CachedFile, LastBuild, BuildSummary } from "./build-cache";
import type { ClientBundle } from "./client-bundle";
import type { SiteOutput } from "./write-output";
import { stageTimer, type StageTimer, type Changes, type EngineOptions, type EngineResult, type RunContext } from "./stages";
import type { EngineParts, RenderCache, RendererSource } from "./engine-parts";
import { KeptLinkCheck } from "./kept-link-check";
import { withBuildPath } from "./build-path";
import { folderStamps } from "./up-to-date";
import { ContentLoader } from "./load-content";
import { changedCities, cityInputsOf, isCityPage, type CityInputs, type RunInputs } from "./run-inputs";
import { OutputFolder } from "../render/output-folder";
import { RenderPool, renderAll, renderThreadsFor } from "../render/pool";
import { routeKey, sharedInputs } from "../render/route-key";
import type { RenderedFile } from "../render/route-renderer";
import type { Renderer } from "../render/renderer-bundle";
import type { City, Download, OutputFile, PageKind, Route, SiteContent } from "../content/types";

/**
 * The one build pipeline of flightsite: data files → validated content → routes and their keys → render what changed
 * → link check → output. `flightsite build` runs it once, with the cache on disk and the output written whole into
 * a fresh folder; `serve --watch` keeps it between saves, with the cache in memory and the output updated in place.
 *
 * A run renders a route only when its key (src/render/route-key.ts: a hash of the renderer's code and of what the
 * route is made from) differs from the one its file was last rendered from. An output written whole (always for
 * `flightsite build`, and a first run) is rendered into a fresh folder on one thread per core for a large site, files
 * whose key is unchanged hard-linked from the last output, and swapped in once every link resolves. An output updated
 * in place is rendered here, with the renderer the driver loaded, and only files whose bytes changed are written.
 * The common save, cities that keep what the lists of cities show of them with nothing else changed, re-creates and
 * renders only those cities' pages: a city's pages are made from it and what every city shares, and other cities
 * name it only by its slug. On any failure the output keeps the last good build.
 */
export class BuildEngine {
  readonly #cache: RenderCache | undefined;
  readonly #output: SiteOutput;
  readonly #rendererSource: RendererSource;
  #renderer: Renderer | undefined;
  #bundle: ClientBundle | undefined;
  #staticFiles: OutputFile[] | undefined;
  /** Parts to load again before the next run; a part stays stale until it loads without error. */
  #stale = { renderer: true, client: true, staticFiles: true };
  readonly #content: ContentLoader;
  /** The rendered files the cache knows, updated as files render (a render stays valid for its key whatever fails next). */
  #files: BuildCache;
  /** Rendered here and not yet written into the output (a run that failed after rendering). */
  #unwritten = new Map<string, string | Uint8Array>();
  /** Each file of the output as last written (SHA-256), while this engine updates it in place. */
  #written: Map<string, string> | undefined;
  /** The link check of an output updated in place, kept between runs. */
  readonly #linkCheck = new KeptLinkCheck();
  /** What the last successful run was made from: a save that changes only cities starts from it. */
  #last: RunInputs | undefined;
  /** What the city pages of the last run were made from. */
  #cityInputs: CityInputs | undefined;
  /** The figures of the output the last successful run left. */
  #summary: BuildSummary | undefined;

  constructor(
    readonly options: EngineOptions,
    parts: EngineParts,
  ) {
    this.#cache = parts.cache;
    this.#output = parts.output;
    this.#rendererSource = parts.renderer;
    this.#files = parts.cache?.files ?? new Map();
    this.#content = new ContentLoader(options, parts.cache?.keepsSources ?? false);
  }

  /**
   * Builds the site after `changes` (everything looked at when left out) and brings the output up to date. Throws
   * ContentError, LinkError or TemplateError, and leaves the output as it was, when the sources have a mistake.
   */
  async run(changes?: Changes, context: RunContext = {}): Promise<EngineResult> {
    const threads = context.threads instanceof RenderPool ? context.threads : undefined;
    try {
      return await this.#run(changes, context.timer ?? stageTimer(), context, threads);
    } finally {
      await threads?.close();
    }
  }

  // --- internal ---

  async #run(changes: Changes | undefined, timer: StageTimer, context: RunContext, threads: RenderPool | undefined): Promise<EngineResult> {
    const last = this.#last;
    this.#last = undefined; // until this run succeeds
    if (changes === undefined || changes.renderer) this.#stale.renderer = true;
    if (changes === undefined || changes.client) this.#stale.client = true;
    if (changes === undefined || changes.staticFiles) this.#stale.staticFiles = true;
    // The bundle and the renderer load while the content is validated, and are awaited after it: a content mistake is reported first.
    const bundling = this.#stale.client || !this.#bundle ? this.#loadBundle() : Promise.resolve(this.#bundle);
    const loadingRenderer = this.#stale.renderer || !this.#renderer ? this.#loadRenderer() : Promise.resolve(this.#renderer);
    bundling.catch(() => {});
    loadingRenderer.catch(() => {});
    const validated = await this.#content.load(changes?.data, timer, context.names, threads).catch(async (error: unknown) => {
      // A run that failed leaves nothing running behind it (the renderer writes into the project's .flightsite/).
      await Promise.allSettled([bundling, loadingRenderer]);
      throw error;
    });
    const content = this.#withEngineOptions(validated);
    const bundle = await bundling;
    const renderer = await loadingRenderer;
    timer.lap("bundle");
    // The downloads come before the pages: their links show each file's size.
    const downloads = this.#cache ? await this.#cache.documents(content) : await (await import("../documents/generate")).generateDocuments(content);
    timer.lap("documents");
    if (this.#stale.staticFiles || !this.#staticFiles) {
      this.#staticFiles = await loadStaticFiles(path.join(this.options.root, "templates/static"));
      this.#stale.staticFiles = false;
    }
    const inputs: RunInputs = { validated, content, renderer, bundle, staticFiles: this.#staticFiles, downloads, timer };

    let result: EngineResult;
    if (this.#output.update && this.#written) {
      const cities = last && this.#cache?.keepsSources ? changedCities(last, inputs) : undefined;
      result = await this.#renderHere(inputs, cities);
    } else {
      // The output written whole: every build, and a dev server's first. A build renders on its threads (or streams
      // from this one); a dev server on threads for a large site, else here, or here after all when a thread failed
      // (the render here then reports a template's mistake with its place).
      const count = threads?.count ?? (context.threads as number | undefined) ?? this.options.threads ?? renderThreadsFor(content);
      const whole = !this.#output.update || count > 1 ? await this.#renderWhole(inputs, threads ?? count).catch((error: unknown) => {
        if (!this.#output.update || error instanceof LinkError || error instanceof ContentError) throw error;
        return undefined;
      }) : undefined;
      result = whole ?? (await this.#renderHere(inputs, undefined));
    }
    this.#last = inputs;
    return result;
  }

  async #loadBundle(): Promise<ClientBundle> {
    const bundle = this.#cache ? await this.#cache.clientBundle(this.options.root) : await (await import("./client-bundle")).bundleClient({ root: this.options.root });
    this.#bundle = bundle;
    this.#stale.client = false;
    return bundle;
  }

  async #loadRenderer(): Promise<Renderer> {
    const renderer = await this.#rendererSource.load(this.#renderer);
    this.#renderer = renderer;
    this.#stale.renderer = false;
    return renderer;
  }

  /** The validated content with what the engine was told beside data/: the dev server's quote endpoint, the build's day, its base path. */
  #withEngineOptions(content: SiteContent): SiteContent {
    const endpoint = content.site.quote.endpoint ?? this.options.quoteEndpoint;
    const withEndpoint =
      endpoint === content.site.quote.endpoint ? content : { ...content, site: { ...content.site, quote: { ...content.site.quote, endpoint } } };
    const withDay = this.options.builtOn === undefined ? withEndpoint : { ...withEndpoint, builtOn: this.options.builtOn };
    return withBuildPath(withDay, this.options);
  }


  /**
   * The whole site rendered into a fresh folder beside outDir (src/render/pool.ts: on `threads` threads, each
   * writing its files as it renders them), files whose key is unchanged linked from the last output instead; only
   * their links and ids are kept, for the link check at the end. The folder replaces outDir once every link resolves.
   */
  async #renderWhole(inputs: RunInputs, threads: number | RenderPool): Promise<EngineResult> {
    const { content, renderer, bundle, downloads, staticFiles, timer } = inputs;
    const previous = this.#files;
    const files: BuildCache = new Map();
    const pagesByKind: Partial<Record<PageKind, number>> = {};
    let count = 0;
    let bytes = 0;
    let reused = 0;
    const rendered: string[] = [];
    // Every file's size and SHA-256 as it is written (or, for a linked one, as the cache knows it): the deploy's manifest.
    const written = new Map<string, Pick<ManifestEntry, "sha256" | "size">>();
    // The files not rendered from a route, with their size and time on disk, for the next build's up-to-date check.
    const others: LastBuild["others"] = [];
    const recorder = this.#cache?.recorder?.();
    const check = new LinkCheck(content.site.baseUrl, content.site.basePath);
    let folders: LastBuild["folders"] = [];
    await this.#output.replace(async (freshDir, previousDir) => {
      const folder = new OutputFolder(freshDir);
      for (const file of [...downloads, ...bundle.files, ...staticFiles]) {
        const { bytes: size, sha256, mtimeMs } = folder.write(file.file, file.contents);
        written.set(file.file, { sha256, size });
        others.push([file.file, size, mtimeMs]);
        bytes += size;
        count++;
        check.addFile(file.file);
      }
      // The render threads get only what they compare with: each file's key and stamp, not its links.
      const stamps = previousDir && previous.size > 0 ? new Map([...previous].map(([name, { key, bytes, mtimeMs }]) => [name, { key, bytes, mtimeMs }])) : undefined;
      const cache = this.#cache ? { codeId: renderer.id, previousDir, previous: stamps } : undefined;
      await renderAll({ content, assets: bundle.assets, downloads, cache }, { threads, outDir: freshDir, onRendered: (items) => {
        for (const item of items) {
          let file: RenderedFile;
          if ("reused" in item) {
            reused++;
            file = { file: item.file, ...previous.get(item.file)! };
          } else {
            rendered.push(item.file);
            file = item;
          }
          bytes += file.bytes;
          count++;
          written.set(file.file, { sha256: file.sha256!, size: file.bytes });
          if (file.pageKind) pagesByKind[file.pageKind] = (pagesByKind[file.pageKind] ?? 0) + 1;
          if (file.found) check.addFound(file.file, file.found);
          else check.addFile(file.file);
          if (this.#cache) {
            const cached: CachedFile = { key: file.key!, bytes: file.bytes, sha256: file.sha256!, mtimeMs: file.mtimeMs!, pageKind: file.pageKind, found: file.found };
            if (recorder) recorder.add(file.file, cached);
            else files.set(file.file, cached);
          }
        }
      } });
      timer.lap("render");
      const broken = this.#brokenLinks(check.broken());
      timer.lap("check");
      if (broken.length > 0) throw this.#linkError(broken);
      if (this.#output.manifest) {
        const manifest = folder.write(manifestFile, `${JSON.stringify(manifestOf(written), null, 1)}\n`);
        others.push([manifestFile, manifest.bytes, manifest.mtimeMs]);
      }
      // The next process's up-to-date check (src/engine/up-to-date.ts) looks at them; a dev server does not.
      if (recorder) folders = folderStamps(freshDir, written.keys());
    });
    const summary: BuildSummary = { files: count, bytes, pagesByKind: sortedByKind(pagesByKind), warnings: siteWarnings(content), javascriptGzip: bundle.javascriptGzip };
    // Only once the new output is in place does the cache describe it.
    this.#files = files;
    this.#unwritten.clear();
    if (recorder) await recorder.save({ summary, others, folders });
    else if (this.#cache) await this.#cache.save(files, { summary, others, folders });
    this.#summary = summary;
    if (this.#output.update) {
      // Kept for the runs that follow, which update this output in place.
      const shas = new Map([...written].map(([name, { sha256 }]) => [name, sha256]));
      this.#written = shas;
      this.#linkCheck.adopt(content.site, check, shas);
      this.#cityInputs = cityInputsOf(inputs);
    }
    timer.lap("swap");
    const names = [...written.keys()];
    return { ...summary, reused, rendered, written: names, removed: [], threads: threads instanceof RenderPool ? threads.count : threads, timings: timer.laps, content };
  }

  /**
   * The site rendered here with the driver's renderer: every route created again and rendered where its key changed,
   * or, when only `cities` changed, their routes alone. Only files whose bytes differ from the output's are written
   * (all of them when nothing was written yet), and files no longer produced are deleted.
   */
  async #renderHere(inputs: RunInputs, cities: City[] | undefined): Promise<EngineResult> {
    const { content, renderer, bundle, downloads, staticFiles, timer } = inputs;
    const common = sharedInputs(renderer.id, content, bundle.assets);
    const context = { site: content.site };
    const rendered: string[] = [];
    const first = this.#written === undefined;
    // Renders a route whose key changed (each time on a first write: the output holds nothing to keep yet).
    const renderRoute = (route: Route, before: CachedFile | undefined): CachedFile => {
      const key = routeKey(route, common);
      if (before?.key === key && !first) return before;
      // A city's page is made each time its element is read (src/site/routes.tsx): read it once, to render it.
      const output = this.#guard(() => renderer.renderRoute({ ...route }, context), `rendering ${route.url}`);
      rendered.push(output.file);
      const buffer = typeof output.contents === "string" ? Buffer.from(output.contents) : output.contents;
      const sha256 = hash("sha256", buffer, "hex");
      this.#unwritten.set(output.file, output.contents);
      // The same bytes as before: the same links and ids.
      if (before?.sha256 === sha256) return { ...before, key };
      const found = linksOf(output);
      return {
        key,
        bytes: buffer.byteLength,
        sha256,
        mtimeMs: 0,
        pageKind: route.kind === "page" ? route.pageKind : undefined,
        found: found && [{ links: found.links, ids: found.ids ?? [] }],
      };
    };

    let files: BuildCache;
    // The files rendered from routes that this run looked at: all of them, or the changed cities' pages.
    let touched: string[];
    // How many bytes the changed cities' pages grew by: the rest of the summary stays as the last run left it.
    let grown = 0;
    if (cities) {
      // Every other page is made from things that did not change (home and /cities/ from what listedCity shows; other
      // cities name these only by slug), and so are the sitemap and feed; no file appears or goes.
      files = this.#files;
      touched = [];
      for (const city of cities) {
        for (const route of this.#guard(() => renderer.cityRoutes(content, bundle.assets, city), "creating the routes")) {
          const before = files.get(route.file);
          const after = renderRoute(route, before);
          grown += after.bytes - (before?.bytes ?? 0);
          files.set(route.file, after);
          touched.push(route.file);
        }
        this.#cityInputs!.cities.set(city.urlSlug, city);
      }
    } else {
      const routes = this.#guard(() => renderer.createRoutes(content, bundle.assets, downloads), "creating the routes");
      const cityInputs = cityInputsOf(inputs);
      const lastInputs = first ? undefined : this.#cityInputs;
      const unchangedCity = (slug: string) =>
        lastInputs?.shared === cityInputs.shared && lastInputs.cities.has(slug) && lastInputs.cities.get(slug) === cityInputs.cities.get(slug);
      files = new Map();
      for (const route of routes) {
        const before = this.#files.get(route.file);
        // A city's pages are made from its own file and what every city shares: while neither changed, the last
        // output stands without even making the page's props. So a save costs what it changed, not the whole site.
        if (before && !first && isCityPage(route) && unchangedCity(route.file.split("/")[0]!)) files.set(route.file, before);
        else files.set(route.file, renderRoute(route, before));
      }
      touched = [...files.keys()];
      this.#cityInputs = cityInputs;
    }
    // Renders stay valid for their keys whatever happens next, so keep them even if the link check fails.
    this.#files = files;
    timer.lap("render");

    // The files not rendered from a route (downloads, the browser bundle, templates/static/) can change only when more than cities did.
    const others = [...downloads, ...bundle.files, ...staticFiles];
    const otherShas = cities ? undefined : new Map(others.map((file) => [file.file, sha256Of(file.contents)]));
    const broken = this.#brokenLinks(this.#linkCheck.broken(content.site, files, touched, otherShas));
    timer.lap("check");
    if (broken.length > 0) throw this.#linkError(broken);

    const previous = this.#written ?? new Map<string, string>();
    const toWrite: OutputFile[] = [];
    for (const name of touched) {
      const { sha256 } = files.get(name)!;
      if (previous.get(name) === sha256) continue;
      const contents = this.#unwritten.get(name);
      if (contents === undefined) throw new Error(`${name} changed, but its rendered contents are gone`);
      toWrite.push({ file: name, contents });
    }
    for (const file of otherShas ? others : []) if (previous.get(file.file) !== otherShas!.get(file.file)) toWrite.push(file);
    const removed = otherShas ? [...previous.keys()].filter((name) => !files.has(name) && !otherShas.has(name)) : [];
    // The first write replaces the whole folder, so nothing of an older build survives in it.
    if (first) {
      await this.#output.replace(async (freshDir) => {
        const folder = new OutputFolder(freshDir);
        for (const file of toWrite) folder.write(file.file, file.contents);
      });
    } else await this.#output.update!(toWrite, removed);
    const written = first ? new Map<string, string>() : previous;
    for (const file of toWrite) written.set(file.file, files.get(file.file)?.sha256 ?? otherShas!.get(file.file)!);
    for (const name of removed) written.delete(name);
    this.#written = written;
    this.#unwritten.clear();
    timer.lap("swap");

    const summary = cities ? { ...this.#summary!, bytes: this.#summary!.bytes + grown, warnings: siteWarnings(content) } : summaryOf(files, others, content, bundle);
    this.#summary = summary;
    if (this.#cache) await this.#cache.save(files, { summary, others: [], folders: [] });
    return { ...summary, reused: 0, rendered, written: toWrite.map((file) => file.file), removed, threads: 1, timings: timer.laps, content };
  }

  #brokenLinks(broken: BrokenLink[]): BrokenLink[] {
    const endpoint = this.options.quoteEndpoint;
    return endpoint === undefined ? broken : broken.filter((link) => link.link !== endpoint);
  }

  #linkError(broken: BrokenLink[]): LinkError {
    return new LinkError(broken, path.relative(this.options.root, this.options.outDir).split(path.sep).join("/") || ".");
  }

  /** Runs route or template code; what it throws (a template's mistake, as far as an editor can tell) becomes the renderer's TemplateError. */
  #guard<T>(run: () => T, doing: string): T {
    try {
      return run();
    } catch (error) {
      if (error instanceof ContentError) throw error;
      throw this.#rendererSource.templateError(error, doing);
    }
  }
}

// --- internal ---

function sha256Of(contents: string | Uint8Array): string {
  return hash("sha256", contents, "hex");
}
