// A site built for a sub-path (`basePath` in data/site.yaml, `flightsite build --base-path /previews/pr-42/`): the
// templates keep writing links from the root ("/naples/"), and the rendered HTML is rewritten here, once, as
// Eleventy's HtmlBasePlugin does. Absolute addresses are made under the base path where they are made
// (absoluteUrl in src/content/urls.ts), and the browser code reads the base from <html data-base-path>.
import { withBasePath } from "../content/urls";

/**
 * `html` with every root-relative URL of a link attribute under `basePath`: href, src, srcset, action and poster of
 * any element, and content of Open Graph's and Twitter's <meta> (an image). Protocol-relative ("//…") and absolute URLs, anchors and
 * relative paths stay as they are, and so do the raw text of script and style and comments. With basePath "/" it
 * returns `html` itself.
 */
export function rebaseHtml(html: string, basePath: string): string {
  if (basePath === "/") return html;
  return rewriteLinks(html, (url, attributeName) => (attributeName === "srcset" ? rebaseSrcset(url, basePath) : withBasePath(basePath, url)));
}

/**
 * `html` with the value of every link attribute (href, src, srcset, action, poster, and the content of Open Graph's
 * and Twitter's <meta>) replaced by `rewrite` of it; the raw text of script and style, and comments, stay as they are.
 * `tag` is the whole start tag the attribute is in.
 */
export function rewriteLinks(html: string, rewrite: (value: string, attributeName: string, tag: string) => string): string {
  let out = "";
  let copied = 0;
  for (let at = html.indexOf("<"); at !== -1; ) {
    if (html.startsWith("<!--", at)) {
      const end = html.indexOf("-->", at + 4);
      at = end === -1 ? -1 : html.indexOf("<", end + 3);
      continue;
    }
    const name = /^<([A-Za-z][^\s/>]*)/.exec(html.slice(at, at + 40))?.[1]?.toLowerCase();
    if (!name) {
      at = html.indexOf("<", at + 1);
      continue;
    }
    const end = tagEnd(html, at + 1 + name.length);
    if (end === -1) break;
    const tag = html.slice(at, end + 1);
    const rewritten = rewriteTag(tag, name, rewrite);
    if (rewritten !== tag) {
      out += html.slice(copied, at) + rewritten;
      copied = end + 1;
    }
    let next = end + 1;
    if (rawText.has(name)) {
      const close = html.toLowerCase().indexOf(`</${name}`, next);
      next = close === -1 ? html.length : close;
    }
    at = html.indexOf("<", next);
  }
  return copied === 0 ? html : out + html.slice(copied);
}

// --- internal ---

// One attribute of a tag, read in order as an HTML parser reads it: its name, and its value, quoted or not.
const attribute = /([^\s"'>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?|[\s\S]/g;
const linkAttributes = new Set(["href", "src", "srcset", "action", "poster"]);
// The <meta> whose content may be an address of the site: Open Graph's and Twitter's, not a description.
const sharedMeta = /\s(?:property|name)\s*=\s*["']?(?:og|twitter):/i;
const rawText = new Set(["script", "style", "textarea", "title", "iframe", "noembed", "noframes", "xmp"]);

/** One tag ("<a href=…>") with the URLs of its link attributes rewritten. */
function rewriteTag(tag: string, name: string, rewrite: (value: string, attributeName: string, tag: string) => string): string {
  let out = "";
  let copied = 0;
  attribute.lastIndex = name.length + 1;
  for (let match = attribute.exec(tag); match; match = attribute.exec(tag)) {
    const quoted = match[2] ?? match[3];
    const value = quoted ?? match[4];
    const attributeName = match[1]?.toLowerCase();
    if (value === undefined || attributeName === undefined) continue;
    if (!linkAttributes.has(attributeName) && !(attributeName === "content" && name === "meta" && sharedMeta.test(tag))) continue;
    const url = rewrite(value, attributeName, tag);
    if (url === value) continue;
    // The value is the match's end (less its closing quote).
    const valueEnd = match.index + match[0].length - (quoted === undefined ? 0 : 1);
    out += tag.slice(copied, valueEnd - value.length) + url;
    copied = valueEnd;
  }
  return copied === 0 ? tag : out + tag.slice(copied);
}

/** Where the tag starting before `from` ends: the first ">" outside quotes, or -1. */
function tagEnd(html: string, from: number): number {
  for (let i = from; i < html.length; i++) {
    const c = html[i];
    if (c === ">") return i;
    if (c === '"' || c === "'") {
      const close = html.indexOf(c, i + 1);
      if (close === -1) return -1;
      i = close;
    }
  }
  return -1;
}

/** "/a.png 1x, /b.png 2x" → each candidate's URL under the base path. */
function rebaseSrcset(srcset: string, basePath: string): string {
  return srcset
    .split(",")
    .map((candidate) => candidate.replace(/^(\s*)(\S+)/, (_, space: string, url: string) => space + withBasePath(basePath, url)))
    .join(",");
}
