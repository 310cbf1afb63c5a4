// A page in another language than English links, like every page, to the English URLs ("/naples/", also in markdown
// bodies); here, after it is rendered, each internal link leads to the page of its language instead when that exists
// ("/es/naples/"), as base-path.ts puts links under a base path. A link that states its language (hreflang: the
// language switcher, the podcast) is left as it is.
import { languageRoot } from "../content/language";
import type { TranslatedLinks } from "../content/types";
import { rewriteLinks } from "./base-path";

/** `html` with each href to a page `translated` has in its language pointed at that page; the rest as they are. */
export function translateLinks(html: string, translated: TranslatedLinks | undefined): string {
  if (!translated) return html;
  const root = languageRoot(translated.lang);
  return rewriteLinks(html, (value, attributeName, tag) => {
    if (attributeName !== "href" || /\shreflang\s*=/i.test(tag)) return value;
    return translatedUrl(value, translated.urls, root);
  });
}

/** "/naples/#faq" → "/es/naples/#faq" when "/naples/" is among `urls`; any other URL as it is. */
export function translatedUrl(url: string, urls: ReadonlySet<string>, root: string): string {
  if (!url.startsWith("/") || url.startsWith("//")) return url;
  const hash = url.indexOf("#");
  const path = hash === -1 ? url : url.slice(0, hash);
  return urls.has(path) ? `${root}${url.slice(1)}` : url;
}
