import { LinkCheck, type BrokenLink } from "./link-check";
import type { BuildCache } from "./build-cache";
import type { FoundLinks } from "../render/scan-links";

/**
 * The link check of an output that a long-running process updates in place (`serve --watch`), kept between runs:
 * only the files whose bytes changed since they were last put in are put in again, so a save costs the pages it
 * changed, not the whole site. Each file is known by its SHA-256 as it was last put in.
 */
export class KeptLinkCheck {
  #kept: { baseUrl: string; check: LinkCheck; files: Map<string, string> } | undefined;
  /** What the run under way changed: the files put again, and whether a page's ids changed. */
  #run: { changed: string[]; idsChanged: boolean } | undefined;

  /** Takes over the check of a run that saw the whole output: `shas` is each of its files' SHA-256. */
  adopt(baseUrl: string, check: LinkCheck, shas: Map<string, string>): void {
    this.#kept = { baseUrl, check, files: new Map(shas) };
  }

  /** Forgets every file: the next run is checked whole (after a run that failed, whose files the output does not hold). */
  reset(): void {
    this.#kept = undefined;
  }

  /**
   * The broken links after a run. With `others` (each file not rendered from a route, and its SHA-256), `files` and
   * `others` are the whole site, and a file not among them is gone. Without it, only the `touched` files changed.
   */
  broken(baseUrl: string, files: BuildCache, touched: string[], others: Map<string, string> | undefined): BrokenLink[] {
    if (others === undefined && this.#kept?.baseUrl !== baseUrl) throw new Error("the link check was asked about some pages of a site it has not seen whole");
    this.begin(baseUrl);
    for (const name of touched) this.put(name, files.get(name)!.sha256, files.get(name)!.found);
    for (const [name, sha256] of others ?? []) this.put(name, sha256, undefined);
    const gone = others ? [...this.#kept!.files.keys()].filter((name) => !files.has(name) && !others.has(name)) : [];
    return this.finish(gone);
  }

  /** Starts a run's check of the site at `baseUrl`; a site it has not seen (or another) is checked whole. */
  begin(baseUrl: string): void {
    if (this.#kept?.baseUrl !== baseUrl) this.#kept = { baseUrl, check: new LinkCheck(baseUrl), files: new Map() };
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

function sameIds(before: ReadonlySet<string> | undefined, after: string[]): boolean {
  const distinct = new Set(after);
  return before !== undefined && before.size === distinct.size && [...distinct].every((id) => before.has(id));
}
