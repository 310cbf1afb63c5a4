/** The id of a form control (or of its error, hint or notice): unique per form, since a page has several forms. */
export function quoteFieldId(slot: string, name: string): string {
  return `quote-${slot}-${name}`;
}

/** Moves the focus to an element of the form, when it is there. */
export function focusField(elementId: string): void {
  document.getElementById(elementId)?.focus();
}
