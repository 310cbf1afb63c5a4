import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../../src/engine/build";
import { buildCacheFile, cachedDocuments, readBuildCache } from "../../../src/engine/build-cache";
import { codeId } from "../../../src/engine/code-id";
import { createTempProject, editFile, type TempProject } from "../support/temp-project";
import { differences } from "../support/differences";
import { loadSampleSite, sampleDataDir } from "../support/sample-site";

// The build cache (issue 14): a build renders only the files whose inputs changed and links the rest from the last
// output. Whatever the edits, the output must stay exactly what a clean build without the cache writes. What the
// build engine renders again for which change, and what a failed build leaves, is tested in build-engine.test.ts;
// here, what `flightsite build` adds: the up-to-date check, the output changed by hand, the cached bundle.

describe("the build cache", () => {
  let project: TempProject;
  const cached = () => build({ root: project.root, dataDir: project.dataDir, outDir: project.outDir, cache: true });
  const clean = async () => {
    const outDir = path.join(project.root, "dist-clean");
    await rm(outDir, { recursive: true, force: true });
    await build({ root: project.root, dataDir: project.dataDir, outDir });
    return outDir;
  };
  const file = (name: string) => path.join(project.dataDir, name);

  beforeAll(async () => {
    project = await createTempProject({ data: sampleDataDir });
  });
  afterAll(() => project?.remove());

  it("renders nothing on a second build with nothing changed, and writes the same bytes", async () => {
    const first = await cached();
    expect(first.reused).toBe(0);
    expect(first.upToDate).toBeUndefined();
    const page = path.join(project.outDir, "naples/index.html");
    const written = await stat(page);
    // The same files and code: the output is kept as it is, and the same summary given.
    const second = await cached();
    expect(second.upToDate).toBe(true);
    expect(second.rendered).toEqual([]);
    expect(second.reused).toBe(first.rendered.length);
    expect({ ...second, timings: {}, memory: undefined, upToDate: undefined, reused: 0 }).toEqual({ ...first, timings: {}, memory: undefined, rendered: [], reused: 0, shareCards: undefined });
    expect((await stat(page)).mtimeMs).toBe(written.mtimeMs);
    // A data file saved again unchanged is looked at: its pages' keys are the same, so nothing renders either.
    const now = new Date();
    await utimes(file("cities/naples.yaml"), now, now);
    const third = await cached();
    expect(third.upToDate).toBeUndefined();
    expect(third.rendered).toEqual([]);
    expect(await differences(project.outDir, await clean())).toEqual([]);
  }, 60_000);

  it("builds again when the output was changed since: a file edited, removed or added by hand", async () => {
    await cached();
    await writeFile(path.join(project.outDir, "stray.html"), "<p>not from the build</p>");
    expect((await cached()).upToDate).toBeUndefined();
    await expect(stat(path.join(project.outDir, "stray.html"))).rejects.toThrow();
    // Deep in the tree too: a file beside a city's page.
    const city = (await readdir(path.join(project.dataDir, "cities")))[0]!.replace(/\.ya?ml$/, "");
    await writeFile(path.join(project.outDir, city, "notes.txt"), "not from the build");
    expect((await cached()).upToDate).toBeUndefined();
    await expect(stat(path.join(project.outDir, city, "notes.txt"))).rejects.toThrow();
    // A folder, even an empty one, and a file taken out and put back as it was (its folder's time tells).
    await mkdir(path.join(project.outDir, city, "drafts"));
    expect((await cached()).upToDate).toBeUndefined();
    await expect(stat(path.join(project.outDir, city, "drafts"))).rejects.toThrow();
    const page = path.join(project.outDir, city, "index.html");
    const times = await stat(page);
    await rename(page, `${page}.moved`);
    await rename(`${page}.moved`, page);
    await utimes(page, times.atime, times.mtime);
    expect((await cached()).upToDate).toBeUndefined();
    await rm(path.join(project.outDir, "downloads"), { recursive: true });
    expect((await cached()).upToDate).toBeUndefined();
    expect((await cached()).upToDate).toBe(true);
    expect(await differences(project.outDir, await clean())).toEqual([]);
  }, 60_000);

  it("bundles the stylesheet again when it changes, and renders every page, which names the new file", async () => {
    const before = await cached();
    const page = () => readFile(path.join(project.outDir, "index.html"), "utf8");
    const cssBefore = /href="(\/assets\/site\.[^"]+\.css)"/.exec(await page())![1];
    await editFile(path.join(project.root, "templates/styles/site.css"), "--ink: #1c2733;", "--ink: #1c2734;");
    const result = await cached();
    const cssAfter = /href="(\/assets\/site\.[^"]+\.css)"/.exec(await page())![1];
    expect(cssAfter).not.toBe(cssBefore);
    expect(await readFile(path.join(project.outDir, cssAfter!.slice(1)), "utf8")).toContain("#1c2734");
    expect(result.rendered.length).toBe(before.rendered.length + before.reused);
    expect(await differences(project.outDir, await clean())).toEqual([]);
  }, 60_000);

  it("renders every city's pages again when a destination or city-common.yaml changes, which they all show", async () => {
    await cached();
    await editFile(file("destinations/md-anderson.yaml"), /^intro: >-$/m, "intro: >-\n  Edited for the test.");
    const result = await cached();
    expect(result.rendered).toEqual(expect.arrayContaining(["naples/index.html", "naples/flights-to-mayo-clinic-rochester/index.html"]));
    expect(await differences(project.outDir, await clean())).toEqual([]);
  }, 60_000);

  it("renders a file again when the output was changed by hand, or by the dev server, since the last build", async () => {
    await cached();
    await writeFile(path.join(project.outDir, "naples/index.html"), "edited by hand");
    const result = await cached();
    expect(result.rendered).toEqual(["naples/index.html"]);
    expect(await differences(project.outDir, await clean())).toEqual([]);
  }, 60_000);

  it("is not used by other code: a cache made by a different renderer is ignored", async () => {
    await cached();
    const cacheFile = buildCacheFile(project.root, project.outDir);
    expect((await readBuildCache(cacheFile, codeId()))?.whole()).toBeDefined();
    expect((await readBuildCache(cacheFile, "templates changed since"))?.whole()).toBeUndefined();
    expect(await readBuildCache(cacheFile, "templates changed since")).toBeUndefined();
  }, 60_000);

  it("tells from its first line alone what the last build wrote: each file's name, size and time", async () => {
    await cached();
    const cacheFile = buildCacheFile(project.root, project.outDir);
    const full = (await readBuildCache(cacheFile, codeId()))!.whole()!;
    const lines = (await readFile(cacheFile, "utf8")).split("\n");
    expect(lines).toHaveLength(3); // two lines of JSON, each ended by a line break
    await writeFile(cacheFile, `${lines[0]}\n`); // the rest is not read until asked for
    const last = (await readBuildCache(cacheFile, codeId()))!;
    expect(last.last).toEqual(full.last);
    expect(last.files).toEqual([...full].map(([name, { bytes, mtimeMs }]) => [name, bytes, mtimeMs]));
    expect(last.files.find(([name]) => name === "naples/index.html")?.[1]).toBe((await stat(path.join(project.outDir, "naples/index.html"))).size);
    expect(last.whole()).toBeUndefined(); // without its rest, the cache is not used: everything renders
  }, 60_000);
});

describe("the id of the code that renders", () => {
  it("changes with any file of src/, templates/ or client/, but not with their READMEs", async () => {
    const { mkdtemp, mkdir } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const root = await mkdtemp(path.join(tmpdir(), "flightsite-code-id-"));
    try {
      for (const folder of ["src/engine", "templates", "client"]) await mkdir(path.join(root, folder), { recursive: true });
      await writeFile(path.join(root, "src/engine/README.md"), "# build\n");
      await writeFile(path.join(root, "src/engine/build.ts"), "export {};\n");
      await writeFile(path.join(root, "templates/Page.tsx"), "export {};\n");
      const before = codeId(root);
      await writeFile(path.join(root, "src/engine/README.md"), "# build, described better\n");
      expect(codeId(root)).toBe(before);
      await writeFile(path.join(root, "templates/Page.tsx"), "export const changed = true;\n");
      expect(codeId(root)).not.toBe(before);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("the downloads kept in the build cache", () => {
  // Issue 41: the test files run side by side, and two builds storing at once removed each other's file being
  // written (the first removed the whole folder), failing the other build.
  it("replace the stale set, but not a file another build is still writing beside them", async () => {
    const { mkdtemp } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const root = await mkdtemp(path.join(tmpdir(), "flightsite-downloads-"));
    try {
      const folder = path.join(root, ".flightsite/build-cache/downloads");
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, "0123456789abcdef0123456789abcdef01234567.json"), "[]");
      await writeFile(path.join(folder, "fedcba9876543210fedcba9876543210fedcba98.json.tmp-1-another"), "[");
      const { content } = await loadSampleSite();
      const downloads = await cachedDocuments(root, "code", content);
      const names = await readdir(folder);
      expect(names.filter((name) => name.includes(".tmp-"))).toEqual(["fedcba9876543210fedcba9876543210fedcba98.json.tmp-1-another"]);
      const stored = names.filter((name) => !name.includes(".tmp-"));
      expect(stored).toEqual([expect.stringMatching(/^[0-9a-f]{40}\.json$/)]);
      expect(stored[0]).not.toBe("0123456789abcdef0123456789abcdef01234567.json");
      // The next build takes them from there.
      expect(await cachedDocuments(root, "code", content)).toEqual(downloads);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});
