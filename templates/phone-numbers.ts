// Phone numbers written in the text of data/ ("Call (800) 327-3004 at any hour", "800-327-3004" in a markdown body)
// reach a page through many fields, plain and markdown. Rather than each template finding them, the render path passes
// every page's HTML through here once: each number in its text becomes the one format in one unbreakable unit.
import { formatPhoneNumber, PHONE_NUMBER_IN_TEXT } from "../client/phone";

const wrappedStart = '<span class="phone-number">';
// Elements whose text is not shown as text (script, style), or may hold no markup (title, textarea, option).
const noMarkup = new Set(["script", "style", "title", "textarea", "option", "noembed", "noframes", "xmp", "iframe"]);
// A tag's name, read where the tag starts (lastIndex), without cutting the page.
const tagName = /<([A-Za-z][^\s/>]*)/y;

/**
 * `html` with each phone number in its text wrapped in <span class="phone-number"> and written as formatPhoneNumber
 * writes it. Numbers already in such a span (templates/PhoneLink, the quote form, which must hydrate to the same
 * markup), attribute values, comments and the text of script, style, title, textarea and option stay as they are.
 */
export function markPhoneNumbers(html: string): string {
  // Every page passes through here and most of its text holds no number: the numbers are found first, in one pass
  // over the whole page (a number holds no "<" or ">", so it lies within one text, tag or comment, and it is found
  // as it would be in that text alone), and only the texts holding one are copied and rewritten. The tags are walked
  // no further than the last number; a page without any is returned as it came.
  const numbers = numberStarts(html);
  if (numbers.length === 0) return html;
  const last = numbers[numbers.length - 1]!;
  let out = "";
  let copied = 0; // where the page not yet copied into `out` starts
  let number = 0; // the first number not before `text`
  let text = 0; // where the text not yet looked at starts
  for (let at = html.indexOf("<"); at !== -1 && text <= last; at = html.indexOf("<", text)) {
    // React escapes ">" in attribute values, so the first ">" ends a tag; "-->" ends a comment.
    const comment = html.startsWith("<!--", at);
    const end = comment ? html.indexOf("-->", at + 4) + 2 : html.indexOf(">", at);
    if (end < at) break;
    let next = end + 1;
    const name = comment || !mayHoldNoMarkup(html.charCodeAt(at + 1)) ? undefined : nameAt(html, at);
    if (name && noMarkup.has(name)) next = closeOf(html, `</${name}`, next);
    else if (html.startsWith(wrappedStart, at)) next = closeOf(html, "</span>", next);
    while (number < numbers.length && numbers[number]! < text) number++;
    if (number < numbers.length && numbers[number]! < at) {
      out += html.slice(copied, text) + wrapped(html.slice(text, at));
      copied = at;
    }
    text = next;
  }
  if (text <= last) {
    // The rest of the page is text (no tag after `text`, or one left open): as a text, it may hold numbers.
    out += html.slice(copied, text) + wrapped(html.slice(text));
    copied = html.length;
  }
  return copied === 0 ? html : out + html.slice(copied);
}

// --- internal ---

/** Where each phone number in `html` starts, in order: in texts, tags, comments and scripts alike. */
function numberStarts(html: string): number[] {
  const starts: number[] = [];
  PHONE_NUMBER_IN_TEXT.lastIndex = 0;
  for (let match = PHONE_NUMBER_IN_TEXT.exec(html); match !== null; match = PHONE_NUMBER_IN_TEXT.exec(html)) starts.push(match.index);
  return starts;
}

// The first letters of noMarkup's names, either case: a tag starting otherwise needs no reading of its name.
const noMarkupFirst = new Set([...noMarkup].flatMap((name) => [name.charCodeAt(0), name.toUpperCase().charCodeAt(0)]));

function mayHoldNoMarkup(first: number): boolean {
  return noMarkupFirst.has(first);
}

/** The lower-case name of the tag that starts at `at`, as far as its first 40 characters tell. */
function nameAt(html: string, at: number): string | undefined {
  tagName.lastIndex = at;
  const name = tagName.exec(html)?.[1];
  // Read within the first 40 characters, as a tag's start cut there would be.
  return name?.slice(0, 39).toLowerCase();
}

function closeOf(html: string, close: string, from: number): number {
  const at = html.indexOf(close, from); // React writes tag names in lower case

  return at === -1 ? html.length : at;
}

function wrapped(text: string): string {
  if (!PHONE_NUMBER_IN_TEXT.test(text)) return text;
  PHONE_NUMBER_IN_TEXT.lastIndex = 0;
  return text.replace(PHONE_NUMBER_IN_TEXT, (number) => `${wrappedStart}${formatPhoneNumber(number)}</span>`);
}
