export interface QuoteButtonProps {
  label: string;
}

/**
 * Opens the quote dialog where the page has one (client/quote-dialog.ts). It is a link to the full form on
 * /contact/#quote, so it works without JavaScript and on pages without the dialog.
 */
export function QuoteButton({ label }: QuoteButtonProps) {
  return (
    <a className="button button-secondary" href="/contact/#quote" data-quote-open="">
      {label}
    </a>
  );
}
