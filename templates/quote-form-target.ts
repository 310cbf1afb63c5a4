import type { Lang } from "../src/content/language";
import type { SiteConfig } from "../src/content/types";
import type { QuoteLanguage } from "../client/quote/rules";
import { spanishFormText } from "../client/quote/text-es";
import type { QuoteFormText } from "../client/quote/text";

/**
 * Where every quote form sends, the number it names and the language it speaks: site.yaml's endpoint, or, in a
 * preview build, nowhere (the form shows how to call instead; client/islands/QuoteForm.tsx). An English form gets
 * no words (it has its own); a form in another language gets all of its words, so that only the page's language
 * travels to the browser, in the island's props.
 */
export function quoteFormTarget(
  site: SiteConfig,
  lang: Lang = "en",
): { endpoint?: string; phone: SiteConfig["phone"]; preview?: true; lang?: QuoteLanguage; text?: QuoteFormText } {
  const target = site.preview ? { phone: site.phone, preview: true as const } : { endpoint: site.quote.endpoint, phone: site.phone };
  return lang === "en" ? target : { ...target, lang, text: formTexts[lang] };
}

// --- internal ---

/** The form's words in every language but English: a language the site gains fails to compile until it has them. */
const formTexts: Record<Exclude<Lang, "en">, QuoteFormText> = { es: spanishFormText };
