import type { BuildCache, BuildSummary, CachedFile, FileStamp } from "./build-cache";
import type { CacheRecord } from "./engine-parts";
import type { KeptLinkCheck } from "./kept-link-check";
import { tally } from "./site-summary";
import type { PageKind } from "../content/types";
import type { FoundLinks } from "../render/scan-links";
import { buildTargetFile, manifestFile } from "../output/manifest";
import type { Committed, OutputRun } from "../output/write-output";

/** A file a source put into the run's output, as the ledger takes it. */
export interface LedgerFile {
  bytes: number;
  sha256: string;
  /** Its time on disk once written (0 until the output writes it). */
  mtimeMs: number;
  /** What it is made from (src/engine/plan.ts), when the plan knows it by a key: the cache remembers it by it. */
  key?: string;
  pageKind?: PageKind;
  /** The links and ids found in a page or a feed, for the link check. */
  found?: FoundLinks[];
}

/**
 * The one account of a run's output (engine.ts): every file a source made is reported here once, by name, and every
 * file kept from the last output is taken here; the output's figures (site-summary.ts), the cache's record of the new
 * output and the link check all read it, so no file is counted twice whatever reported it (a page rendered again on
 * this thread after a render worker failed is reported again, and taken once).
 */
export class RunLedger {
  readonly #reported = new Set<string>();
  readonly #figures = tally();
  /** The files made that the plan knows by no key (downloads, the bundle, templates/static/): name, size, time. */
  readonly #stamps: FileStamp[] = [];

  constructor(
    readonly run: OutputRun,
    readonly record: CacheRecord,
    readonly links: KeptLinkCheck,
    /** The last good output's files, as the cache knows them: where a kept file's digest and links come from. */
    readonly last: BuildCache,
  ) {}

  /** Set once a source failed: the others begin no more files (the run is then aborted). */
  stopped = false;

  /** A file made this run; a second report of the same name is ignored. Returns whether it was taken. */
  add(name: string, file: LedgerFile): boolean {
    if (this.#reported.has(name)) return false;
    this.#reported.add(name);
    this.#figures.add(file);
    if (file.key === undefined) this.#stamps.push([name, file.bytes, file.mtimeMs]);
    else this.record.add(name, cachedFileOf(file));
    this.links.put(name, file.sha256, file.found);
    return true;
  }

  /**
   * Files of the last output kept as they are (`names`: distinct, from the plan, and never made this run): into the
   * run's output, the record and the figures as the last output holds them.
   */
  keep(names: readonly string[]): void {
    const last = this.last;
    this.run.keep(names, last);
    this.record.keep(names, last);
    for (const name of names) {
      const file = last.get(name)!;
      this.#figures.add(file);
      this.links.put(name, file.sha256, file.found);
    }
  }

  /**
   * Once the output is in place: the cache's record of it saved, with `summary`, the files made with no key and those
   * the output wrote beside the site (its manifest and build target record); `gone`: the files removed.
   */
  async save(summary: BuildSummary, committed: Committed, gone: readonly string[]): Promise<void> {
    const stamps = [...this.#stamps];
    if (committed.manifest) stamps.push([manifestFile, committed.manifest.bytes, committed.manifest.mtimeMs]);
    if (committed.target) stamps.push([buildTargetFile, committed.target.bytes, committed.target.mtimeMs]);
    await this.record.save({ summary, others: stamps, folders: committed.folders }, gone);
  }

  /** The output's figures so far (`summary` once every file is in). */
  get figures(): ReturnType<typeof tally> {
    return this.#figures;
  }

  /** The files made that have no key, for the cache's record of what else the output holds (up-to-date.ts). */
  get stamps(): readonly FileStamp[] {
    return this.#stamps;
  }
}

// --- internal ---

function cachedFileOf({ key, bytes, sha256, mtimeMs, pageKind, found }: LedgerFile): CachedFile {
  return { key: key!, bytes, sha256, mtimeMs, pageKind, found };
}
