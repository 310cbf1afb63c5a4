import { cp, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { build } from "../../../src/engine/build";
import { buildCacheFile, readBuildCache } from "../../../src/engine/build-cache";
import { codeId } from "../../../src/engine/code-id";
import { BuildEngine } from "../../../src/engine/engine";
import { diskCache, memoryCache, staticRenderer, type RendererSource } from "../../../src/engine/engine-parts";
import { manifestFile } from "../../../src/output/manifest";
import { replacedOutput, updatedOutput } from "../../../src/output/write-output";
import { ContentError } from "../../../src/errors";
import { differences } from "../support/differences";
import { createTempProject, editFile, type TempProject } from "../support/temp-project";
import { cityFiles } from "../support/data-files";
import { nearbyAirportsRenderer, nearbyCities } from "../support/nearby-airports";
import { loadSampleSite, sampleDataDir } from "../support/sample-site";

// The build engine (issue 14) behind both `flightsite build` (cache on disk, output written whole) and `serve --watch`
// (cache in memory, output updated in place). Whatever the edits and whichever the parts, the output must stay
// exactly what a clean build without a cache writes, and a run renders only what its changes affect.

// Naples has a complete Spanish translation in data/es/, so its pages are in both languages and show its airports in both.
const naplesEnglishPages = ["naples/flights-to-mayo-clinic-rochester/index.html", "naples/flights-to-md-anderson-houston/index.html", "naples/index.html"];
const naplesPages = [...naplesEnglishPages.map((page) => `es/${page}`), ...naplesEnglishPages];

describe("the build engine", () => {
  let project: TempProject;
  const file = (name: string) => path.join(project.dataDir, name);
  const options = () => ({ root: project.root, dataDir: project.dataDir, outDir: project.outDir });
  const clean = async () => {
    const outDir = path.join(project.root, "dist-clean");
    await rm(outDir, { recursive: true, force: true });
    await build({ root: project.root, dataDir: project.dataDir, outDir });
    return outDir;
  };

  /** `serve --watch`'s parts, with the renderer this process imported (or `renderer`). */
  const inMemory = (renderer: RendererSource = staticRenderer("test")) =>
    new BuildEngine(options(), { cache: memoryCache(), output: updatedOutput(project.outDir), renderer });

  /** `flightsite build`'s parts: a new engine each time, as each build is a new process, with the cache it left on disk. */
  const onDisk = async () => {
    const code = codeId();
    const cacheFile = buildCacheFile(project.root, project.outDir);
    const previous = (await readBuildCache(cacheFile, code))?.whole();
    const cache = diskCache({ root: project.root, file: cacheFile, code, previous, inputs: "not looked at by the engine" });
    return new BuildEngine(options(), { cache, output: replacedOutput(project.outDir), renderer: staticRenderer(code) });
  };

  beforeAll(async () => {
    project = await createTempProject({ data: sampleDataDir });
  });
  afterAll(() => project?.remove());
  beforeEach(async () => {
    await rm(project.outDir, { recursive: true, force: true });
    await rm(buildCacheFile(project.root, project.outDir), { force: true });
  });

  describe("driven in memory, as serve drives it", () => {
    it("writes what a clean build writes, then after a city's save renders and writes exactly that city's pages", async () => {
      const engine = inMemory();
      const first = await engine.run();
      expect(first.written.length).toBe(first.files);
      expect(await differences(project.outDir, await clean(), [manifestFile])).toEqual([]);

      // The airport's name is on the city page and on its destination pages; no other page shows it.
      await editFile(file("cities/naples.yaml"), /name: Naples Airport$/m, "name: Naples Municipal Airport");
      const saved = await engine.run({ data: [file("cities/naples.yaml")] });
      expect(saved.rendered.sort()).toEqual(naplesPages);
      expect(saved.written.sort()).toEqual(naplesPages);
      expect(saved.removed).toEqual([]);
      expect(await differences(project.outDir, await clean(), [manifestFile])).toEqual([]);
      // The figures of the whole output, though only that city's pages were looked at.
      const { files, bytes, pagesByKind } = await build({ root: project.root, dataDir: project.dataDir, outDir: path.join(project.root, "dist-clean") });
      expect({ files: saved.files, bytes: saved.bytes, pagesByKind: saved.pagesByKind }).toEqual({ files, bytes, pagesByKind });
      await editFile(file("cities/naples.yaml"), /name: Naples Municipal Airport$/m, "name: Naples Airport");
    }, 60_000);

    it("after a save of a city's translation, renders and writes exactly that city's Spanish pages", async () => {
      const engine = inMemory();
      await engine.run();
      const spanish = file("es/cities/naples.yaml");
      await editFile(spanish, /^localCareOverview: >-\n  /m, "localCareOverview: >-\n  También, ");
      try {
        const saved = await engine.run({ data: [spanish] });
        // Its destination pages are made from the city too; only the city's own page shows that text.
        expect(saved.rendered.sort()).toEqual(naplesPages.filter((page) => page.startsWith("es/")));
        expect(saved.written).toEqual(["es/naples/index.html"]);
        expect(await readFile(path.join(project.outDir, "es/naples/index.html"), "utf8")).toContain("También, Naples");
        expect(await differences(project.outDir, await clean(), [manifestFile])).toEqual([]);
      } finally {
        await editFile(spanish, /^localCareOverview: >-\n  También, /m, "localCareOverview: >-\n  ");
      }
    }, 60_000);

    it("removes a deleted city's pages from the output and the sitemap", async () => {
      const engine = inMemory();
      await engine.run();
      const sarasota = await readFile(file("cities/sarasota.yaml"), "utf8");
      await rm(file("cities/sarasota.yaml"));
      try {
        const result = await engine.run({ data: [file("cities/sarasota.yaml")] });
        expect(result.removed).toContain("sarasota/index.html");
        expect(result.written).toEqual(expect.arrayContaining(["index.html", "cities/index.html", "sitemap.xml"]));
        await expect(stat(path.join(project.outDir, "sarasota/index.html"))).rejects.toThrow();
        expect(await readFile(path.join(project.outDir, "sitemap.xml"), "utf8")).not.toContain("/sarasota/");
        expect(await differences(project.outDir, await clean(), [manifestFile])).toEqual([]);
      } finally {
        await writeFile(file("cities/sarasota.yaml"), sarasota);
      }
    }, 60_000);

    it("renders every page again when the templates change, and writes only the files whose bytes changed", async () => {
      // A renderer loaded again after a template edit has a new id, which every route's key includes.
      let loads = 0;
      const reloading: RendererSource = { load: async () => ({ ...(await staticRenderer("").load(undefined)), id: `edit ${++loads}` }), templateError: (error) => error };
      const engine = inMemory(reloading);
      const first = await engine.run();
      const again = await engine.run({ data: [], renderer: true });
      expect(loads).toBe(2);
      expect(again.rendered.length).toBe(first.rendered.length);
      expect(again.written).toEqual([]);
    }, 60_000);

    it("keeps the last good output when a run fails, and writes nothing once the mistake is undone", async () => {
      const engine = inMemory();
      await engine.run();
      const naples = file("cities/naples.yaml");
      const before = await readFile(path.join(project.outDir, "naples/index.html"), "utf8");
      await editFile(naples, /^cityName: Naples$/m, "cityName: Naples Shore");
      await editFile(naples, /^title: (.*)$/m, "title: ");
      await expect(engine.run({ data: [naples] })).rejects.toBeInstanceOf(ContentError);
      expect(await readFile(path.join(project.outDir, "naples/index.html"), "utf8")).toBe(before);

      await editFile(naples, /^cityName: Naples Shore$/m, "cityName: Naples");
      await editFile(naples, /^title: $/m, "title: Medical Flights in Naples, FL | Bed-to-Bed Coordination");
      expect((await engine.run({ data: [naples] })).written).toEqual([]);

      // A link that leads nowhere is found once the pages are rendered: nothing is written either.
      const families = file("pages/for-families.yaml");
      const page = path.join(project.outDir, "for-families/index.html");
      const good = await readFile(page, "utf8");
      await editFile(families, "[insurance page](/insurance)", "[insurance page](/insurence)");
      await expect(engine.run({ data: [families] })).rejects.toThrow("link to /insurence/ does not resolve");
      expect(await readFile(page, "utf8")).toBe(good);
      await editFile(families, "[insurance page](/insurence)", "[insurance page](/insurance)");
      expect((await engine.run({ data: [families] })).written).toEqual([]);
    }, 60_000);
  });

  describe("with the cache on disk, as flightsite build drives it", () => {
    it("renders again only the pages of a city whose airport changed, and links the rest from the last output", async () => {
      const first = await (await onDisk()).run();
      expect(first.reused).toBe(0);
      await editFile(file("cities/naples.yaml"), "name: Naples Airport", "name: Naples Municipal Airport");
      try {
        const result = await (await onDisk()).run();
        expect(result.rendered.sort()).toEqual(naplesPages);
        expect(result.reused).toBe(first.rendered.length - naplesPages.length);
        expect(await readFile(path.join(project.outDir, "naples/index.html"), "utf8")).toContain("Naples Municipal Airport");
        expect(await differences(project.outDir, await clean())).toEqual([]);
      } finally {
        await editFile(file("cities/naples.yaml"), "name: Naples Municipal Airport", "name: Naples Airport");
      }
    }, 60_000);

    it("removes a deleted city's pages from the output and the sitemap, and renders the lists that named it", async () => {
      await (await onDisk()).run();
      const sarasota = await readFile(file("cities/sarasota.yaml"), "utf8");
      await rm(file("cities/sarasota.yaml"));
      try {
        const result = await (await onDisk()).run();
        expect(result.rendered).toEqual(expect.arrayContaining(["index.html", "cities/index.html", "sitemap.xml"]));
        expect(result.rendered).not.toContain("naples/index.html");
        await expect(stat(path.join(project.outDir, "sarasota/index.html"))).rejects.toThrow();
        expect(await readFile(path.join(project.outDir, "sitemap.xml"), "utf8")).not.toContain("/sarasota/");
        expect(await differences(project.outDir, await clean())).toEqual([]);
      } finally {
        await writeFile(file("cities/sarasota.yaml"), sarasota);
      }
    }, 60_000);

    it("renders every page again when site.yaml changes", async () => {
      const before = await (await onDisk()).run();
      await editFile(file("site.yaml"), "tagline: There When You Need Us", "tagline: There When You Need Us, Day and Night");
      try {
        const result = await (await onDisk()).run();
        expect(result.reused).toBe(0);
        expect(result.rendered.length).toBe(before.rendered.length);
        expect(await differences(project.outDir, await clean())).toEqual([]);
      } finally {
        await editFile(file("site.yaml"), "tagline: There When You Need Us, Day and Night", "tagline: There When You Need Us");
      }
    }, 60_000);

    it("leaves the last good output and its cache as they were when a run fails", async () => {
      await (await onDisk()).run();
      const before = await readFile(path.join(project.outDir, "naples/index.html"), "utf8");
      const naples = await readFile(file("cities/naples.yaml"), "utf8");
      await writeFile(file("cities/naples.yaml"), naples.replace("cityName: Naples", "cityName: 42"));
      try {
        await expect((await onDisk()).run()).rejects.toBeInstanceOf(ContentError);
        expect(await readFile(path.join(project.outDir, "naples/index.html"), "utf8")).toBe(before);
      } finally {
        await writeFile(file("cities/naples.yaml"), naples);
      }
      expect((await (await onDisk()).run()).rendered).toEqual([]);

      // A link that leads nowhere is found after the pages are written into the fresh folder, which is then dropped.
      const families = file("pages/for-families.yaml");
      const last = path.join(project.root, "dist-last");
      await rm(last, { recursive: true, force: true });
      await cp(project.outDir, last, { recursive: true });
      await editFile(families, "[insurance page](/insurance)", "[insurance page](/insurence)");
      try {
        await expect((await onDisk()).run()).rejects.toThrow("link to /insurence/ does not resolve");
        expect(await differences(project.outDir, last)).toEqual([]);
      } finally {
        await editFile(families, "[insurance page](/insurence)", "[insurance page](/insurance)");
      }
      expect((await (await onDisk()).run()).rendered).toEqual([]);
    }, 60_000);
  });

  describe("what a page is made from, stated once in the route table", () => {
    // Naples' airport is named on the pages of the cities that name Naples as nearby (as their files say), once the
    // template shows it; the Spanish page of each that data/es/ translates shows it as its English one does.
    const readers = cityFiles(sampleDataDir).filter((city) => city.nearby.some((place) => place.slug === "naples"));
    const readersOfNaples = readers.map((city) => `${city.urlSlug}/index.html`).sort();
    const readerPages = [...readersOfNaples, ...readers.filter((city) => city.spanish).map((city) => `es/${city.urlSlug}/index.html`)];
    const naples = () => file("cities/naples.yaml");
    const renamed = "name: Naples Municipal Airport";

    it("knows from the real data which cities name Naples as nearby", async () => {
      const { content } = await loadSampleSite();
      const readers = content.cities.filter((city) => nearbyCities(content, city).some((other) => other.urlSlug === "naples"));
      expect(readers.map((city) => `${city.urlSlug}/index.html`).sort()).toEqual(readersOfNaples);
    });

    it("renders again, after another city's save, exactly the pages that declare they show it, in serve and in build", async () => {
      const engine = inMemory(nearbyAirportsRenderer("nearby"));
      await engine.run();
      await editFile(naples(), /name: Naples Airport$/m, renamed);
      try {
        const saved = await engine.run({ data: [naples()] });
        expect(saved.rendered.sort()).toEqual([...naplesPages, ...readerPages].sort());
        expect(saved.written.sort()).toEqual([...naplesPages, ...readerPages].sort());
        expect(await readFile(path.join(project.outDir, readersOfNaples[0]!), "utf8")).toContain("Naples Municipal Airport");
        // Byte for byte what a clean run of the same route table writes.
        const cleanDir = path.join(project.root, "dist-nearby");
        await rm(cleanDir, { recursive: true, force: true });
        await new BuildEngine({ ...options(), outDir: cleanDir }, { cache: undefined, output: replacedOutput(cleanDir), renderer: nearbyAirportsRenderer("nearby") }).run();
        expect(await differences(project.outDir, cleanDir, [manifestFile])).toEqual([]);
      } finally {
        await editFile(naples(), renamed, "name: Naples Airport");
      }

      // flightsite build, from its cache on disk: the same pages, through their keys.
      const code = codeId();
      const onDiskWith = async () => {
        const cacheFile = buildCacheFile(project.root, project.outDir);
        const previous = (await readBuildCache(cacheFile, code))?.whole();
        const cache = diskCache({ root: project.root, file: cacheFile, code, previous, inputs: "not looked at by the engine" });
        return new BuildEngine(options(), { cache, output: replacedOutput(project.outDir), renderer: nearbyAirportsRenderer(code) });
      };
      await rm(project.outDir, { recursive: true, force: true });
      await (await onDiskWith()).run();
      await editFile(naples(), /name: Naples Airport$/m, renamed);
      try {
        expect((await (await onDiskWith()).run()).rendered.sort()).toEqual([...naplesPages, ...readerPages].sort());
      } finally {
        await editFile(naples(), renamed, "name: Naples Airport");
      }
    }, 60_000);

    it("leaves those pages stale when the template shows the other city without the declaration saying so", async () => {
      // What the declaration is for: without it the dev server has no way to know, and serves the old airport name.
      const engine = inMemory(nearbyAirportsRenderer("undeclared", { declared: false }));
      await engine.run();
      await editFile(naples(), /name: Naples Airport$/m, renamed);
      try {
        const saved = await engine.run({ data: [naples()] });
        expect(saved.rendered.sort()).toEqual(naplesPages);
        expect(await readFile(path.join(project.outDir, readersOfNaples[0]!), "utf8")).not.toContain("Naples Municipal Airport");
      } finally {
        await editFile(naples(), renamed, "name: Naples Airport");
      }
    }, 60_000);
  });
});
