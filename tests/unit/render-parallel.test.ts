import { describe, expect, it } from "vitest";
import { renderSite } from "../../src/build/build";
import { generateDocuments } from "../../src/documents/generate";
import { renderShareInWorker, renderThreadsFor } from "../../src/render/parallel";
import { loadRealSite, testAssets, testBuildDate } from "./support/site";

describe("rendering on several threads", () => {
  it("gives the same files, in the same order, with the same link scans and page counts as one thread", async () => {
    const { content } = await loadRealSite();
    const downloads = await generateDocuments(content);
    const one = await renderSite(content, testAssets, testBuildDate, downloads, 1);
    const three = await renderSite(content, testAssets, testBuildDate, downloads, 3);
    expect(three.output.map((f) => f.file)).toEqual(one.output.map((f) => f.file));
    expect(three.output).toEqual(one.output);
    expect(three.pagesByKind).toEqual(one.pagesByKind);
    expect(one.output.find((f) => f.file === "naples/index.html")?.scan?.links).toContain("/cities/");
  }, 60_000);

  it("passes on what a worker thread throws", async () => {
    const { content } = await loadRealSite();
    const broken = { ...content, cities: [{ ...content.cities[0]!, airports: null }] } as unknown as typeof content;
    const input = { content: broken, assets: testAssets, buildDate: testBuildDate, downloads: await generateDocuments(content) };
    await expect(renderShareInWorker(input, { index: 0, count: 1 })).rejects.toThrow(TypeError);
  }, 60_000);

  it("reports this thread's failure and stops the workers, whose own failures go unremarked", async () => {
    const { content } = await loadRealSite();
    const broken = { ...content, home: null } as unknown as typeof content;
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", collect);
    try {
      // Every thread fails here: this one at once, the worker once it has started.
      await expect(renderSite(broken, testAssets, testBuildDate, await generateDocuments(content), 2)).rejects.toThrow(TypeError);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    } finally {
      process.off("unhandledRejection", collect);
    }
    expect(unhandled).toEqual([]);
  }, 60_000);

  it("uses one thread for a site of this size, and several from a thousand city and destination pages", async () => {
    const { content } = await loadRealSite();
    expect(renderThreadsFor(content)).toBe(1);
    const many = { ...content, cities: Array.from({ length: 334 }, () => content.cities[0]!) };
    expect(renderThreadsFor(many)).toBe(Math.max(1, (await import("node:os")).availableParallelism()));
  });
});
