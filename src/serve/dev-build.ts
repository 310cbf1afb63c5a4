import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BuildOptions } from "../build/build";
import { loadStaticFiles } from "../build/build-site";
import { bundleClient } from "../build/client-bundle";
import { SourceFileReader } from "../content/load";
import { ContentValidator } from "../content/validate";
import { ContentError, LinkError } from "../errors";
import { LinkCheck, linksOf } from "../build/link-check";
import { isBuildFailure, loadRenderer, templateErrorFromBuild, templateErrorFromException, type Renderer } from "../render/renderer-bundle";
import { generateDocuments } from "../documents/generate";
import { renderInParallel, renderThreadsFor } from "../render/parallel";
import { routeKey, sharedInputs } from "../render/route-key";
import type { AssetUrls, City, Download, OutputFile, Route, SiteContent } from "../content/types";
import { writeChangedFiles, writeOutput } from "../build/write-output";

export interface DevBuildOptions extends BuildOptions {
  /**
   * Where quote forms post when data/site.yaml sets no quote.endpoint, like "/api/quote" of the dev server. It
   * replaces the setting in the validated content (site.yaml itself only takes https:// addresses), and the
   * link check lets it through, since the server answers it rather than a file.
   */
  quoteEndpoint?: string;
}

export interface RebuildResult {
  /** Output files written, relative to outDir. */
  written: string[];
  /** Output files deleted, relative to outDir. */
  removed: string[];
  milliseconds: number;
  /** Threads the pages were rendered on: more than one only for the first build of a large site. */
  threads: number;
}

/**
 * The site kept in memory between builds, so that a change costs only what it affects. A rebuild reads again only the
 * data files named as changed, and checks again only what they affect (src/content/validate.ts, ContentValidator).
 * The common save, cities that keep what the lists of cities show of them (name, link, airport codes) with nothing
 * else changed, re-creates and renders only those cities' pages: nothing else can differ, since a city's pages are
 * made from it and from what every city shares, and other cities name it only by its slug. Any other change
 * re-creates every route and renders those whose input changed: each route's key is a hash of the renderer's code
 * and of its props (or of the route itself, for the sitemap and robots.txt), and a route whose key is unchanged
 * keeps its last output; so site.yaml or city-common.yaml change every page that shows them. Templates and client
 * code are rebundled only when a file of theirs changed. Only files whose bytes differ are written; files no longer
 * produced are deleted.
 */
export class DevBuild {
  #renderer: Renderer | undefined;
  #bundle: { files: OutputFile[]; assets: AssetUrls } | undefined;
  #staticFiles: OutputFile[] | undefined;
  /** Parts to rebuild before the next render; a part stays stale until it builds without error. */
  #stale = { renderer: true, client: true, static: true };
  #rendered = new Map<string, { key: string; output: OutputFile }>();
  /** What the output folder holds, from the last write; undefined until a first complete write. */
  #written: Map<string, string | Uint8Array> | undefined;
  #sources: SourceFileReader | undefined;
  #validator = new ContentValidator();
  /** What the last rebuild was made from, when it succeeded: a save that changes only cities starts from it. */
  #last: BuildInputs | undefined;
  /**
   * What the city pages of the last rendered rebuild were made from: a digest of what every city's pages show
   * besides their city (settings, city-common.yaml, destinations, assets, templates), and each city by slug. A city
   * file that did not change keeps its parsed object (parse results are kept by text), so identity says it.
   */
  #cityInputs: { shared: string; cities: Map<string, City> } | undefined;
  /** The link check of the last rebuild, and the contents of each file as it was checked. */
  #linkCheck: { baseUrl: string; check: LinkCheck; contents: Map<string, string | Uint8Array> } | undefined;
  /** The case-manager downloads and the content they were made from: regenerated only when that changes. */
  #downloads: { key: string; files: Download[] } | undefined;
  /** The content of the last successful rebuild. */
  content: SiteContent | undefined;

  constructor(readonly options: DevBuildOptions) {}

  /**
   * Rebuilds after `changed` files (absolute paths; every file that changed, as a watcher reports them) changed, or
   * after anything changed when `changed` is left out (data/ is then listed again), and writes the difference into
   * outDir. Throws ContentError, LinkError or TemplateError and writes nothing when the sources have a mistake; the
   * output folder then keeps the last good build.
   */
  async rebuild(changed?: string[]): Promise<RebuildResult> {
    const started = performance.now();
    const last = this.#last;
    this.#last = undefined; // until this rebuild succeeds
    for (const file of changed ?? []) {
      const part = this.partOf(file);
      if (part === "client") this.#stale.client = this.#stale.renderer = true; // islands render on the server too
      else if (part === "templates") this.#stale.renderer = true;
      else if (part === "styles") this.#stale.client = true;
      else if (part === "static") this.#stale.static = true;
    }
    const { root, dataDir, outDir } = this.options;

    if (this.#stale.client || !this.#bundle) {
      this.#bundle = await bundleClient({ root }).catch(rethrowBuildFailure);
      this.#stale.client = false;
    }
    if (this.#stale.renderer || !this.#renderer) {
      this.#renderer = await loadRenderer(root, this.#renderer);
      this.#stale.renderer = false;
    }
    if (this.#stale.static || !this.#staticFiles) {
      this.#staticFiles = await loadStaticFiles(path.join(root, "templates/static"));
      this.#stale.static = false;
    }
    const renderer = this.#renderer;
    const bundle = this.#bundle;

    this.#sources ??= new SourceFileReader(dataDir, root);
    const sources = await this.#sources.load(changed);
    const validated = this.#validator.validate(sources);
    const content = this.#withQuoteEndpoint(validated);
    const downloads = await this.#generateDownloads(content);
    const inputs: BuildInputs = { validated, renderer, bundle, staticFiles: this.#staticFiles, downloads };
    const cities = last && this.#changedCities(last, inputs);
    const result = cities ? await this.#rebuildCities(cities, content, inputs, started) : await this.#rebuildAll(content, inputs, started);
    this.#last = inputs;
    return result;
  }

  async #generateDownloads(content: SiteContent): Promise<Download[]> {
    // The documents print the company line and the shared checklists besides their own files.
    const key = digest(JSON.stringify([content.documents, content.cityCommon, content.site]));
    if (this.#downloads?.key !== key) this.#downloads = { key, files: await generateDocuments(content) };
    return this.#downloads.files;
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

  /** Every route created again, and rendered where its input changed; the output compared and written. */
  async #rebuildAll(content: SiteContent, inputs: BuildInputs, started: number): Promise<RebuildResult> {
    const { renderer, bundle, downloads, staticFiles } = inputs;
    const { outDir } = this.options;

    const routes = this.#guard(() => renderer.createRoutes(content, bundle.assets, downloads), "creating the routes");
    const context = { site: content.site };
    const rendered = new Map<string, { key: string; output: OutputFile }>();
    const common = sharedInputs(renderer.id, content, bundle.assets);
    const firstRender = this.#rendered.size === 0 ? await this.#renderLargeSiteInParallel(content, bundle.assets, downloads, routes) : undefined;
    const cityInputs = {
      shared: digest(JSON.stringify([renderer.id, content.site, content.cityCommon, content.destinations, bundle.assets])),
      cities: new Map(content.cities.map((city) => [city.urlSlug, city])),
    };
    const lastInputs = this.#cityInputs;
    const unchangedCity = (slug: string) =>
      lastInputs?.shared === cityInputs.shared && lastInputs.cities.has(slug) && lastInputs.cities.get(slug) === cityInputs.cities.get(slug);
    for (const [index, lazyRoute] of routes.entries()) {
      const before = this.#rendered.get(lazyRoute.file);
      // A city's pages are made from its own file and what every city shares: while neither changed, the last
      // output stands without even making the page's props. So a save costs what it changed, not the whole site.
      if (before && !firstRender && isCityPage(lazyRoute) && unchangedCity(lazyRoute.file.split("/")[0]!)) {
        rendered.set(lazyRoute.file, before);
        continue;
      }
      const key = routeKey(lazyRoute, common);
      // A city's page is made each time its element is read (src/site/routes.tsx): read it once, to render it.
      const output =
        firstRender?.files[index] ??
        (before?.key === key ? before.output : this.#guard(() => renderer.renderRoute({ ...lazyRoute }, context), `rendering ${lazyRoute.url}`));
      rendered.set(lazyRoute.file, { key, output });
    }
    // Renders stay valid for their keys whatever happens next, so keep them even if the link check fails.
    this.#rendered = rendered;
    this.#cityInputs = cityInputs;

    const files = [...[...rendered.values()].map((r) => r.output), ...downloads, ...bundle.files, ...staticFiles];
    const broken = this.#checkLinks(files, content.site.baseUrl, true).filter((link) => link.link !== this.options.quoteEndpoint);
    const names = new Set(files.map((f) => f.file));
    if (broken.length > 0) throw new LinkError(broken);

    const previous = this.#written;
    const changedFiles = previous ? files.filter((f) => !sameContents(previous.get(f.file), f.contents)) : files;
    const removed = previous ? [...previous.keys()].filter((file) => !names.has(file)) : [];
    // The first write replaces the whole folder, so nothing of an older build survives in it.
    if (previous) await writeChangedFiles(outDir, changedFiles, removed);
    else await writeOutput(outDir, files);
    this.#written = new Map(files.map((f) => [f.file, f.contents]));
    this.content = content;
    return {
      written: changedFiles.map((f) => f.file),
      removed,
      milliseconds: Math.round(performance.now() - started),
      threads: firstRender?.threads ?? 1,
    };
  }

  /**
   * The cities that changed since `last`, in the order of the site, when nothing else did; undefined when more than
   * cities changed, or a city changed what the lists of cities show of it.
   */
  #changedCities(last: BuildInputs, next: BuildInputs): City[] | undefined {
    if (next.renderer !== last.renderer || next.bundle !== last.bundle || next.staticFiles !== last.staticFiles || next.downloads !== last.downloads) return undefined;
    const [before, after] = [last.validated, next.validated];
    // ContentValidator keeps every part of the content that did not change as it was, so identity says it.
    const others = Object.keys(after) as (keyof SiteContent)[];
    if (others.some((part) => part !== "cities" && after[part] !== before[part]) || after.cities.length !== before.cities.length) return undefined;
    const { listedCity } = next.renderer;
    const cities: City[] = [];
    for (const [index, city] of after.cities.entries()) {
      const earlier = before.cities[index]!;
      if (city === earlier) continue;
      if (JSON.stringify(listedCity(city)) !== JSON.stringify(listedCity(earlier))) return undefined;
      cities.push(city);
    }
    return cities;
  }

  /**
   * A save that changed only `cities`: their pages are created and rendered again, and nothing else. Every other page
   * is made from things that did not change (home and /cities/ from what listedCity shows; other cities name these
   * only by slug), and so are the sitemap and feed; no file appears or goes.
   */
  async #rebuildCities(cities: City[], content: SiteContent, inputs: BuildInputs, started: number): Promise<RebuildResult> {
    const { renderer, bundle } = inputs;
    const common = sharedInputs(renderer.id, content, bundle.assets);
    const context = { site: content.site };
    const outputs: OutputFile[] = [];
    for (const city of cities) {
      for (const route of this.#guard(() => renderer.cityRoutes(content, bundle.assets, city), "creating the routes")) {
        const key = routeKey(route, common);
        const before = this.#rendered.get(route.file);
        // A city's page is made each time its element is read (src/site/routes.tsx): read it once, to render it.
        const output = before?.key === key ? before.output : this.#guard(() => renderer.renderRoute({ ...route }, context), `rendering ${route.url}`);
        this.#rendered.set(route.file, { key, output });
        outputs.push(output);
      }
      this.#cityInputs!.cities.set(city.urlSlug, city);
    }
    const written = this.#written!;
    const changedFiles = outputs.filter((f) => !sameContents(written.get(f.file), f.contents));
    const broken = this.#checkLinks(changedFiles, content.site.baseUrl, false).filter((link) => link.link !== this.options.quoteEndpoint);
    if (broken.length > 0) throw new LinkError(broken);
    await writeChangedFiles(this.options.outDir, changedFiles, []);
    for (const file of changedFiles) written.set(file.file, file.contents);
    this.content = content;
    return { written: changedFiles.map((f) => f.file), removed: [], milliseconds: Math.round(performance.now() - started), threads: 1 };
  }

  /**
   * The link check over every file, kept between rebuilds: only the files whose contents changed since the last
   * check are scanned and put in again, so a save costs the pages it changed, not the whole site. `files` is every
   * file of the site when `complete`, and a file not among them is gone. Else `files` are the pages that changed
   * since a check that found nothing broken: while their ids stay the same, only their own links need a look.
   */
  #checkLinks(files: OutputFile[], baseUrl: string, complete: boolean) {
    if (this.#linkCheck?.baseUrl !== baseUrl) this.#linkCheck = { baseUrl, check: new LinkCheck(baseUrl), contents: new Map() };
    const { check, contents } = this.#linkCheck;
    const present = new Set<string>();
    let idsChanged = false;
    for (const file of files) {
      present.add(file.file);
      if (contents.get(file.file) === file.contents) continue;
      contents.set(file.file, file.contents);
      const found = linksOf(file);
      if (found && !complete) idsChanged ||= !sameIds(check.idsOf(file.file), found.ids);
      if (found) check.addPage(file.file, found.links, found.ids);
      else {
        check.removePage(file.file);
        check.addFile(file.file);
      }
    }
    for (const file of complete ? contents.keys() : []) {
      if (present.has(file)) continue;
      check.removeFile(file);
      contents.delete(file);
    }
    return complete || idsChanged ? check.broken() : check.brokenOn(present);
  }

  #withQuoteEndpoint(content: SiteContent): SiteContent {
    const endpoint = content.site.quote.endpoint ?? this.options.quoteEndpoint;
    return endpoint === content.site.quote.endpoint
      ? content
      : { ...content, site: { ...content.site, quote: { ...content.site.quote, endpoint } } };
  }

  /**
   * The first build of a large site, rendered on one thread per core like `flightsite build` (the threads run the
   * same sources the renderer was bundled from), into a temporary folder. Undefined for a small site, or when a
   * thread fails: the render loop then renders on this thread and reports a template's mistake with its place.
   */
  async #renderLargeSiteInParallel(content: SiteContent, assets: AssetUrls, downloads: Download[], routes: Route[]) {
    const threads = this.options.threads ?? renderThreadsFor(content);
    if (threads <= 1) return undefined;
    const folder = await mkdtemp(path.join(tmpdir(), "flightsite-first-render-"));
    try {
      await renderInParallel({ content, assets, downloads }, threads, folder, () => {});
      // This build keeps the site in memory to compare the next one with; read the threads' files back, one at a time.
      const files = routes.map((route) => ({ file: route.file, contents: readFileSync(path.join(folder, route.file), "utf8") }));
      return { files, threads };
    } catch {
      return undefined;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Runs route or template code; what it throws (a template's mistake, as far as an editor can tell) becomes a TemplateError. */
  #guard<T>(run: () => T, doing: string): T {
    try {
      return run();
    } catch (error) {
      if (error instanceof ContentError) throw error;
      throw templateErrorFromException(error, this.options.root, doing);
    }
  }
}

// --- internal ---

/** What a rebuild is made from, besides the renders it keeps. */
interface BuildInputs {
  /** The content as validated, before the dev server's quote endpoint is put in. */
  validated: SiteContent;
  renderer: Renderer;
  bundle: { files: OutputFile[]; assets: AssetUrls };
  staticFiles: OutputFile[];
  downloads: Download[];
}

function isCityPage(route: Route): boolean {
  return route.kind === "page" && (route.pageKind === "city" || route.pageKind === "destination");
}

function sameIds(before: ReadonlySet<string> | undefined, after: string[] = []): boolean {
  const distinct = new Set(after);
  return before !== undefined && before.size === distinct.size && [...distinct].every((id) => before.has(id));
}

function digest(text: string): string {
  return createHash("sha1").update(text).digest("base64url");
}

function sameContents(a: string | Uint8Array | undefined, b: string | Uint8Array): boolean {
  if (a === undefined) return false;
  if (typeof a === "string" && typeof b === "string") return a === b;
  return Buffer.from(a).equals(Buffer.from(b));
}

function rethrowBuildFailure(error: unknown): never {
  throw isBuildFailure(error) ? templateErrorFromBuild(error) : error;
}
