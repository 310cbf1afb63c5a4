import type { SiteConfig } from "../src/content/types";
import { Island } from "./Island";
import { quoteFormTarget } from "./quote-form-target";

export interface QuoteDialogProps {
  site: SiteConfig;
}

/** The modal quote form, opened by [data-quote-open] buttons (client/quote-dialog.ts). */
export function QuoteDialog({ site }: QuoteDialogProps) {
  return (
    <dialog id="quote-dialog" className="quote-dialog" aria-labelledby="quote-dialog-title">
      <div className="dialog-header">
        <h2 id="quote-dialog-title">Request a Quote</h2>
        <button type="button" className="dialog-close" data-dialog-close="">
          Close
        </button>
      </div>
      <p className="dialog-intro">
        A coordinator will call you back. Prefer to talk now? Call{" "}
        <a href={`tel:${site.phone.tel}`}>{site.phone.display}</a>, 24/7.
      </p>
      <Island
        name="quote-form"
        props={{ variant: "full", slot: "modal", ...quoteFormTarget(site) }}
      />
    </dialog>
  );
}
