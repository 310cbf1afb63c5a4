import { scanHtml, scanXml } from "./scan-links";
import { renderRoute } from "./render-route";
import { createRoutes } from "../site/routes";
import type { AssetUrls, Download, OutputFile, PageKind, SiteContent } from "../content/types";

/** Everything rendering needs, as plain data that can be sent to a worker thread. */
export interface RenderInput {
  content: SiteContent;
  assets: AssetUrls;
  downloads: Download[];
}

/**
 * What the rest of the build needs of a rendered file once its bytes are written: its kind and size, and the
 * links (and, on a page, the ids) the link check needs, found on the thread that rendered it.
 */
export interface RenderedFile {
  file: string;
  pageKind?: PageKind;
  bytes: number;
  links?: string[];
  ids?: string[];
}

/** One of `count` interleaved shares of the routes: every count-th route, starting at `index`. */
export interface Share {
  index: number;
  count: number;
}

/**
 * Renders one share of the site's routes, one file at a time, with what was found in each: the caller writes the
 * file and keeps only the summary, so no more than one page's text is held at once. Each thread that renders
 * creates the routes itself from the content (routes hold templates, which cannot cross threads); that is cheap
 * next to rendering. Interleaving keeps the shares even: neighbouring routes are of the same kind and size.
 */
export function* renderShare(input: RenderInput, share: Share): Generator<{ output: OutputFile; rendered: RenderedFile }> {
  const routes = createRoutes(input.content, input.assets, input.downloads);
  const context = { site: input.content.site };
  for (let i = share.index; i < routes.length; i += share.count) {
    const route = routes[i]!;
    const output = renderRoute(route, context);
    const text = String(output.contents);
    const bytes = Buffer.byteLength(text);
    if (route.kind === "page") {
      const { links, ids } = scanHtml(text);
      yield { output, rendered: { file: output.file, pageKind: route.pageKind, bytes, links, ids: [...ids] } };
    } else if (route.kind === "feed") {
      yield { output, rendered: { file: output.file, bytes, links: scanXml(text) } };
    } else {
      yield { output, rendered: { file: output.file, bytes } };
    }
  }
}
