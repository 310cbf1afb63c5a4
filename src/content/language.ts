// The languages the site is written in. English is the source every translation is made from; a page exists in
// Spanish only when every text it shows has a complete translation (data/es/).

export const languages = ["en", "es"] as const;
export type Lang = (typeof languages)[number];

/** The language every page has, and the one translations are made from. */
export const sourceLanguage: Lang = "en";

/** Where a language's pages live: "/" for English, "/es/" for Spanish. */
export function languageRoot(lang: Lang): string {
  return lang === sourceLanguage ? "/" : `/${lang}/`;
}
