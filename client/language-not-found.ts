// CloudFront answers every missing path with the one /404.html (its error pages belong to the whole distribution), so
// the English 404 page also carries each translation's whole page body (header, main, footer) in a <template>, and
// this puts it in place of the English body for a path under that language's folder. Text only: the page's own
// template is shown; nothing from the URL is written anywhere.

/** One translation's body on the English 404 page: `<template data-page-body="es" lang="es" data-title="…">`. */
export interface TranslatedBody {
  lang: string;
  /** The page title in that language (data-title). */
  dataset: { title?: string };
  /** The body, inert until put in the page. */
  content: unknown;
}

/** The parts of the 404 page this changes; plain objects stand in for them in tests. */
export interface LanguageNotFoundElements {
  document: { title: string; documentElement: { lang: string } };
  /** The page's own (English) body, replaced when a translation's is chosen. */
  own: { replaceWith(node: never): void } | null;
  translations: TranslatedBody[];
}

/**
 * On the English 404 page, a path under a translation's folder ("/es/…" of the site's base path) was a page in that
 * language: put its body in place of the English one (so that its menu and form are the ones started, and no id is
 * there twice), and say the page is in it (`<html lang>`, the title). Run before anything starts on the page's
 * elements. Returns whether it did.
 */
export function showLanguageNotFound(pathname: string, elements: LanguageNotFoundElements, basePath = "/"): boolean {
  const { document, own, translations } = elements;
  const translation = translations.find((body) => pathname.startsWith(`${basePath}${body.lang}/`));
  if (!own || !translation) return false;
  own.replaceWith(translation.content as never);
  document.documentElement.lang = translation.lang;
  if (translation.dataset.title) document.title = translation.dataset.title;
  return true;
}
