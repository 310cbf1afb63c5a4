import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plan, planSources, type PlannedFile } from "../../../src/engine/plan";

// The engine's plan (src/engine/plan.ts): which files a run renders, keeps and removes, from the site's files with
// their keys and what the last output holds. Pure, so tested alone.

const site: PlannedFile[] = [
  { file: "index.html", key: "home-2" },
  { file: "naples/index.html", key: "naples-1" },
  { file: "sarasota/index.html", key: "sarasota-1" },
  { file: "tampa/index.html", key: "tampa-1" },
  { file: "assets/site.css", key: undefined },
];

describe("the build plan", () => {
  it("keeps a file held with its key, renders a changed, new or keyless one, and removes what is no longer produced", () => {
    const last = new Map<string, string | undefined>([
      ["index.html", "home-1"],
      ["naples/index.html", "naples-1"],
      ["sarasota/index.html", "sarasota-1"],
      ["venice/index.html", "venice-1"],
      ["assets/site.css", undefined],
      ["assets/old.css", undefined],
    ]);
    expect(plan(site, last)).toEqual({
      render: ["index.html", "tampa/index.html", "assets/site.css"],
      keep: ["naples/index.html", "sarasota/index.html"],
      remove: ["venice/index.html", "assets/old.css"],
    });
  });

  it("renders everything when the last output holds nothing, or when no file has a key", () => {
    expect(plan(site, new Map())).toEqual({ render: site.map((f) => f.file), keep: [], remove: [] });
    const keyless = site.map(({ file }) => ({ file, key: undefined }));
    const last = new Map(site.map(({ file }) => [file, undefined]));
    expect(plan(keyless, last)).toEqual({ render: site.map((f) => f.file), keep: [], remove: [] });
  });

  it("renders a file whose key is unchanged when the last output no longer holds it", () => {
    const last = new Map(site.filter(({ file }) => file !== "naples/index.html").map(({ file, key }) => [file, key]));
    expect(plan(site, last).render).toEqual(["naples/index.html", "assets/site.css"]);
  });

  it("always: keep and render are the site's files, disjoint; remove is what the last output holds and the site does not", () => {
    const name = fc.constantFrom("a.html", "b/index.html", "c/index.html", "d.xml", "e.css", "f/g/index.html", "h.pdf");
    const key = fc.option(fc.constantFrom("k1", "k2", "k3"), { nil: undefined });
    const files = fc.uniqueArray(fc.record({ file: name, key }), { selector: (f) => f.file });
    const last = fc.uniqueArray(fc.tuple(name, key), { selector: ([file]) => file }).map((entries) => new Map(entries));
    fc.assert(
      fc.property(files, last, (files, last) => {
        const { render, keep, remove } = plan(files, last);
        const produced = files.map((f) => f.file);
        expect([...render, ...keep].sort()).toEqual([...produced].sort());
        expect(render.filter((file) => keep.includes(file))).toEqual([]);
        expect(remove.sort()).toEqual([...last.keys()].filter((file) => !produced.includes(file)).sort());
        for (const { file, key } of files) {
          // A file with an unchanged key is never rendered unless the output lacks it; nothing without a key is kept.
          if (key !== undefined && last.has(file) && last.get(file) === key) expect(keep).toContain(file);
          if (key === undefined || !last.has(file)) expect(render).toContain(file);
        }
      }),
    );
  });
});

// Issue 37: every output kind is a source the plan knows (src/engine/output-sources.ts), pages, share cards, photos and
// the files made elsewhere alike, and a save that changed only cities plans their pages alone.
describe("the plan over every source", () => {
  const pages = { planned: () => [{ file: "index.html", key: "home-1" }, { file: "naples/index.html", key: "naples-2" }] };
  const cards = { planned: () => [{ file: "assets/cards/home.A1.png", key: "assets/cards/home.A1.png" }, { file: "assets/cards/naples.B2.png", key: "assets/cards/naples.B2.png" }] };
  const photos = { planned: () => [{ file: "assets/photos/gulf-640.c3.avif", key: "assets/photos/gulf-640.c3.avif" }] };
  const files = { planned: () => [{ file: "assets/site.css", key: undefined }] };
  const last = new Map<string, string | undefined>([
    ["index.html", "home-1"],
    ["naples/index.html", "naples-1"],
    ["assets/cards/home.A1.png", "assets/cards/home.A1.png"],
    ["assets/cards/naples.B1.png", "assets/cards/naples.B1.png"],
    ["assets/photos/gulf-640.c3.avif", "assets/photos/gulf-640.c3.avif"],
    ["assets/site.css", undefined],
    ["tampa/index.html", "tampa-1"],
  ]);

  it("decides for pages, cards, photos and files at once: each source makes its changed files, the rest is kept or removed", () => {
    const work = planSources([pages, cards, photos, files], last);
    expect([...work.make.values()]).toEqual([["naples/index.html"], ["assets/cards/naples.B2.png"], [], ["assets/site.css"]]);
    expect(work.keep).toEqual(["index.html", "assets/cards/home.A1.png", "assets/photos/gulf-640.c3.avif"]);
    expect(work.remove).toEqual(["assets/cards/naples.B1.png", "tampa/index.html"]);
  });

  it("keeps every file of the last output the sources did not plan when the plan is partial (a save that changed only cities)", () => {
    const naples = { planned: () => [{ file: "naples/index.html", key: "naples-2" }] };
    const work = planSources([naples, files], last, { partial: true });
    expect([...work.make.values()]).toEqual([["naples/index.html"], ["assets/site.css"]]);
    expect(work.keep.sort()).toEqual(["assets/cards/home.A1.png", "assets/cards/naples.B1.png", "assets/photos/gulf-640.c3.avif", "index.html", "tampa/index.html"]);
    expect(work.remove).toEqual([]);
  });

  // Issue 38 (point 4): a save that retitles a city gives its page a new card; the old one must not stay behind.
  it("removes from a partial plan the files it is told were superseded (a re-created page's old card), and keeps the rest", () => {
    const naples = { planned: () => [{ file: "naples/index.html", key: "naples-2" }, { file: "assets/cards/naples.B2.png", key: "assets/cards/naples.B2.png" }] };
    const work = planSources([naples], last, { partial: true, superseded: ["assets/cards/naples.B1.png"] });
    expect([...work.make.values()]).toEqual([["naples/index.html", "assets/cards/naples.B2.png"]]);
    expect(work.remove).toEqual(["assets/cards/naples.B1.png"]);
    expect(work.keep.sort()).toEqual(["assets/cards/home.A1.png", "assets/photos/gulf-640.c3.avif", "assets/site.css", "index.html", "tampa/index.html"]);
  });
});
