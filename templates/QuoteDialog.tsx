import type { Lang } from "../src/content/language";
import type { SiteConfig } from "../src/content/types";
import { PhoneNumber } from "../client/phone";
import { Island } from "./Island";
import { quoteFormTarget } from "./quote-form-target";
import { textFor } from "./text";

export interface QuoteDialogProps {
  site: SiteConfig;
  /** The page's language: the dialog and its form speak it. */
  lang?: Lang;
}

/** The modal quote form, opened by [data-quote-open] buttons (client/quote-dialog.ts). */
export function QuoteDialog({ site, lang = "en" }: QuoteDialogProps) {
  const text = textFor(lang).quoteSection;
  return (
    <dialog id="quote-dialog" className="quote-dialog" aria-labelledby="quote-dialog-title">
      <div className="dialog-header">
        <h2 id="quote-dialog-title">{text.dialogHeading}</h2>
        <button type="button" className="dialog-close" data-dialog-close="">
          {text.close}
        </button>
      </div>
      <p className="dialog-intro">
        {text.dialogIntro[0]}
        <a href={`tel:${site.phone.tel}`}>
          <PhoneNumber number={site.phone.display} />
        </a>
        {text.dialogIntro[1]}
      </p>
      <Island name="quote-form" props={{ variant: "full", slot: "modal", ...quoteFormTarget(site, lang) }} />
    </dialog>
  );
}
