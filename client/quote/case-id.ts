// The case id's format, apart from the rest of the quote's rules: every page's script reads it (the thank-you
// page shows the case id), while the rules and the form's words load only on pages with a form.

export const DEFAULT_CASE_ID = "AF00000000";
/** AF, the last 8 digits of the time in milliseconds, 4 random uppercase letters or digits. */
export const CASE_ID_PATTERN = /^AF\d{8}[A-Z0-9]{4}$/;

/** The case id to show on /thank-you: the `case` parameter only when it has the case-id format. */
export function caseIdFromQuery(search: string): string {
  const candidate = new URLSearchParams(search).get("case") ?? "";
  return CASE_ID_PATTERN.test(candidate) ? candidate : DEFAULT_CASE_ID;
}
