import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateCities } from "../../../scripts/gen-cities";
import { build } from "../../../src/engine/build";
import { generateDocuments } from "../../../src/documents/generate";
import { prewarm, renderAll, renderThreadsFor } from "../../../src/render/pool";
import { ContentError } from "../../../src/errors";
import { cityFiles } from "../support/data-files";
import { projectRoot, testAssets } from "../support/site";
import { createTempProject, editFile } from "../support/temp-project";
import { loadSampleSite, sampleDataDir } from "../support/sample-site";

describe("rendering on several threads", () => {
  it("writes, for a few hundred generated cities, byte for byte the site one thread writes", async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), "flightsite-threads-"));
    try {
      const dataDir = path.join(work, "data");
      await cp(path.join(projectRoot, "data"), dataDir, { recursive: true });
      for (const [name, text] of await generateCities(200, path.join(dataDir, "cities"))) await writeFile(path.join(dataDir, "cities", name), text);
      const one = await build({ root: projectRoot, dataDir, outDir: path.join(work, "one"), threads: 1 });
      const three = await build({ root: projectRoot, dataDir, outDir: path.join(work, "three"), threads: 3 });
      // An English page for each real and generated city, and a Spanish one for each real city data/es/ translates (the generated have none).
      const real = cityFiles();
      expect(one.pagesByKind.city).toBe(real.length + 200 + real.filter((city) => city.spanish).length);
      expect(three.pagesByKind).toEqual(one.pagesByKind);
      expect([three.files, three.bytes]).toEqual([one.files, one.bytes]);
      const names = await filesIn(path.join(work, "one"));
      expect(await filesIn(path.join(work, "three"))).toEqual(names);
      const differing = [];
      for (const name of names) {
        const [a, b] = await Promise.all([readFile(path.join(work, "one", name)), readFile(path.join(work, "three", name))]);
        if (!a.equals(b)) differing.push(name);
      }
      expect(differing).toEqual([]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);

  it("hands on the links and ids found on each page, as it renders", async () => {
    const { content } = await loadSampleSite();
    const out = await mkdtemp(path.join(os.tmpdir(), "flightsite-render-"));
    try {
      const found = new Map<string, { links: string[]; ids: string[] }>();
      await renderAll({ content, assets: testAssets, downloads: await generateDocuments(content) }, { threads: 1, outDir: out, onRendered: (files) => {
        for (const file of files) {
          if (!("reused" in file) && file.found) found.set(file.file, { links: file.found.flatMap((piece) => piece.links), ids: file.found.flatMap((piece) => piece.ids) });
        }
      } });
      expect(found.get("naples/index.html")?.links).toContain("/cities/");
      expect(found.get("naples/index.html")?.ids).toContain("main");
      expect(found.get("podcast/feed.xml")?.links[0]).toBe(`${content.site.baseUrl}/podcast/feed.xml`);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 60_000);

  it("passes on what a worker thread throws, from a pool started early", async () => {
    const { content } = await loadSampleSite();
    const broken = { ...content, cities: [{ ...content.cities[0]!, airports: null }] } as unknown as typeof content;
    const input = { content: broken, assets: testAssets, downloads: await generateDocuments(content) };
    const out = await mkdtemp(path.join(os.tmpdir(), "flightsite-render-"));
    try {
      // Two threads: the worker renders the broken city's page or this thread does; either way it is reported.
      await expect(renderAll(input, { threads: prewarm(2), outDir: out, onRendered: () => {} })).rejects.toThrow(TypeError);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 60_000);

  it("reports the first failure and stops the other workers, whose own failures go unremarked", async () => {
    const { content } = await loadSampleSite();
    const broken = { ...content, home: null } as unknown as typeof content;
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", collect);
    const out = await mkdtemp(path.join(os.tmpdir(), "flightsite-render-"));
    try {
      // Every thread fails here, each once it has started.
      await expect(renderAll({ content: broken, assets: testAssets, downloads: await generateDocuments(content) }, { threads: 2, outDir: out, onRendered: () => {} })).rejects.toThrow(TypeError);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      process.off("unhandledRejection", collect);
      await rm(out, { recursive: true, force: true });
    }
    expect(unhandled).toEqual([]);
  }, 60_000);

  it("reports a content mistake in a file parsed on a thread exactly as one thread does, its place included", async () => {
    const project = await createTempProject({ data: sampleDataDir });
    try {
      // Several files, each parsed on a different thread: a schema problem, and a cross-file one found later.
      await editFile(path.join(project.dataDir, "cities/naples.yaml"), /^cityName: .*$/m, "cityName: 12");
      await editFile(path.join(project.dataDir, "cities/sarasota.yaml"), /slug: [a-z-]+/, "slug: atlantis");
      await editFile(path.join(project.dataDir, "cities/vero-beach.yaml"), /^title: .*$/m, "title:");
      const messageWith = async (threads: number) => {
        const error = await build({ root: project.root, dataDir: project.dataDir, outDir: path.join(project.root, `out-${threads}`), threads }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ContentError);
        return (error as ContentError).message;
      };
      const one = await messageWith(1);
      expect(one.split("\n")).toEqual([
        "data/cities/naples.yaml:2:11 cityName: expected string, got number",
        "data/cities/vero-beach.yaml:4:7 title: expected string, got nothing (null)",
        'data/cities/sarasota.yaml:15:9 nearbyCity1.slug: no city "atlantis" in data/cities/; leave out slug for a place without its own page',
      ]);
      expect(await messageWith(2)).toBe(one);
      expect(await messageWith(3)).toBe(one);
    } finally {
      await project.remove();
    }
  }, 60_000);

  it("uses one thread for a site of this size, and several from a thousand city and destination pages", async () => {
    const { content } = await loadSampleSite();
    expect(renderThreadsFor(content)).toBe(1);
    const many = { ...content, cities: Array.from({ length: 334 }, () => content.cities[0]!) };
    expect(renderThreadsFor(many)).toBe(Math.max(1, (await import("node:os")).availableParallelism()));
  });
});

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}
