import { basePathPattern } from "../content/urls";
import type { SiteContent } from "../content/types";
import type { EngineOptions } from "./stages";

/**
 * The content as a build for `options.basePath` (instead of site.yaml's) and, with `options.preview`, a preview of
 * the live site at site.yaml's basePath. Both travel in content.site, which every route's key hashes: a build for
 * another path, or a preview, renders every page anew.
 */
export function withBuildPath(content: SiteContent, options: Pick<EngineOptions, "basePath" | "preview">): SiteContent {
  const { site } = content;
  const basePath = options.basePath ?? site.basePath;
  if (basePath === site.basePath && !options.preview) return content;
  return { ...content, site: { ...site, basePath, ...(options.preview && { preview: { liveBasePath: site.basePath } }) } };
}

/** A base path as given on the command line, with or without its slashes ("previews/pr-42"), or undefined if it is none. */
export function normalizeBasePath(value: string): string | undefined {
  const trimmed = value.replace(/^\/+|\/+$/g, "");
  const basePath = trimmed ? `/${trimmed}/` : "/";
  return basePathPattern.test(basePath) ? basePath : undefined;
}
