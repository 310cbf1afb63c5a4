import type { SiteConfig, SiteContent } from "../content/types";
import { translatedFields } from "./fields";

// A translation's site settings: its own texts (tagline, description) over the English settings the build ends up with.

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

/** A translation's site settings laid over `site` (the settings a build ends up with: its base path, the quote endpoint). */
export function translatedSite(site: SiteConfig, translation: SiteConfig): SiteConfig {
  const texts = Object.fromEntries(Object.keys(translatedFields.site).map((key) => [key, translation[key as keyof SiteConfig]]));
  return { ...site, ...texts };
}
