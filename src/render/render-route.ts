import { renderToStaticMarkup } from "react-dom/server";
import { renderFeed } from "../site/feed";
import { renderSitemap } from "../site/sitemap";
import type { OutputFile, Route, SiteConfig } from "../content/types";

/** What rendering needs besides the route: the site settings. */
export interface RenderContext {
  site: SiteConfig;
}

/** One route → one output file. Pure: the same route and context always give the same bytes. */
export function renderRoute(route: Route, context: RenderContext): OutputFile {
  switch (route.kind) {
    case "page":
      return { file: route.file, contents: `<!DOCTYPE html>${renderToStaticMarkup(route.element)}` };
    case "sitemap":
      return { file: route.file, contents: renderSitemap(route.urls) };
    case "text":
      return { file: route.file, contents: route.contents };
    case "feed":
      return { file: route.file, contents: renderFeed(context.site, route.episodes) };
  }
}
