// Small text rules the downloads and their web pages share, kept free of the PDF and Word libraries so
// createRoutes can use them too.

/** A run of document text; `placeholder` marks [bracketed text] that the reader replaces. */
export interface TextPart {
  text: string;
  placeholder: boolean;
}

/** "I am [Physician name]." → "I am ", "[Physician name]" (a placeholder), "." */
export function splitPlaceholders(text: string): TextPart[] {
  return text
    .split(/(\[[^\]]+\])/)
    .filter((part) => part !== "")
    .map((part) => ({ text: part, placeholder: /^\[[^\]]+\]$/.test(part) }));
}

/** "2025-09-01" → "September 2025". */
export function formatMonth(date: string, names: readonly string[] | undefined = months): string {
  const [year, month] = date.split("-");
  return `${names[Number(month) - 1]} ${year}`;
}

/** A file size as a download link shows it: "42 KB", "1.2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// --- internal ---

const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
