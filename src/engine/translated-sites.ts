import { translatedSite } from "../content/translations";
import type { SiteContent } from "../content/types";

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
