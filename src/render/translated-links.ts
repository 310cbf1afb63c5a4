// A page in another language than English links, like every page, to the English URLs ("/naples/", also in markdown
// bodies); here, after it is rendered, each internal link leads to the page of its language instead when that exists
// ("/es/naples/"), as base-path.ts puts links under a base path. A link that states its language (hreflang: the
// language switcher) keeps its address. A link to a page that exists only in English says so, in one way whatever
// wrote it (a template, the translated markdown): hreflang="en", and the language's words for it shown after its text
// ("Pódcast (en inglés)").
import { textFor } from "../../templates/text";
import { languageRoot } from "../content/language";
import type { TranslatedLinks } from "../content/types";
import { rewriteLinks } from "./base-path";

/**
 * `html` with each href to a page `translated` has in its language pointed at that page, and each link to a page it
 * has not marked as English; the rest as they are.
 */
export function translateLinks(html: string, translated: TranslatedLinks | undefined): string {
  if (!translated) return html;
  const root = languageRoot(translated.lang);
  const linked = rewriteLinks(html, (value, attributeName, tag) => {
    if (attributeName !== "href" || /\shreflang\s*=/i.test(tag)) return value;
    return translatedUrl(value, translated.urls, root);
  });
  return markEnglishOnly(linked, translated, root);
}

/**
 * `html` with the links of each other language's body (templates/Layout.tsx's `<template data-page-body="es">`) leading
 * to that language's pages, as on its own page. The body holds no other template: it is rendered in place, without
 * shared parts' placeholders.
 */
export function translateBodies(html: string, bodies: TranslatedLinks[]): string {
  let result = html;
  for (const links of bodies) {
    const start = result.indexOf(`<template data-page-body="${links.lang}"`);
    const end = result.indexOf("</template>", start);
    if (start === -1 || end === -1) continue;
    result = result.slice(0, start) + translateLinks(result.slice(start, end), links) + result.slice(end);
  }
  return result;
}

/** "/naples/#faq" → "/es/naples/#faq" when "/naples/" is among `urls`; any other URL as it is. */
export function translatedUrl(url: string, urls: ReadonlySet<string>, root: string): string {
  if (!url.startsWith("/") || url.startsWith("//")) return url;
  const hash = url.indexOf("#");
  const path = hash === -1 ? url : url.slice(0, hash);
  return urls.has(path) ? `${root}${url.slice(1)}` : url;
}

// --- internal ---

/**
 * Each <a> to a page (a path ending in "/" or ".html", not a file to download) that `translated` has no version of:
 * hreflang="en" on it, and the language's `englishOnly` words before its end. React writes no "<" in text or
 * attribute values (and the JSON of scripts has it escaped), and links do not nest, so an <a> ends at the next </a>.
 */
function markEnglishOnly(html: string, translated: TranslatedLinks, root: string): string {
  const words = ` ${escapeText(textFor(translated.lang).englishOnly)}`;
  return html.replace(/(<a\s[^>]*>)([\s\S]*?)(<\/a>)/g, (link, start: string, text: string, end: string) => {
    const href = /\shref="([^"]*)"/.exec(start)?.[1];
    if (href === undefined || !href.startsWith("/") || href.startsWith("//") || href.startsWith(root)) return link;
    const path = href.split("#")[0]!;
    if (!/(\/|\.html)$/.test(path) || translated.urls.has(path)) return link;
    const tag = /\shreflang\s*=/i.test(start) ? start : `${start.slice(0, -1)} hreflang="en">`;
    return `${tag}${text}${words}${end}`;
  });
}

function escapeText(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
