// Phone numbers written in the text of data/ ("Call (800) 327-3004 at any hour", "800-327-3004" in a markdown body)
// reach a page through many fields, plain and markdown. Rather than each template finding them, the render path passes
// every page's HTML through here once: each number in its text becomes the one format in one unbreakable unit.
import { formatPhoneNumber, PHONE_NUMBER_IN_TEXT } from "../client/phone";

const wrappedStart = '<span class="phone-number">';
// Elements whose text is not shown as text (script, style), or may hold no markup (title, textarea, option).
const noMarkup = new Set(["script", "style", "title", "textarea", "option", "noembed", "noframes", "xmp", "iframe"]);

/**
 * `html` with each phone number in its text wrapped in <span class="phone-number"> and written as formatPhoneNumber
 * writes it. Numbers already in such a span (templates/PhoneLink, the quote form, which must hydrate to the same
 * markup), attribute values, comments and the text of script, style, title, textarea and option stay as they are.
 */
export function markPhoneNumbers(html: string): string {
  let out = "";
  let text = 0; // where the text not yet copied starts
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", text)) {
    // React escapes ">" in attribute values, so the first ">" ends a tag; "-->" ends a comment.
    const comment = html.startsWith("<!--", at);
    const end = comment ? html.indexOf("-->", at + 4) + 2 : html.indexOf(">", at);
    if (end < at) break;
    let next = end + 1;
    const name = comment ? undefined : /^<([A-Za-z][^\s/>]*)/.exec(html.slice(at, at + 40))?.[1]?.toLowerCase();
    if (name && noMarkup.has(name)) next = closeOf(html, `</${name}`, next);
    else if (html.startsWith(wrappedStart, at)) next = closeOf(html, "</span>", next);
    out += wrapped(html.slice(text, at)) + html.slice(at, next);
    text = next;
  }
  return out + wrapped(html.slice(text));
}

// --- internal ---

function closeOf(html: string, close: string, from: number): number {
  const at = html.indexOf(close, from); // React writes tag names in lower case

  return at === -1 ? html.length : at;
}

function wrapped(text: string): string {
  if (!PHONE_NUMBER_IN_TEXT.test(text)) return text;
  PHONE_NUMBER_IN_TEXT.lastIndex = 0;
  return text.replace(PHONE_NUMBER_IN_TEXT, (number) => `${wrappedStart}${formatPhoneNumber(number)}</span>`);
}
