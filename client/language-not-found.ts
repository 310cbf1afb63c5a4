// CloudFront answers every missing path with the one /404.html (its error pages belong to the whole distribution), so
// the English 404 page also carries each translation's words, hidden, and this shows them for a path under that
// language's folder. Text only: the page's own hidden block is shown; nothing from the URL is written anywhere.

/** One translation's words on the English 404 page: `<div lang="es" data-title="…" hidden>`. */
export interface TranslatedNotFound {
  lang: string;
  hidden: boolean;
  /** The page title in that language (data-title). */
  dataset: { title?: string };
}

/** The parts of the 404 page this changes; plain objects stand in for them in tests. */
export interface LanguageNotFoundElements {
  document: { title: string; documentElement: { lang: string } };
  /** The page's own (English) words, hidden when a translation's show. */
  own: { hidden: boolean } | null;
  translations: TranslatedNotFound[];
}

/**
 * On the English 404 page, a path under a translation's folder ("/es/…" of the site's base path) was a page in that
 * language: show its words instead of the English ones, and say the page is in it (`<html lang>`, the title).
 * Returns whether it did.
 */
export function showLanguageNotFound(pathname: string, elements: LanguageNotFoundElements, basePath = "/"): boolean {
  const { document, own, translations } = elements;
  const translation = translations.find((block) => pathname.startsWith(`${basePath}${block.lang}/`));
  if (!own || !translation) return false;
  own.hidden = true;
  translation.hidden = false;
  document.documentElement.lang = translation.lang;
  if (translation.dataset.title) document.title = translation.dataset.title;
  return true;
}
