import { LinkCheck, type BrokenLink } from "./link-check";
import type { BuildCache } from "./build-cache";
import type { FoundLinks } from "../render/scan-links";

/** Where the checked site is: its links resolve on baseUrl, under basePath ("/" when left out). */
export interface CheckedSite {
  baseUrl: string;
  basePath?: string;
}

/**
 * The link check of an output that a long-running process updates in place (`serve --watch`), kept between runs:
 * only the files whose bytes changed since they were last put in are put in again, so a save costs the pages it
 * changed, not the whole site. Each file is known by its SHA-256 as it was last put in.
 */
export class KeptLinkCheck {
  #kept: { where: string; check: LinkCheck; files: Map<string, string> } | undefined;
  /** What the run under way changed: the files put again, and whether a page's ids changed. */
  #run: { changed: string[]; idsChanged: boolean } | undefined;

  /** Takes over the check of a run that saw the whole output: `shas` is each of its files' SHA-256. */
  adopt(site: CheckedSite, check: LinkCheck, shas: Map<string, string>): void {
    this.#kept = { where: whereOf(site), check, files: new Map(shas) };
  }

  /** Forgets every file: the next run is checked whole (after a run that failed, whose files the output does not hold). */
  reset(): void {
    this.#kept = undefined;
  }

  /**
   * The broken links after a run. With `others` (each file not rendered from a route, and its SHA-256), `files` and
   * `others` are the whole site, and a file not among them is gone. Without it, only the `touched` files changed.
   */
  broken(site: CheckedSite, files: BuildCache, touched: string[], others: Map<string, string> | undefined): BrokenLink[] {
    if (others === undefined && this.#kept?.where !== whereOf(site)) throw new Error("the link check was asked about some pages of a site it has not seen whole");
    this.begin(site);
    for (const name of touched) this.put(name, files.get(name)!.sha256, files.get(name)!.found);
    for (const [name, sha256] of others ?? []) this.put(name, sha256, undefined);
    const gone = others ? [...this.#kept!.files.keys()].filter((name) => !files.has(name) && !others.has(name)) : [];
    return this.finish(gone);
  }

  /** Starts a run's check of `site`; a site it has not seen (or another, or the same under another base path) is checked whole. */
  begin(site: CheckedSite): void {
    const where = whereOf(site);
    if (this.#kept?.where !== where) this.#kept = { where, check: new LinkCheck(site.baseUrl, site.basePath), files: new Map() };
    this.#run = { changed: [], idsChanged: false };
  }

  /** A file of the run's site by its SHA-256, with the links and ids found in it (none: not a page or a feed), as it comes. */
  put(name: string, sha256: string, found: FoundLinks[] | undefined): void {
    const { check, files } = this.#kept!;
    if (files.get(name) === sha256) return;
    const run = this.#run!;
    files.set(name, sha256);
    run.changed.push(name);
    if (found) {
      run.idsChanged ||= !sameIds(check.idsOf(name), found.flatMap((piece) => piece.ids));
      check.addFound(name, found);
    } else {
      check.removePage(name);
      check.addFile(name);
    }
  }

  /**
   * The broken links once the run's files were put (those that changed, at least), with the files that are `gone`.
   * While no file went and no page's ids changed, since a check that found nothing broken, only the links of the files
   * whose bytes changed need a look: a link breaks only when what it leads to goes.
   */
  finish(gone: Iterable<string>): BrokenLink[] {
    const { check, files } = this.#kept!;
    const { changed, idsChanged } = this.#run!;
    this.#run = undefined;
    let removed = false;
    for (const name of gone) {
      if (!files.delete(name)) continue;
      check.removeFile(name);
      removed = true;
    }
    return removed || idsChanged ? check.broken() : check.brokenOn(changed);
  }
}

// --- internal ---

const whereOf = (site: CheckedSite) => `${site.baseUrl}${site.basePath ?? "/"}`;

function sameIds(before: ReadonlySet<string> | undefined, after: string[]): boolean {
  const distinct = new Set(after);
  return before !== undefined && before.size === distinct.size && [...distinct].every((id) => before.has(id));
}
