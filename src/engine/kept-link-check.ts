import { LinkCheck, type BrokenLink } from "./link-check";
import type { BuildCache } from "./build-cache";

/**
 * The link check of an output that a long-running process updates in place (`serve --watch`), kept between runs:
 * only the files whose bytes changed since they were last put in are put in again, so a save costs the pages it
 * changed, not the whole site. Each file is known by its SHA-256 as it was last put in.
 */
export class KeptLinkCheck {
  #kept: { baseUrl: string; check: LinkCheck; files: Map<string, string> } | undefined;

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
   * Since a check that found nothing broken, while no file went and no page's ids changed, only the links of the files
   * whose bytes changed need a look.
   */
  broken(baseUrl: string, files: BuildCache, touched: string[], others: Map<string, string> | undefined): BrokenLink[] {
    const complete = others !== undefined;
    if (this.#kept?.baseUrl !== baseUrl) {
      if (!complete) throw new Error("the link check was asked about some pages of a site it has not seen whole");
      this.#kept = { baseUrl, check: new LinkCheck(baseUrl), files: new Map() };
    }
    const { check, files: checked } = this.#kept;
    const changed: string[] = [];
    let idsChanged = false;
    for (const name of touched) {
      const file = files.get(name)!;
      if (checked.get(name) === file.sha256) continue;
      checked.set(name, file.sha256);
      changed.push(name);
      if (file.found) idsChanged ||= !sameIds(check.idsOf(name), file.found.flatMap((piece) => piece.ids));
      if (file.found) check.addFound(name, file.found);
      else {
        check.removePage(name);
        check.addFile(name);
      }
    }
    for (const [name, sha256] of others ?? []) {
      if (checked.get(name) === sha256) continue;
      checked.set(name, sha256);
      check.removePage(name);
      check.addFile(name);
    }
    let removed = false;
    if (complete) {
      for (const name of checked.keys()) {
        if (files.has(name) || others?.has(name)) continue;
        check.removeFile(name);
        checked.delete(name);
        removed = true;
      }
    }
    // A link breaks only when what it leads to goes: a file, or an id of a page. Else only the changed files' own
    // links need a look.
    return removed || idsChanged ? check.broken() : check.brokenOn(changed);
  }
}

// --- internal ---

function sameIds(before: ReadonlySet<string> | undefined, after: string[]): boolean {
  const distinct = new Set(after);
  return before !== undefined && before.size === distinct.size && [...distinct].every((id) => before.has(id));
}
