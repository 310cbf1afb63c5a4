// Opens the quote form in a modal <dialog> from any [data-quote-open] link. The links lead to /contact/#quote,
// so without JavaScript (or on pages without the dialog) they still reach a form.

/** Wires the page's quote dialog: focus moves in and back to the opener, Escape and Close close it, no page scroll. */
export function enableQuoteDialog(document: Document): void {
  const dialog = document.getElementById("quote-dialog") as HTMLDialogElement | null;
  if (!dialog || typeof dialog.showModal !== "function") return;
  let opener: HTMLElement | null = null;

  document.addEventListener("click", (event) => {
    const trigger = (event.target as Element).closest<HTMLElement>("[data-quote-open]");
    if (!trigger) return;
    event.preventDefault();
    opener = trigger;
    dialog.showModal();
    document.documentElement.classList.add("dialog-open");
    dialog.querySelector("[data-island]")?.dispatchEvent(new CustomEvent("quote-form-open"));
    dialog.querySelector<HTMLElement>("input:not([tabindex='-1'])")?.focus();
  });
  for (const close of dialog.querySelectorAll("[data-dialog-close]")) {
    close.addEventListener("click", () => dialog.close());
  }
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("close", () => {
    document.documentElement.classList.remove("dialog-open");
    opener?.focus();
  });
}
