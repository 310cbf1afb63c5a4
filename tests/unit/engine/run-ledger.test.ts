import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BuildEngine } from "../../../src/engine/engine";
import { memoryCache, staticRenderer } from "../../../src/engine/engine-parts";
import { KeptLinkCheck } from "../../../src/engine/kept-link-check";
import { RunLedger } from "../../../src/engine/run-ledger";
import type { BuildCache, CachedFile } from "../../../src/engine/build-cache";
import { replacedOutput, type OutputRun } from "../../../src/output/write-output";
import { renderAll, RenderPool } from "../../../src/render/pool";
import { loadSampleSite, sampleDataDir } from "../support/sample-site";
import { createTempProject } from "../support/temp-project";

// The run's ledger (src/engine/run-ledger.ts, issue 37): each file is reported once, by name, and the figures, the
// cache's record and the link check read it.

const site = { baseUrl: "https://example.org" };

/** A ledger over a run and a record that only remember what they are told. */
function ledgerOf(last: BuildCache = new Map()) {
  const added: string[] = [];
  const kept: string[] = [];
  const run = { keep: (names: readonly string[]) => kept.push(...names) } as unknown as OutputRun;
  const record = { add: (name: string) => void added.push(name), keep: () => {}, save: async () => {} };
  const links = new KeptLinkCheck();
  links.begin(site);
  return { ledger: new RunLedger(run, record, links, last), added, kept, links };
}

describe("the run's ledger", () => {
  it("takes a file reported twice under one name once: one file in the figures, one in the cache's record", async () => {
    const { ledger, added } = ledgerOf();
    const page = { bytes: 10, sha256: "a".repeat(64), mtimeMs: 1, key: "k", pageKind: "city" as const, found: [{ links: [], ids: [] }] };
    expect(ledger.add("naples/index.html", page)).toBe(true);
    expect(ledger.add("naples/index.html", { ...page, bytes: 11 })).toBe(false);
    expect(ledger.add("assets/site.css", { bytes: 5, sha256: "b".repeat(64), mtimeMs: 2 })).toBe(true);
    expect(added).toEqual(["naples/index.html"]);
    expect(ledger.stamps).toEqual([["assets/site.css", 5, 2]]);
    const { content } = await loadSampleSite();
    const summary = ledger.figures.summary(content, { javascriptGzip: undefined } as never);
    expect([summary.files, summary.bytes, summary.pagesByKind]).toEqual([2, 15, { city: 1 }]);
  });

  it("counts a kept file as the last output holds it, and puts it into the run", async () => {
    const held: CachedFile = { key: "k", bytes: 7, sha256: "c".repeat(64), mtimeMs: 3, pageKind: "home" };
    const { ledger, kept } = ledgerOf(new Map([["index.html", held]]));
    ledger.keep(["index.html"]);
    expect(kept).toEqual(["index.html"]);
    const { content } = await loadSampleSite();
    expect(ledger.figures.summary(content, {} as never)).toMatchObject({ files: 1, bytes: 7, pagesByKind: { home: 1 } });
  });

  // Issue 37: after a render worker failed, this thread rendered every chosen route again and counted the pages the
  // worker had already reported twice.
  it("counts each page once when a render worker fails halfway and this thread renders the routes again", async () => {
    const project = await createTempProject({ data: sampleDataDir });
    try {
      const engine = (outDir: string) =>
        new BuildEngine({ root: project.root, dataDir: project.dataDir, outDir }, { cache: memoryCache(), output: replacedOutput(outDir, { manifest: false, folders: false }), renderer: staticRenderer("test") });
      const clean = await engine(path.join(project.root, "dist-clean")).run(undefined, { threads: 1 });
      // A pool whose worker renders the first half of the chosen routes, reports them, then fails (not the site's mistake).
      const failing = Object.assign(Object.create(RenderPool.prototype) as RenderPool, {
        count: 2,
        close: async () => {},
        async render(input: never, outDir: string, onRendered: never, only: { routes: never[]; numbers: number[] }) {
          const half = { ...only, numbers: only.numbers.slice(0, Math.ceil(only.numbers.length / 2)) };
          await renderAll(input, { threads: 1, outDir, onRendered, only: half });
          throw new Error("a render worker stopped (exit code 1) before it had done its work");
        },
      });
      const result = await engine(project.outDir).run(undefined, { threads: failing });
      expect(result.threads).toBe(1);
      expect(new Set(result.rendered).size).toBe(result.rendered.length);
      expect(result.rendered.sort()).toEqual(clean.rendered.sort());
      expect([result.files, result.bytes, result.pagesByKind]).toEqual([clean.files, clean.bytes, clean.pagesByKind]);
      expect((await readdir(project.outDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length).toBe(clean.files);
    } finally {
      await project.remove();
    }
  }, 120_000);
});
