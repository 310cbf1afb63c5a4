// What rendering finds in a page for the link check (src/build/link-check.ts): scanned where the page is rendered,
// on the same thread, so the check itself only compares names.
import { decodeHTMLAttribute } from "entities";
import { Parser } from "htmlparser2";

/** What the link check needs of a page: the links on it, and the ids an anchor may point at. */
export interface PageScan {
  links: string[];
  ids: Set<string>;
}

const linkAttributes: Record<string, string[]> = { a: ["href"], link: ["href"], script: ["src"], img: ["src", "srcset"], source: ["src", "srcset"], audio: ["src"], video: ["src", "poster"], iframe: ["src"], form: ["action"] };

/**
 * The links and ids of one HTML page. A scan of the tags and their attributes, not a parse into a tree: it costs a
 * small fraction of rendering the page (htmlparser2 cost twice as much as React itself). It reads what an HTML parser
 * reads: comments and the raw text of script, style, textarea and title are skipped, quoted values may hold ">",
 * character references in values are decoded, and of an attribute given twice the first counts.
 */
export function scanHtml(html: string): PageScan {
  const links: string[] = [];
  const ids = new Set<string>();
  tag.lastIndex = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const name = match[1]?.toLowerCase();
    if (name === undefined) continue; // a comment
    const wanted = linkAttributes[name];
    const attributeText = match[2]!;
    // Only a tag that may link or may have an id has its attributes read ("id" as a word, in any case: not "hidden").
    if (attributeText.length > 0 && (wanted || idWord.test(attributeText))) {
      const attributes = attributesOf(attributeText);
      const id = attributes.get("id");
      if (id) ids.add(ownCopy(id));
      for (const attribute of wanted ?? []) {
        const value = attributes.get(attribute);
        if (value === undefined || /^(tel|mailto|data|javascript):/i.test(value)) continue;
        if (attribute === "srcset") links.push(...value.split(",").map((part) => ownCopy(part.trim().split(/\s+/)[0]!)));
        else links.push(ownCopy(value));
      }
    }
    const rawTextEnd = rawTextEnds.get(name);
    if (rawTextEnd && !match[0].endsWith("/>")) {
      rawTextEnd.lastIndex = tag.lastIndex;
      tag.lastIndex = rawTextEnd.exec(html) ? rawTextEnd.lastIndex : html.length;
    }
  }
  return { links, ids };
}

/**
 * What the link check takes from a piece of a file, as plain lists that can cross threads: its links in order, and
 * the ids an anchor may point at. A file is a list of them (src/render/share.ts): a part shared by many pages has one
 * such object, which a batch sent from a render thread carries once, and which the check and the cache keep once.
 */
export interface FoundLinks {
  links: string[];
  ids: string[];
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

// A comment, or a start tag with its attributes (quoted values may hold ">"). End tags and doctypes do not match.
const tag = /<(?:!--[\s\S]*?-->|([a-zA-Z][^\s/>]*)((?:[^>"']+|"[^"]*"|'[^']*')*)>)/g;
const idWord = /\bid\b/i;
const attribute = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/g;
// Elements whose content is text, not markup: a "<a href" inside them is no link.
const rawTextEnds = new Map(["script", "style", "textarea", "title"].map((name) => [name, new RegExp(`</${name}`, "gi")]));

// The attributes of an RSS feed that point at files: artwork, audio and the feed itself.
const xmlLinkAttributes: Record<string, string> = { enclosure: "url", "itunes:image": "href", "atom:link": "href" };

/**
 * `text` in a string of its own. A part of a string (a link taken from a page) may be kept by V8 as a view of the
 * whole: kept for the link check and the cache, the links of 15,000 pages held those pages' text, 500 MB. Joining a
 * character to it and cutting it off again makes a new string, of which the result is a view.
 */
function ownCopy(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  attribute.lastIndex = 0;
  for (let match = attribute.exec(text); match; match = attribute.exec(text)) {
    const name = match[1]!.toLowerCase();
    if (attributes.has(name)) continue;
    const value = match[2] ?? match[3] ?? match[4] ?? "";
    attributes.set(name, value.includes("&") ? decodeHTMLAttribute(value) : value);
  }
  return attributes;
}
