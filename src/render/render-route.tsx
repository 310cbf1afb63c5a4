import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SharedPartsContext, type SharedParts } from "../../templates/Once";
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
    case "page": {
      sharedParts.startPage();
      const page = renderToStaticMarkup(<SharedPartsContext.Provider value={sharedParts}>{route.element}</SharedPartsContext.Provider>);
      return { file: route.file, contents: `<!DOCTYPE html>${sharedParts.splice(page)}` };
    }
    case "sitemap":
      return { file: route.file, contents: renderSitemap(route.urls) };
    case "text":
      return { file: route.file, contents: route.contents };
    case "feed":
      return { file: route.file, contents: renderFeed(context.site, route.episodes) };
  }
}

// --- internal ---

/**
 * The markup of the parts that many pages share (templates/Once.tsx), rendered the first time a page asks for it and
 * spliced into every page that shows it. Kept for the life of this module, one per thread (and per renderer bundle
 * of the dev server); the parts are few (the header, footer, forms), but a session of edits to site.yaml makes new
 * ones, so it starts afresh past a few hundred.
 */
class SharedPartsCache implements SharedParts {
  #byComponent = new Map<ComponentType<never>, Map<string, number>>();
  #parts: { component: ComponentType<never>; props: object; markup?: string }[] = [];

  /** Called before each page, never during one: the placeholders of a page must stay valid until it is spliced. */
  startPage(): void {
    if (this.#parts.length > 500) {
      this.#byComponent.clear();
      this.#parts = [];
    }
  }

  placeholder(component: ComponentType<never>, props: object): number {
    let byProps = this.#byComponent.get(component);
    if (!byProps) this.#byComponent.set(component, (byProps = new Map()));
    const key = JSON.stringify(props);
    let index = byProps.get(key);
    if (index === undefined) byProps.set(key, (index = this.#parts.push({ component, props }) - 1));
    return index;
  }

  /** `html` with each placeholder replaced by its part's markup. */
  splice(html: string): string {
    return html.replace(/<template data-shared-part="(\d+)"><\/template>/g, (_, index: string) => {
      const part = this.#parts[Number(index)]!;
      part.markup ??= renderToStaticMarkup(createElement(part.component, part.props as never));
      return part.markup;
    });
  }
}

const sharedParts = new SharedPartsCache();
