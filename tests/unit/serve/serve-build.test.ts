import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { load } from "cheerio";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareCardColours } from "../../../templates/ShareCard";
import { build } from "../../../src/engine/build";
import { manifestFile } from "../../../src/output/manifest";
import { DevBuild } from "../../../src/serve/dev-build";
import { diskCardStore } from "../../../src/images/share-cards";
import { differences } from "../support/differences";
import { createTempProject, editFile, type TempProject } from "../support/temp-project";
import { loadSampleSite, sampleDataDir } from "../support/sample-site";

// The watch build (the build engine with its cache in memory, src/serve/dev-build.ts) rewrites only what changed.
// These tests hold it to the one promise that matters: whatever the edits, saved as a watcher reports them, the output
// folder ends up exactly as a fresh `flightsite build`. The engine's own tests are in build-engine.test.ts.

describe("the watch build", () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await createTempProject({ data: sampleDataDir });
  });
  afterAll(() => project?.remove());

  const freshBuild = async (name: string) => {
    const outDir = path.join(project.root, name);
    await rm(outDir, { recursive: true, force: true });
    await build({ root: project.root, dataDir: project.dataDir, outDir });
    return outDir;
  };

  it("writes byte for byte what flightsite build writes", async () => {
    const builder = new DevBuild({ root: project.root, dataDir: project.dataDir, outDir: project.outDir });
    const result = await builder.rebuild();
    expect(result.removed).toEqual([]);
    expect(await differences(project.outDir, await freshBuild("dist-fresh"), [manifestFile])).toEqual([]);
  }, 60_000);

  it("renders a first build on several threads, as a large site would, to the same bytes, and then rewrites nothing", async () => {
    const outDir = path.join(project.root, "dist-threads");
    const builder = new DevBuild({ root: project.root, dataDir: project.dataDir, outDir, threads: 2 });
    expect((await builder.rebuild()).threads).toBe(2);
    expect(await differences(outDir, await freshBuild("dist-fresh"), [manifestFile])).toEqual([]);
    const again = await builder.rebuild([path.join(project.dataDir, "cities/naples.yaml")]);
    expect(again.written).toEqual([]);
    await rm(outDir, { recursive: true, force: true });
  }, 60_000);

  it("after edits, a new city and a removed one, leaves the output exactly as a fresh build would", async () => {
    const builder = new DevBuild({ root: project.root, dataDir: project.dataDir, outDir: project.outDir });
    await builder.rebuild();
    const file = (name: string) => path.join(project.dataDir, name);

    // Sarasota becomes Venice: every Sarasota page must go, every Venice page must appear. No city links to Sarasota.
    const sarasota = await readFile(file("cities/sarasota.yaml"), "utf8");
    await writeFile(file("cities/venice.yaml"), sarasota.replaceAll("Sarasota", "Venice").replace("urlSlug: sarasota", "urlSlug: venice"));
    await rm(file("cities/sarasota.yaml"));
    const first = await builder.rebuild([file("cities/venice.yaml"), file("cities/sarasota.yaml")]);
    expect(first.removed).toContain("sarasota/index.html");
    expect(first.written).toContain("venice/flights-to-mayo-clinic-rochester/index.html");
    expect(first.written).toContain("sitemap.xml");
    expect(await differences(project.outDir, await freshBuild("dist-fresh"), [manifestFile])).toEqual([]);

    // A destination's text is on every city's page for it; the tagline is on every page.
    await editFile(file("destinations/md-anderson.yaml"), /^intro: >-$/m, "intro: >-\n  Edited for the test.");
    await editFile(file("site.yaml"), "tagline: There When You Need Us", "tagline: There When You Need Us, Day and Night");
    const second = await builder.rebuild([file("destinations/md-anderson.yaml"), file("site.yaml")]);
    // Every English page of the site (as many as data/ gives: one city became another): the Spanish ones keep their own tagline.
    const englishPages = (await loadSampleSite()).routes.filter((route) => route.kind === "page" && !route.translated);
    expect(second.written.filter((name) => name.endsWith(".html"))).toHaveLength(englishPages.length);
    expect(await differences(project.outDir, await freshBuild("dist-fresh"), [manifestFile])).toEqual([]);
  }, 60_000);

  // Issue 38 (point 4): a save is served at once; a share card it needs drawn follows with the next rebuild.
  it("after a save that retitles a city, writes its pages at once and puts its new share card in with the next rebuild", async () => {
    const storeRoot = await mkdtemp(path.join(os.tmpdir(), "flightsite-cards-"));
    const naples = path.join(project.dataDir, "cities/naples.yaml");
    const title = /^title: (.+)$/m.exec(await readFile(naples, "utf8"))![0];
    try {
      const builder = new DevBuild({ root: project.root, dataDir: project.dataDir, outDir: project.outDir }, { cards: diskCardStore(storeRoot) });
      await builder.rebuild();
      // The same length in capitals: within its limit, and a card no store holds.
      await editFile(naples, title, `title: ${title.slice("title: ".length).toUpperCase()}`);
      const saved = await builder.rebuild([naples], { cardsFollow: true });
      expect(saved.written).toContain("naples/index.html");
      expect(saved.written.filter((file) => file.startsWith("assets/cards/")), "no card waited for").toEqual([]);
      expect(saved.cardsFollowing).toBeInstanceOf(Promise);
      await saved.cardsFollowing;
      const followed = await builder.rebuild([], { cardsFollow: true });
      expect(followed.written.length, "the new card").toBeGreaterThan(0);
      expect(followed.written.filter((file) => !file.startsWith("assets/cards/")), "nothing but cards").toEqual([]);
      expect(followed.cardsFollowing).toBeUndefined();
      expect(await differences(project.outDir, await freshBuild("dist-fresh"), [manifestFile])).toEqual([]);
    } finally {
      await editFile(naples, `title: ${title.slice("title: ".length).toUpperCase()}`, title);
      await rm(storeRoot, { recursive: true, force: true });
    }
  }, 60_000);

  // Issue 38: the dev server draws with the card's template as it is now, as it renders the pages with theirs.
  it("draws the share cards after an edit of their template with the edited template, under new names", async () => {
    const storeRoot = await mkdtemp(path.join(os.tmpdir(), "flightsite-cards-"));
    const template = path.join(project.root, "templates/ShareCard.tsx");
    const [before, after] = [`background: "${shareCardColours.background}"`, 'background: "#6c0b4f"'];
    const cardOf = async () => {
      const url = load(await readFile(path.join(project.outDir, "naples/index.html"), "utf8"))('meta[property="og:image"]').attr("content")!;
      return path.join(project.outDir, new URL(url).pathname.replace(/^\//, ""));
    };
    const cornerOf = async (file: string) => [...(await sharp(file).raw().toBuffer()).subarray(0, 3)];
    const original = await readFile(template, "utf8");
    try {
      const builder = new DevBuild({ root: project.root, dataDir: project.dataDir, outDir: project.outDir }, { cards: diskCardStore(storeRoot) });
      await builder.rebuild();
      const first = await cardOf();
      expect(await cornerOf(first)).toEqual([0x0b, 0x4f, 0x6c]);

      await editFile(template, before, after);
      const saved = await builder.rebuild([template], { cardsFollow: true });
      expect(saved.written).toContain("naples/index.html");
      const edited = await cardOf();
      expect(path.basename(edited), "a card drawn by other code is named anew").not.toBe(path.basename(first));
      await saved.cardsFollowing;
      await builder.rebuild([], { cardsFollow: true });
      expect(await cornerOf(edited), "drawn with the template as saved").toEqual([0x6c, 0x0b, 0x4f]);
      expect(existsSync(first), "the card the page showed before is gone").toBe(false);
    } finally {
      await writeFile(template, original);
      await rm(storeRoot, { recursive: true, force: true });
    }
  }, 60_000);

  it("says when a save's share card could not be stored, rather than leaving it to be tried again at once", async () => {
    const storeRoot = await mkdtemp(path.join(os.tmpdir(), "flightsite-cards-"));
    const naples = path.join(project.dataDir, "cities/naples.yaml");
    const title = /^title: (.+)$/m.exec(await readFile(naples, "utf8"))![0];
    try {
      const disk = diskCardStore(storeRoot);
      let full = false;
      const cards = { get: disk.get, put: (file: string, bytes: Uint8Array) => (full ? Promise.reject(new Error("no space left on device")) : disk.put(file, bytes)) };
      const builder = new DevBuild({ root: project.root, dataDir: project.dataDir, outDir: project.outDir }, { cards });
      await builder.rebuild();
      full = true;
      await editFile(naples, title, `title: ${title.slice("title: ".length).toUpperCase()}`);
      const saved = await builder.rebuild([naples], { cardsFollow: true });
      expect(saved.written).toContain("naples/index.html");
      await expect(saved.cardsFollowing).rejects.toThrow("no space left on device");
    } finally {
      await editFile(naples, `title: ${title.slice("title: ".length).toUpperCase()}`, title);
      await rm(storeRoot, { recursive: true, force: true });
    }
  }, 60_000);

  it("after a city's save, rewrites only the pages it changed, to the bytes a fresh build writes", async () => {
    const builder = new DevBuild({ root: project.root, dataDir: project.dataDir, outDir: project.outDir });
    await builder.rebuild();
    const naples = path.join(project.dataDir, "cities/naples.yaml");
    // The airport's name is on the city page and on its destination pages; no other page shows it.
    await editFile(naples, /name: Naples Airport$/m, "name: Naples Municipal Airport");
    const saved = await builder.rebuild([naples]);
    // Naples is translated (data/es/cities/naples.yaml), and its Spanish pages show the same airport.
    expect(saved.written.sort()).toEqual([
      "es/naples/flights-to-mayo-clinic-rochester/index.html",
      "es/naples/flights-to-md-anderson-houston/index.html",
      "es/naples/index.html",
      "naples/flights-to-mayo-clinic-rochester/index.html",
      "naples/flights-to-md-anderson-houston/index.html",
      "naples/index.html",
    ]);
    expect(await differences(project.outDir, await freshBuild("dist-fresh"), [manifestFile])).toEqual([]);

    // An airport code is also on the list of cities; a name is on the home page and the list, and orders it.
    await editFile(naples, /code: APF$/m, "code: APG");
    expect((await builder.rebuild([naples])).written).toContain("cities/index.html");
    expect(await differences(project.outDir, await freshBuild("dist-fresh"), [manifestFile])).toEqual([]);
    await editFile(naples, /^cityName: Naples$/m, "cityName: Aaa Naples");
    expect((await builder.rebuild([naples])).written).toContain("index.html");
    expect(await differences(project.outDir, await freshBuild("dist-fresh"), [manifestFile])).toEqual([]);

    // Back as it was: the output is the first build's again.
    await editFile(naples, /^cityName: Aaa Naples$/m, "cityName: Naples");
    await editFile(naples, /code: APG$/m, "code: APF");
    await editFile(naples, /name: Naples Municipal Airport$/m, "name: Naples Airport");
    await builder.rebuild([naples]);
    expect(await differences(project.outDir, await freshBuild("dist-fresh"), [manifestFile])).toEqual([]);
  }, 60_000);
});
