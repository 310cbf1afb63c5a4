// What rendering finds in a page for the link check (src/engine/link-check.ts): scanned where the page is rendered,
// on the same thread, so the check itself only compares names.
import { decodeHTMLAttribute } from "entities";
import { Parser } from "htmlparser2";

/** What the link check needs of a page: the links on it, and the ids an anchor may point at. */
export interface PageScan {
  links: string[];
  ids: Set<string>;
}

const linkAttributes: Record<string, readonly string[]> = { a: ["href"], link: ["href"], script: ["src"], img: ["src", "srcset"], source: ["src", "srcset"], audio: ["src"], video: ["src", "poster"], iframe: ["src"], form: ["action"] };

/**
 * The links and ids of one HTML page. A scan of the tags and their attributes, not a parse into a tree: it costs a
 * small fraction of rendering the page (htmlparser2 cost twice as much as React itself, a regular expression per tag
 * still as much as writing the page). It jumps from "<" to "<" and reads a tag's characters once, taking out only
 * the attributes it needs. It reads what an HTML parser reads: comments and the raw text of script, style, textarea,
 * title and iframe are skipped, names are read in any case, quoted values may hold ">", character references in values are
 * decoded, and of an attribute given twice the first counts.
 */
export function scanHtml(html: string): PageScan {
  const links: string[] = [];
  const ids = new Set<string>();
  for (let at = html.indexOf("<"); at !== -1; ) {
    const first = html.charCodeAt(at + 1);
    if (!isLetter(first)) {
      // A comment ends at the first "-->" after its "<!--"; an end tag or a doctype holds nothing to take.
      const commentEnd = first === 33 /* ! */ && html.startsWith("--", at + 2) ? html.indexOf("-->", at + 4) : -1;
      at = html.indexOf("<", commentEnd === -1 ? at + 1 : commentEnd + 3);
      continue;
    }
    let i = at + 2;
    while (i < html.length && !endsTagName(html.charCodeAt(i))) i++;
    const tagName = lowerCase(html.slice(at + 1, i));
    const wanted = linkAttributes[tagName];
    let id: string | undefined;
    const values: (string | undefined)[] | undefined = wanted && new Array(wanted.length);
    // The attributes, up to the ">" that is not inside quotes.
    let end = -1;
    while (i < html.length) {
      const c = html.charCodeAt(i);
      if (c === 62 /* > */) {
        end = i;
        break;
      }
      if (c === 34 /* " */ || c === 39 /* ' */) {
        const close = html.indexOf(c === 34 ? '"' : "'", i + 1);
        if (close === -1) break;
        i = close + 1;
        continue;
      }
      if (isSpace(c) || c === 47 /* / */ || c === 61 /* = */) {
        i++;
        continue;
      }
      const nameStart = i;
      while (i < html.length && !endsAttributeName(html.charCodeAt(i))) i++;
      const nameEnd = i;
      // The value, if an "=" follows (spaces allowed around it): quoted, or up to a space or ">".
      let j = i;
      while (j < html.length && isSpace(html.charCodeAt(j))) j++;
      let valueStart = -1;
      let valueEnd = -1;
      if (html.charCodeAt(j) === 61 /* = */) {
        j++;
        while (j < html.length && isSpace(html.charCodeAt(j))) j++;
        const quote = html.charCodeAt(j);
        const close = quote === 34 || quote === 39 ? html.indexOf(quote === 34 ? '"' : "'", j + 1) : -1;
        if (close !== -1) {
          valueStart = j + 1;
          valueEnd = close;
          i = close + 1;
        } else {
          valueStart = j;
          while (j < html.length && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== 62) j++;
          valueEnd = i = j;
        }
      }
      // Only an id, or an attribute this tag links with, is taken out of the text (by its length and first letter first).
      const length = nameEnd - nameStart;
      const initial = html.charCodeAt(nameStart) | 32; // in lower case
      const maybeId = length === 2 && initial === 105 /* i */ && id === undefined;
      if (!maybeId && (values === undefined || length < 3 || length > 6 || !linkInitials.has(initial))) continue;
      const name = lowerCase(html.slice(nameStart, nameEnd));
      const index = name === "id" ? -1 : (wanted?.indexOf(name) ?? -1);
      if (name === "id" ? id !== undefined : index === -1 || values![index] !== undefined) continue;
      const raw = valueStart === -1 ? "" : html.slice(valueStart, valueEnd);
      const value = raw.includes("&") ? decodeHTMLAttribute(raw) : raw;
      if (index === -1) id = value;
      else values![index] = value;
    }
    if (end === -1) {
      // No ">" closes it: not a tag after all.
      at = html.indexOf("<", at + 1);
      continue;
    }
    if (id) ids.add(ownCopy(id));
    for (let k = 0; k < (values?.length ?? 0); k++) {
      const value = values![k];
      if (value === undefined || /^(tel|mailto|data|javascript):/i.test(value)) continue;
      if (wanted![k] === "srcset") links.push(...value.split(",").map((part) => ownCopy(part.trim().split(/\s+/)[0]!)));
      else links.push(ownCopy(value));
    }
    let next = end + 1;
    const rawTextEnd = rawTextEnds.get(tagName);
    // (Even when written as if self-closing, "<script/>": in HTML only foreign elements close themselves.)
    if (rawTextEnd) {
      rawTextEnd.lastIndex = next;
      next = rawTextEnd.exec(html) ? rawTextEnd.lastIndex : html.length;
    }
    at = html.indexOf("<", next);
  }
  return { links, ids };
}

/**
 * What the link check takes from a piece of a file, as plain lists that can cross threads: its links in order, and
 * the ids an anchor may point at. A file is a list of them (src/render/route-renderer.ts): a part shared by many pages has one
 * such object, which a batch sent from a render thread carries once, and which the check and the cache keep once.
 */
export interface FoundLinks {
  links: string[];
  ids: string[];
  /**
   * Set on a shared part's (templates/Once.tsx), which is one object on every page of a thread that shows the part:
   * what is made of it (its entries in the link check, its number in the cache) is kept by its identity. A page's own
   * pieces are new objects each time: kept by identity, they only filled weak maps the garbage collector then had to
   * go through.
   */
  shared?: true;
}

/** The links of an RSS feed: its own address, the artwork and the audio files. */
export function scanXml(xml: string): string[] {
  const links: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const attribute = xmlLinkAttributes[name];
        const value = attribute === undefined ? undefined : attributes[attribute];
        if (value !== undefined) links.push(value);
      },
    },
    { xmlMode: true },
  );
  parser.end(xml);
  return links;
}

// --- internal ---

// Elements whose content is text, not markup: a "<a href" inside them is no link.
// The first letters of the attributes that link: href, src, srcset, action, poster.
const linkInitials = new Set([..."hsap"].map((letter) => letter.charCodeAt(0)));
const rawTextEnds = new Map(["script", "style", "textarea", "title", "iframe", "noembed", "noframes", "plaintext", "xmp"].map((name) => [name, new RegExp(`</${name}`, "gi")]));

// The attributes of an RSS feed that point at files: artwork, audio and the feed itself.
const xmlLinkAttributes: Record<string, string> = { enclosure: "url", "itunes:image": "href", "atom:link": "href" };

/**
 * `text` in a string of its own. A part of a string (a link taken from a page) may be kept by V8 as a view of the
 * whole: kept for the link check and the cache, the links of every page held those pages' whole text. Joining a
 * character to it and cutting it off again makes a new string, of which the result is a view.
 */
function ownCopy(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** Whitespace as HTML and regular expressions' \\s know it (tab, newline, form feed, carriage return, space…). */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));
}

function endsTagName(c: number): boolean {
  return c === 62 /* > */ || c === 47 /* / */ || isSpace(c);
}

function endsAttributeName(c: number): boolean {
  return c === 62 /* > */ || c === 47 /* / */ || c === 61 /* = */ || c === 34 /* " */ || c === 39 /* ' */ || isSpace(c);
}

/** A name in lower case, without a new string when it already is (as nearly every name is). */
function lowerCase(name: string): string {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c >= 65 && c <= 90) return name.toLowerCase();
  }
  return name;
}
