import { translatedSite } from "../content/translations";
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

/**
 * `content` with each translation's settings laid over its final settings (the endpoint, base path and preview put
 * in since `validated`), so that a translated page posts and links where the English one does. Unchanged when the
 * settings are.
 */
export function withTranslatedSites(content: SiteContent, validated: SiteContent): SiteContent {
  if (content.site === validated.site) return content;
  const translations = Object.fromEntries(
    Object.entries(content.translations).map(([lang, translation]) => [lang, { ...translation, site: translatedSite(content.site, translation.site) }]),
  );
  return { ...content, translations };
}

/** A base path as given on the command line, with or without its slashes ("previews/pr-42"), or undefined if it is none. */
export function normalizeBasePath(value: string): string | undefined {
  const trimmed = value.replace(/^\/+|\/+$/g, "");
  const basePath = trimmed ? `/${trimmed}/` : "/";
  return basePathPattern.test(basePath) ? basePath : undefined;
}
