import { rm } from "node:fs/promises";
import path from "node:path";
import type { BuildFailure } from "esbuild";
import { freshBundle, keepOnly, type FreshBundle } from "./fresh-bundle";
import { TemplateError } from "../errors";
import type { renderNonPage, renderPage } from "./render-route";
import type { cityRoutes, createRoutes, listedCity } from "../site/routes";

/** The code that turns content into pages: the route table and the renderer, with every template they use. */
export interface Renderer {
  /** A hash of the code: equal ids render equal pages from equal routes. */
  id: string;
  createRoutes: typeof createRoutes;
  /** One city's pages, and what the lists of cities show of it: `serve --watch` re-creates only these after a city's save. */
  cityRoutes: typeof cityRoutes;
  listedCity: typeof listedCity;
  renderPage: typeof renderPage;
  renderNonPage: typeof renderNonPage;
  /**
   * Where another thread imports this same code from (a file URL), when it is not the code this process imported:
   * the render pool's workers render with it (RenderInput.rendererModule), so every thread renders the run's code.
   */
  module?: string;
}

/**
 * src/site/routes.tsx and src/render/render-route.tsx of `root`, with everything they import (templates/, the islands of client/),
 * loaded as fresh modules (fresh-bundle.ts): bundled into a file of their own, imported, kept for the render pool's
 * workers to import too (`module`), and deleted once a newer bundle replaces it or the process ends. When the bundle is
 * byte for byte the one `previous` came from, `previous` is returned as it is. Every import stays in memory until the
 * process ends: a few hundred KB each.
 */
export async function loadRenderer(root: string, previous?: Renderer): Promise<Renderer> {
  let bundle: FreshBundle | undefined;
  try {
    bundle = await freshBundle(
      root,
      "routes",
      {
        contents: 'export { cityRoutes, createRoutes, listedCity } from "../site/routes.tsx";\nexport { renderNonPage, renderPage } from "./render-route.tsx";\n',
        resolveDir: path.join(root, "src", "render"),
        sourcefile: "src/render/render-entry.ts",
      },
      previous?.id,
    );
  } catch (error) {
    if (isBuildFailure(error)) throw templateErrorFromBuild(error);
    throw error;
  }
  if (bundle === undefined) return previous!;
  let module: Omit<Renderer, "id">;
  try {
    module = (await import(bundle.url)) as Omit<Renderer, "id">;
  } catch (error) {
    await rm(bundle.file, { force: true });
    throw error;
  }
  keepOnly("routes", bundle);
  return { id: bundle.id, createRoutes: module.createRoutes, cityRoutes: module.cityRoutes, listedCity: module.listedCity, renderPage: module.renderPage, renderNonPage: module.renderNonPage, module: bundle.url };
}

/** A TemplateError for something a template threw, pointing at the first line of our own code in its stack. */
export function templateErrorFromException(error: unknown, root: string, doing: string): TemplateError {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  for (const match of stack.matchAll(/(?:file:\/\/)?(\/[^\s()]+):(\d+):(\d+)/g)) {
    const relative = path.relative(root, match[1]!).split(path.sep).join("/");
    if (/^(templates|client|src)\//.test(relative)) {
      return new TemplateError(`${relative}:${match[2]}:${match[3]} ${message} (while ${doing})`);
    }
  }
  return new TemplateError(`${message} (while ${doing})`);
}

/** esbuild's errors (templates/, client/ or the styles) as a TemplateError, one `file:line:column message` each. */
export function templateErrorFromBuild(failure: BuildFailure): TemplateError {
  return new TemplateError(
    failure.errors
      .map(({ location, text }) => (location ? `${location.file}:${location.line}:${location.column + 1} ${text}` : text))
      .join("\n"),
  );
}

export function isBuildFailure(error: unknown): error is BuildFailure {
  return error instanceof Error && Array.isArray((error as Partial<BuildFailure>).errors);
}
