import type { SiteConfig } from "../src/content/types";

/**
 * Where every quote form sends, and the number it names: site.yaml's endpoint, or, in a preview build, nowhere (the
 * form shows how to call instead; client/islands/QuoteForm.tsx).
 */
export function quoteFormTarget(site: SiteConfig): { endpoint?: string; phone: SiteConfig["phone"]; preview?: true } {
  return site.preview ? { phone: site.phone, preview: true } : { endpoint: site.quote.endpoint, phone: site.phone };
}
