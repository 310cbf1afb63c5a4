import { describe, expect, it } from "vitest";
import { KeptLinkCheck } from "../../../src/engine/kept-link-check";
import { LinkCheck } from "../../../src/engine/link-check";
import type { BuildCache, CachedFile } from "../../../src/engine/build-cache";

const baseUrl = "https://www.example.org";

/** A rendered page as the cache keeps it: its SHA-256 stands for its bytes, its links and ids in one piece. */
const pageOf = (sha256: string, links: string[], ids: string[] = []): CachedFile => ({
  key: `key of ${sha256}`,
  bytes: 1,
  sha256,
  mtimeMs: 0,
  pageKind: "page",
  found: [{ links, ids }],
});

/** Home links to /about/#team and /naples/; about has the #team section; naples links back home. */
function site(): BuildCache {
  return new Map([
    ["index.html", pageOf("home-1", ["/about/#team", "/naples/", "/assets/site.css"])],
    ["about/index.html", pageOf("about-1", ["/"], ["team"])],
    ["naples/index.html", pageOf("naples-1", ["/", "#main"], ["main"])],
  ]);
}
/** The files not rendered from a route, by name and SHA-256. */
const others = () => new Map([["assets/site.css", "css-1"]]);

describe("the link check kept between runs (serve --watch)", () => {
  it("checks a whole site the first time, and a complete run again after any change", () => {
    const kept = new KeptLinkCheck();
    const files = site();
    expect(kept.broken({ baseUrl }, files, [...files.keys()], others())).toEqual([]);
    // The stylesheet is gone: the home page's link to it leads nowhere.
    expect(kept.broken({ baseUrl }, files, [...files.keys()], new Map())).toEqual([{ page: "index.html", link: "/assets/site.css" }]);
  });

  it("refuses to check some pages of a site it has not seen whole", () => {
    const files = site();
    expect(() => new KeptLinkCheck().broken({ baseUrl }, files, ["index.html"], undefined)).toThrow(/has not seen whole/);
  });

  it("looks again only at the pages whose bytes changed, and finds a link one of them broke", () => {
    const kept = new KeptLinkCheck();
    const files = site();
    kept.broken({ baseUrl }, files, [...files.keys()], others());
    // Naples now links to a page that does not exist.
    files.set("naples/index.html", pageOf("naples-2", ["/", "/nowhere/"], ["main"]));
    expect(kept.broken({ baseUrl }, files, ["naples/index.html"], undefined)).toEqual([{ page: "naples/index.html", link: "/nowhere/" }]);
    // Fixed again: nothing left.
    files.set("naples/index.html", pageOf("naples-3", ["/"], ["main"]));
    expect(kept.broken({ baseUrl }, files, ["naples/index.html"], undefined)).toEqual([]);
  });

  it("checks every page again when a changed page lost an id that another page points at", () => {
    const kept = new KeptLinkCheck();
    const files = site();
    kept.broken({ baseUrl }, files, [...files.keys()], others());
    // The about page no longer has #team: the home page's link to it, on a page that did not change, is broken now.
    files.set("about/index.html", pageOf("about-2", ["/"], ["people"]));
    expect(kept.broken({ baseUrl }, files, ["about/index.html"], undefined)).toEqual([{ page: "index.html", link: "/about/#team" }]);
  });

  it("forgets a file no longer in a complete run, and the links to it break", () => {
    const kept = new KeptLinkCheck();
    const files = site();
    kept.broken({ baseUrl }, files, [...files.keys()], others());
    files.delete("naples/index.html");
    expect(kept.broken({ baseUrl }, files, [...files.keys()], others())).toEqual([{ page: "index.html", link: "/naples/" }]);
  });

  it("takes over the check of a run that saw the whole output, and goes on from there", () => {
    const files = site();
    const check = new LinkCheck(baseUrl);
    for (const [name, file] of files) check.addFound(name, file.found!);
    check.addFile("assets/site.css");
    const kept = new KeptLinkCheck();
    kept.adopt({ baseUrl }, check, new Map([...[...files].map(([name, file]): [string, string] => [name, file.sha256]), ...others()]));
    // Only the changed page is given, and no list of the others: the adopted check knows the rest of the site.
    files.set("index.html", pageOf("home-2", ["/about/#team", "/naples/#nope"]));
    expect(kept.broken({ baseUrl }, files, ["index.html"], undefined)).toEqual([{ page: "index.html", link: "/naples/#nope" }]);
  });
});
