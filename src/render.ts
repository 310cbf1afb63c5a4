import { renderToStaticMarkup } from "react-dom/server";
import { renderSitemap } from "./sitemap";
import type { OutputFile, Route } from "./types";

/** One route → one output file. Pure: the same route always gives the same bytes. */
export function renderRoute(route: Route): OutputFile {
  switch (route.kind) {
    case "page":
      return { file: route.file, contents: `<!DOCTYPE html>${renderToStaticMarkup(route.element)}` };
    case "sitemap":
      return { file: route.file, contents: renderSitemap(route.urls) };
    case "text":
      return { file: route.file, contents: route.contents };
  }
}
