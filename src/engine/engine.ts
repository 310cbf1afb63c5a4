import path from "node:path";
import { ContentError, LinkError, sortProblems } from "../errors";
import type { BrokenLink } from "./link-check";
import { RunLedger } from "./run-ledger";
import { loadStaticFiles } from "./static-files";
import type { BuildCache } from "./build-cache";
import { fileSource, makeAll, pageSource, photoSource, shareCardSource, type OutputSource, type PageSource, type ShareCardSource } from "./output-sources";
import type { ClientBundle } from "./client-bundle";
import type { OutputRun, SiteOutput } from "../output/write-output";
import { stageTimer, type StageTimer, type Changes, type EngineOptions, type EngineResult, type RunContext } from "./stages";
import { noCache, type EngineParts, type RenderCache, type RendererSource } from "./engine-parts";
import { KeptLinkCheck } from "./kept-link-check";
import { withBuildPath } from "./build-path";
import { withTranslatedSites } from "../translation/site-settings";
import { ContentLoader } from "./load-content";
import { PhotoStage } from "../images/photos";
import { isPhotoFile } from "../images/photo-file";
import { planSources, type LastOutput } from "./plan";
import { changedCities, CityReaders, type RunInputs } from "./run-inputs";
import { diskCardStore, isShareCardFile, shareCardsOf, type CardStore } from "../images/share-cards";
import { importedCardCode, type CardCode, type CardCodeSource } from "../images/card-code";
import { packageRoot } from "../render/code-location";
import { renderThreadsFor } from "../render/pool";
import { routeKey, sharedInputs } from "../render/route-key";
import type { Renderer } from "../render/renderer-bundle";
import type { OutputFile, Route, ShareCard, SiteContent } from "../content/types";

/**
 * The one build sequence of flightsite, for `flightsite build` (run once, the cache on disk, the output a fresh folder
 * swapped in), `serve --watch` (kept between saves, the cache in memory, the output updated in place) and the tests
 * (the output in memory): load → validate → plan → render → check → commit, in `run`, top to bottom.
 *
 * Each file of the site has a key (src/render/route-key.ts: a hash of the code that renders and of what the route
 * declares it is made from); the plan (plan.ts) renders a file only when its key differs from the one the last good
 * output holds it by, keeps the others, and removes what is no longer produced. A save that changed only cities
 * re-creates only the pages that declare they are made from them (run-inputs.ts): the rest of the site stands with
 * the keys it had. On any failure the output keeps the last good build.
 */
export class BuildEngine {
  readonly #cache: RenderCache;
  /** Whether files are known by their keys (with a cache), so that an unchanged one is kept rather than rendered. */
  readonly #keyed: boolean;
  readonly #output: SiteOutput;
  readonly #rendererSource: RendererSource;
  /** Where share cards drawn before are kept (share-cards.ts). */
  readonly #cardStore: CardStore;
  readonly #cardCodeSource: CardCodeSource;
  #renderer: Renderer | undefined;
  #cardCode: CardCode | undefined;
  /** The browser bundle as loaded, and as the pages name it: with the version of the card code in its assets. */
  #bundle: ClientBundle | undefined;
  #namedBundle: { loaded: ClientBundle; version: string; bundle: ClientBundle } | undefined;
  #staticFiles: OutputFile[] | undefined;
  /** Parts to load again before the next run; a part stays stale until it loads without error. */
  #stale = { renderer: true, client: true, staticFiles: true, cardCode: true };
  readonly #content: ContentLoader;
  /** The files of the last good output rendered from routes, as the cache knows them. */
  readonly #files: BuildCache;
  /** The other files of the last good output (downloads, the browser bundle, templates/static/), by name. */
  #others: string[] = [];
  /** The link check, kept between runs and fed only the files whose bytes changed. */
  readonly #linkCheck = new KeptLinkCheck();
  /** Each page's share card in the last good output, by the page's file: a save that retitles a page removes its old card. */
  readonly #cardOf = new Map<string, string>();
  /** The cards a run let follow it (RunContext.cardsFollow): planned again by every run until one puts them in. */
  #following = new Map<string, ShareCard>();
  /** What the last successful run was made from: a save that changes only cities starts from it. */
  #last: RunInputs | undefined;
  /** Which cities' pages are made from each city, as the last good output's routes declared it. */
  readonly #readers = new CityReaders();
  /** Encodes the content's photos, remembering their sources' hashes between runs. */
  readonly #photos: PhotoStage;

  constructor(
    readonly options: EngineOptions,
    parts: EngineParts,
  ) {
    this.#cache = parts.cache ?? noCache();
    this.#keyed = parts.cache !== undefined;
    this.#output = parts.output;
    this.#rendererSource = parts.renderer;
    // The store of the flightsite code that runs, not of the site's folder: a card is named by what it shows and the
    // code that draws it, so every site built by this code (the tests' copies of data/ too) can share its cards.
    this.#cardStore = parts.cards ?? diskCardStore(packageRoot);
    this.#cardCodeSource = parts.cardCode ?? importedCardCode();
    this.#files = this.#cache.files;
    this.#content = new ContentLoader(options, this.#cache.keepsSources);
    this.#photos = new PhotoStage(options.root, options.dataDir, this.#cache.photos);
  }

  /**
   * Builds the site after `changes` (everything looked at when left out) and brings the output up to date. Throws
   * ContentError, LinkError or TemplateError, and leaves the output as it was, when the sources have a mistake.
   */
  async run(changes?: Changes, context: RunContext = {}): Promise<EngineResult> {
    const timer = context.timer ?? stageTimer();
    const last = this.#last;
    this.#last = undefined; // until this run succeeds
    try {
      // Load and validate: data/ into the site's content, with the code that renders it and the files beside it.
      const inputs = await this.#load(changes, timer, context);
      const { content, bundle } = inputs;
      const run = await this.#output.begin();
      // One ledger for the run: each file reported to it once, by name; the figures, the cache's record of the new
      // output and the link check (which then looks again only at what changed) all read it.
      this.#linkCheck.begin(content.site);
      const ledger = new RunLedger(run, this.#cache.record(), this.#linkCheck, this.#files);
      try {
        // Plan: every source's files with their keys (pages, share cards, photos, files made elsewhere), against what
        // the last output holds as it was written.
        const site = this.#sources(inputs, last, context);
        const work = planSources(site.sources, this.#lastOutput(run), { partial: site.partial, superseded: site.superseded });
        // Make what the plan says, each source its own files; keep the rest.
        ledger.keep(work.keep);
        await makeAll(site.sources, work.make, ledger);
        timer.lap("render");
        // Check: every link of every page resolves.
        const broken = this.#brokenLinks(this.#linkCheck.finish(work.remove));
        timer.lap("check");
        if (broken.length > 0) throw this.#linkError(broken);
        // Commit: the new output replaces the last, and the cache describes it (a cache kept in memory is what the
        // next run starts from).
        for (const name of work.remove) run.remove(name);
        const committed = await run.commit({ basePath: content.site.basePath, preview: content.site.preview !== undefined });
        timer.lap("swap");
        const summary = ledger.figures.summary(content, bundle, inputs.photos.warnings);
        await ledger.save(summary, committed, work.remove);
        [this.#others, this.#last, this.#following] = [ledger.stamps.map(([name]) => name), inputs, site.following.cards];
        if (!site.partial) this.#cardOf.clear();
        for (const [page, card] of site.cardOf) this.#cardOf.set(page, card);
        const cardsFollowing = this.#cardsFollowing(site.following.drawing);
        return { ...summary, ...this.#counts(site, work.keep, inputs), written: committed.written, removed: committed.removed, timings: timer.laps, content, cardsFollowing };
      } catch (error) {
        await run.abort();
        // The next run checks its links whole: this one's files are not the output's.
        this.#linkCheck.reset();
        throw error;
      }
    } finally {
      if (typeof context.threads === "object") await context.threads.close();
    }
  }

  // --- internal ---

  /**
   * The load and validate stages (load-content.ts), the renderer and the browser bundle loading meanwhile, then the
   * downloads and templates/static/: everything a run is made from.
   */
  async #load(changes: Changes | undefined, timer: StageTimer, context: RunContext): Promise<RunInputs> {
    // The card's template is one of the templates: the dev server's card code is loaded again with them.
    if (changes === undefined || changes.renderer) this.#stale.renderer = this.#stale.cardCode = true;
    if (changes === undefined || changes.client) this.#stale.client = true;
    if (changes === undefined || changes.staticFiles) this.#stale.staticFiles = true;
    // The bundle, the renderer and the card code load while the content is validated, and are awaited after it: a
    // content mistake is reported first.
    const bundling = this.#stale.client || !this.#bundle ? this.#loadBundle() : Promise.resolve(this.#bundle);
    const loadingRenderer = this.#stale.renderer || !this.#renderer ? this.#loadRenderer() : Promise.resolve(this.#renderer);
    const loadingCardCode = this.#stale.cardCode || !this.#cardCode ? this.#loadCardCode() : Promise.resolve(this.#cardCode);
    const loading = [bundling, loadingRenderer, loadingCardCode];
    for (const part of loading) part.catch(() => {});
    // A run that failed leaves nothing running behind it (the renderer writes into the project's .flightsite/).
    const failed = async (error: unknown): Promise<never> => {
      await Promise.allSettled(loading);
      throw error;
    };
    const pool = typeof context.threads === "object" ? context.threads : undefined;
    const validated = await this.#content.load(changes?.data, timer, context.names, pool).catch(failed);
    // Photos: each encoded unless stored already, and put into the content as the pages show them.
    const photos = await this.#photos.place(this.#withEngineOptions(validated)).catch(failed);
    // A site without photos reports no such stage.
    if (photos.encoded + photos.cached > 0) timer.lap("photos");
    // `flightsite build --strict`: the translations' review reminders and the photos' warnings are errors, listed together.
    const warnings = [...validated.translationNotes.warnings, ...photos.warnings];
    if (this.options.strict && warnings.length > 0) await failed(new ContentError(sortProblems(warnings)));
    const { content } = photos;
    const cardCode = await loadingCardCode;
    const bundle = this.#namedForCards(await bundling, cardCode);
    const renderer = await loadingRenderer;
    timer.lap("bundle");
    // The downloads come before the pages: their links show each file's size.
    const downloads = await this.#cache.documents(content);
    timer.lap("documents");
    if (this.#stale.staticFiles || !this.#staticFiles) {
      this.#staticFiles = await loadStaticFiles(path.join(this.options.root, "templates/static"));
      this.#stale.staticFiles = false;
    }
    return { validated, content, renderer, bundle, cardCode, staticFiles: this.#staticFiles, downloads, photos, timer };
  }

  /**
   * The sources of this run's output: its pages, their share cards, the photos and the files made elsewhere. After a
   * save that changed only cities, the pages are only those that declare they are made from them (CityReaders), and
   * the plan is `partial`: every other file of the last output stays as it is, since nothing it is made from changed.
   * Otherwise every route is created. A page is planned by its key only where there is a last output to compare it
   * with: a route rendered without one gets its key as it renders.
   */
  #sources(inputs: RunInputs, last: RunInputs | undefined, context: RunContext) {
    const { content, renderer, bundle, downloads, staticFiles } = inputs;
    const common = this.#keyed ? sharedInputs(renderer.id, content, bundle.assets) : undefined;
    // Without keys every file renders, so every route must be there.
    const changed = this.#keyed && last ? changedCities(last, inputs) : undefined;
    let routes: Route[];
    if (changed) {
      routes = this.#guard(() => this.#readers.readersOf(changed, content).flatMap((city) => renderer.cityRoutes(content, bundle.assets, city)), "creating the routes");
      this.#readers.update(routes);
    } else {
      routes = this.#guard(() => renderer.createRoutes(content, bundle.assets, downloads), "creating the routes");
      this.#readers.reset(routes);
    }
    const keyOf = (route: Route) => (common !== undefined && this.#files.size > 0 ? routeKey(route, common) : undefined);
    const pages = pageSource(routes, keyOf, {
      input: { content, assets: bundle.assets, downloads, codeId: common && renderer.id, rendererModule: renderer.module },
      renderer,
      common,
      threads: context.threads ?? this.options.threads ?? renderThreadsFor(content),
      guard: (code, doing) => this.#guard(code, doing),
    });
    // The cards an earlier run let follow it are planned again (now from the store) whatever this run's routes are.
    const cardsOfRoutes = shareCardsOf(routes);
    for (const [file, card] of this.#following) if (!cardsOfRoutes.has(file)) cardsOfRoutes.set(file, card);
    const following = { cards: new Map<string, ShareCard>(), drawing: [] as Promise<void>[] };
    const later = context.cardsFollow
      ? (file: string, drawing: Promise<void>) => {
          following.cards.set(file, cardsOfRoutes.get(file)!);
          // A card can fail before the run ends and anyone waits for it (cardsFollowing): not an unhandled rejection.
          drawing.catch(() => {});
          following.drawing.push(drawing);
        }
      : undefined;
    const cards = shareCardSource(cardsOfRoutes, { store: this.#cardStore, code: inputs.cardCode, later });
    // Made in this order, and a failure reported in it: a page's mistake is the one an editor is told of.
    const sources: OutputSource[] = [pages, cards, photoSource(inputs.photos.files), fileSource([...downloads, ...bundle.files, ...staticFiles])];
    // The cards of the pages created again that now show another card: a partial plan keeps what it does not make,
    // so it is told that these go.
    const cardOf = new Map(routes.flatMap((route) => (route.kind === "page" && route.card ? [[route.file, route.card.file] as const] : [])));
    const superseded = changed ? [...cardOf].flatMap(([page, card]) => (this.#cardOf.has(page) && this.#cardOf.get(page) !== card ? [this.#cardOf.get(page)!] : [])) : [];
    return { pages, cards, sources, partial: changed !== undefined, following, cardOf, superseded };
  }

  /**
   * Settles once the cards a run left to draw are stored, or rejects with the first that could not be (the others
   * still stored): a driver that puts them in once they are must not try again for a card that fails every time.
   */
  #cardsFollowing(drawing: readonly Promise<void>[]): Promise<void> | undefined {
    if (drawing.length === 0) return undefined;
    const stored = Promise.all(drawing).then(() => undefined);
    stored.catch(() => {}); // a driver that does not wait for the cards is not told of them
    return stored;
  }

  /** What the run made and kept, by source: the pages kept are `reused`; the cards and photos are counted apart. */
  #counts({ pages, cards }: { pages: PageSource; cards: ShareCardSource }, kept: readonly string[], inputs: RunInputs) {
    return {
      rendered: pages.made,
      reused: kept.filter((name) => !isShareCardFile(name) && !isPhotoFile(name)).length,
      threads: pages.threads,
      shareCards: { ...cards.made, total: cards.total },
      photos: { encoded: inputs.photos.encoded, cached: inputs.photos.cached },
    };
  }

  /** The last output as the plan sees it: each file's key, when `run` holds it as it was written. */
  #lastOutput(run: OutputRun): LastOutput {
    const files = this.#files;
    return {
      get: (name) => {
        const file = files.get(name);
        return file && run.holds(name, file) ? file.key : undefined;
      },
      keys: () => [...files.keys(), ...this.#others],
    };
  }

  async #loadBundle(): Promise<ClientBundle> {
    const bundle = await this.#cache.clientBundle(this.options.root);
    this.#bundle = bundle;
    this.#stale.client = false;
    return bundle;
  }

  async #loadCardCode(): Promise<CardCode> {
    const code = await this.#cardCodeSource.load(this.#cardCode);
    this.#cardCode = code;
    this.#stale.cardCode = false;
    return code;
  }

  /**
   * The browser bundle as the pages name it: every page names its share card, whose name carries the version of the
   * code that draws it. The same object as long as neither changes (a save then re-creates only its cities' pages).
   */
  #namedForCards(loaded: ClientBundle, code: CardCode): ClientBundle {
    const named = this.#namedBundle;
    if (named?.loaded === loaded && named.version === code.version) return named.bundle;
    const bundle = { ...loaded, assets: { ...loaded.assets, shareCards: code.version } };
    this.#namedBundle = { loaded, version: code.version, bundle };
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
    return withTranslatedSites(withBuildPath(withDay, this.options), content);
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

