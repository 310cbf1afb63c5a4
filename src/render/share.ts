import { scanHtml, type PageScan } from "./scan-links";
import { renderRoute } from "./render-route";
import { createRoutes } from "../site/routes";
import type { AssetUrls, Download, OutputFile, PageKind, Route, SiteContent } from "../content/types";

/** Everything rendering needs, as plain data that can be sent to a worker thread. */
export interface RenderInput {
  content: SiteContent;
  assets: AssetUrls;
  buildDate: Date;
  downloads: Download[];
}

/** A rendered file, and for a page the links and ids the link check needs (found where it was rendered). */
export interface RenderedFile extends OutputFile {
  pageKind?: PageKind;
  scan?: PageScan;
}

/** One of `count` interleaved shares of the routes: every count-th route, starting at `index`. */
export interface Share {
  index: number;
  count: number;
}

/**
 * Renders one share of the site's routes and scans the pages among them for links. Each thread that renders
 * creates the routes itself from the content (routes hold templates, which cannot cross threads); that is cheap
 * next to rendering. Interleaving keeps the shares even: neighbouring routes are of the same kind and size.
 */
export function renderShare(input: RenderInput, share: Share): RenderedFile[] {
  const routes = createRoutes(input.content, input.assets, input.downloads);
  const context = { site: input.content.site, buildDate: input.buildDate };
  const rendered: RenderedFile[] = [];
  for (let i = share.index; i < routes.length; i += share.count) rendered.push(renderAndScan(routes[i]!, context));
  return rendered;
}

function renderAndScan(route: Route, context: Parameters<typeof renderRoute>[1]): RenderedFile {
  const file = renderRoute(route, context);
  return route.kind === "page" ? { ...file, pageKind: route.pageKind, scan: scanHtml(String(file.contents)) } : file;
}
