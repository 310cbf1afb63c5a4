import { LinkCheck, type BrokenLink } from "./link-check";
import type { BuildCache } from "./build-cache";

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

  /** Takes over the check of a run that saw the whole output: `shas` is each of its files' SHA-256. */
  adopt(site: CheckedSite, check: LinkCheck, shas: Map<string, string>): void {
    this.#kept = { where: whereOf(site), check, files: new Map(shas) };
  }

  /**
   * The broken links after a run. With `others` (each file not rendered from a route, and its SHA-256), `files` and
   * `others` are the whole site, and a file not among them is gone. Without it, only the `touched` files changed,
   * since a check that found nothing broken: while their pages' ids stay the same, only their own links need a look.
   */
  broken(site: CheckedSite, files: BuildCache, touched: string[], others: Map<string, string> | undefined): BrokenLink[] {
    const complete = others !== undefined;
    if (this.#kept?.where !== whereOf(site)) {
      if (!complete) throw new Error("the link check was asked about some pages of a site it has not seen whole");
      this.#kept = { where: whereOf(site), check: new LinkCheck(site.baseUrl, site.basePath), files: new Map() };
    }
    const { check, files: checked } = this.#kept;
    const changed: string[] = [];
    let idsChanged = false;
    for (const name of touched) {
      const file = files.get(name)!;
      if (checked.get(name) === file.sha256) continue;
      checked.set(name, file.sha256);
      changed.push(name);
      if (!complete && file.found) idsChanged ||= !sameIds(check.idsOf(name), file.found.flatMap((piece) => piece.ids));
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
    if (complete) {
      for (const name of checked.keys()) {
        if (files.has(name) || others?.has(name)) continue;
        check.removeFile(name);
        checked.delete(name);
      }
    }
    return complete || idsChanged ? check.broken() : check.brokenOn(changed);
  }
}

// --- internal ---

const whereOf = (site: CheckedSite) => `${site.baseUrl}${site.basePath ?? "/"}`;

function sameIds(before: ReadonlySet<string> | undefined, after: string[]): boolean {
  const distinct = new Set(after);
  return before !== undefined && before.size === distinct.size && [...distinct].every((id) => before.has(id));
}
