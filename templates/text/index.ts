import type { Lang } from "../../src/content/language";
import { messages, type Messages } from "../../client/messages";

// The templates' (and through them src/site's and src/render's) door to the interface words, which live in
// client/messages/ so that the quote form and the intake read the same ones.
export type { Messages, NoticeItem } from "../../client/messages";

/** Every language of the site has its words: a language added to src/content/language.ts fails to compile here until it does. */
const byLanguage: Record<Lang, Messages> = messages;

/** The interface words of `lang`. */
export function textFor(lang: Lang): Messages {
  return byLanguage[lang];
}
