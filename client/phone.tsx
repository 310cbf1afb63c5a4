// A phone number is shown in one format, made here, wherever it comes from: the site's line in data/site.yaml, a
// destination's contacts ("877-632-6789"), or a number an editor wrote in running text. Browser-safe: the quote form's
// island shows the number too, and templates/ and the render pass (templates/phone-numbers.ts) use the same function.

/** A US number written the ways editors write one: (800) 327-3004, 800-327-3004, 800.327.3004, +1 800 327 3004. */
export const PHONE_NUMBER_IN_TEXT = /(?<![\w(+-])(?:\+?1[ .-])?(?:\(\d{3}\) ?|\d{3}[ .-])\d{3}[ .-]\d{4}(?![\w-])/g;

/** "(800) 327-3004" for any way of writing a 10-digit US number, with or without its leading 1 or +1. */
export function formatPhoneNumber(number: string): string {
  const digits = tenDigits(number);
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The tel: address of a 10-digit US number, however it is written: "tel:+18003273004". */
export function telUrl(number: string): string {
  return `tel:+1${tenDigits(number)}`;
}

/** A phone number as text that never breaks across lines (the class sets white-space: nowrap). */
export function PhoneNumber({ number }: { number: string }) {
  return <span className="phone-number">{formatPhoneNumber(number)}</span>;
}

// --- internal ---

function tenDigits(number: string): string {
  const digits = number.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length !== 10) throw new Error(`not a 10-digit US phone number: ${number}`);
  return national;
}
