import { caseIdFromQuery } from "./quote/case-id";

/** /thank-you: the case id from ?case=, as text, only when it has the case-id format. */
export function showCaseId(document: Document, search: string): void {
  const target = document.querySelector("[data-case-id]");
  if (target) target.textContent = caseIdFromQuery(search);
}

/** The 404 page writes the path that was not found to the console (spec §2). */
export function reportNotFound(document: Document, pathname: string): void {
  if (document.querySelector("[data-not-found]")) console.warn(`Page not found: ${pathname}`);
}
