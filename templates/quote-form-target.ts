import type { Lang } from "../src/content/language";
import type { SiteConfig } from "../src/content/types";
import type { QuoteFormText } from "../client/messages";
import type { QuoteLanguage } from "../client/quote/rules";
import { textFor } from "./text";

/**
 * Where every quote form sends, the number it names and the words it shows: site.yaml's endpoint, or, in a preview
 * build, nowhere (the form shows how to call instead; client/islands/QuoteForm.tsx). Every form gets its words in
 * the page's language, so they travel to the browser in the island's props and the script carries none.
 */
export function quoteFormTarget(
  site: SiteConfig,
  lang: Lang = "en",
): { endpoint?: string; phone: SiteConfig["phone"]; preview?: true; lang?: QuoteLanguage; text: QuoteFormText } {
  const target = site.preview ? { phone: site.phone, preview: true as const } : { endpoint: site.quote.endpoint, phone: site.phone };
  // An English form leaves out `lang`: "en" is the form's default, as it is the quote's.
  return lang === "en" ? { ...target, text: textFor(lang).quoteForm } : { ...target, lang, text: textFor(lang).quoteForm };
}
