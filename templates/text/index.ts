import type { Lang } from "../../src/content/language";
import { en } from "./en";
import { es } from "./es";
import type { Messages } from "./messages";

export type { Messages };

const byLanguage: Record<Lang, Messages> = { en, es };

/** The template words of `lang`. */
export function textFor(lang: Lang): Messages {
  return byLanguage[lang];
}
