import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { generateDocuments } from "../../../src/documents/generate";
import { prewarm, renderAll } from "../../../src/render/pool";
import { projectRoot, testAssets } from "../support/site";
import { loadSampleSite } from "../support/sample-site";

// One render path (issue 37): a chunk of routes renders the same way on a render worker and on the build's own
// thread, with the renderer the run uses: the dev server's renderer, bundled again after an edit, is the code the
// workers render with too (before, they rendered the templates their own module graph imported).

describe("the one render path", () => {
  it("renders every page with the run's renderer module, on the workers and on this thread alike", async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), "flightsite-render-path-"));
    try {
      // A renderer module as the dev server loads one: here, the project's own code with a mark on every page.
      const module = path.join(work, "marked-renderer.mjs");
      const source = (file: string) => JSON.stringify(pathToFileURL(path.join(projectRoot, file)).href);
      await writeFile(
        module,
        [
          `import { createRoutes } from ${source("src/site/routes.tsx")};`,
          `import { renderPage as renderUnmarked, renderNonPage } from ${source("src/render/render-route.tsx")};`,
          "export { createRoutes, renderNonPage };",
          'export const renderPage = (route, basePath) => { const page = renderUnmarked(route, basePath); return { ...page, pieces: [...page.pieces, "<!-- the run\'s renderer -->"] }; };',
        ].join("\n"),
      );
      const { content } = await loadSampleSite();
      const input = { content, assets: testAssets, downloads: await generateDocuments(content), rendererModule: pathToFileURL(module).href };
      const outDir = path.join(work, "out");
      const pages: string[] = [];
      // The worker started and waiting before the first chunk is handed out, so that it takes some of them.
      const pool = prewarm(2);
      await pool.parse(() => undefined);
      await renderAll(input, { threads: pool, outDir, onRendered: (files) => pages.push(...files.filter((file) => file.pageKind).map((file) => file.file)) });
      expect(pages.length).toBeGreaterThan(1);
      const unmarked = [];
      for (const page of pages) if (!(await readFile(path.join(outDir, page), "utf8")).endsWith("<!-- the run's renderer -->")) unmarked.push(page);
      expect(unmarked).toEqual([]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});
