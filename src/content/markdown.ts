import MarkdownIt, { type MarkdownIt as Markdown, type StateCore, type Token } from "markdown-it";
import { normalizeInternalLink } from "./urls";

// CommonMark, as editors know it from GitHub's previews. The renderers take no raw HTML (`html: false` shows it as
// text); validation refuses it before that (findRawHtml). markdown-it was chosen over remark for speed (see
// docs/performance.md): every render thread renders the site's text again.
const renderer = markdownRenderer({ boldParagraphsAsHeadings: false });
const showNotesRenderer = markdownRenderer({ boldParagraphsAsHeadings: true });
const htmlFinder = new MarkdownIt("commonmark", { html: true });
const renderMarkdownOnce = renderedOnce(renderer);
const renderShowNotesOnce = renderedOnce(showNotesRenderer);

/**
 * Markdown from data/ as HTML. Raw HTML never reaches the page: validation refuses it and the renderer escapes it.
 * Internal links follow the trailing-slash policy, and a bare internal path in parentheses, like "(/insurance)",
 * becomes a link to that page.
 */
export function renderMarkdown(source: string): string {
  return renderMarkdownOnce(source);
}

/**
 * Podcast show notes (spec §3 show_notes_md) as HTML: like renderMarkdown, and a paragraph that is only bold
 * text ("**Before the flight**") is a heading (h3, under the page's "Show Notes" h2).
 */
export function renderShowNotes(source: string): string {
  return renderShowNotesOnce(source);
}

/** The first raw HTML snippet in a markdown text, or undefined when there is none. */
export function findRawHtml(source: string): string | undefined {
  // Raw HTML, in a block or inline, starts with "<": a text without one needs no parse (most texts).
  if (!source.includes("<")) return undefined;
  for (const token of htmlFinder.parse(source, {})) {
    if (token.type === "html_block") return token.content.trim().slice(0, 40);
    const inline = token.children?.find((child) => child.type === "html_inline");
    if (inline) return inline.content.trim().slice(0, 40);
  }
  return undefined;
}

// --- internal ---

function markdownRenderer(options: { boldParagraphsAsHeadings: boolean }): Markdown {
  const md = new MarkdownIt("commonmark", { html: false });
  // Links lead to the web, to an e-mail or a phone number, or within the site: no other scheme gets an href.
  md.validateLink = (url) => !/^[a-z][a-z0-9+.-]*:/i.test(url.trim()) || /^(https?|mailto|tel):/i.test(url.trim());
  md.core.ruler.push("site_links", (state) => {
    for (const token of state.tokens) if (token.type === "inline" && token.children) token.children = withSiteLinks(state, token.children);
  });
  if (options.boldParagraphsAsHeadings) md.core.ruler.push("bold_paragraph_headings", (state) => promoteBoldParagraphs(state.tokens, "h3"));
  return md;
}

// The same text is rendered many times (every city's destination pages share their sections), and `serve --watch`
// re-creates every route on each save: rendering is a pure function, so each distinct text is rendered once.
function renderedOnce(md: Markdown): (source: string) => string {
  const rendered = new Map<string, string>();
  return (source) => {
    let html = rendered.get(source);
    if (html === undefined) {
      html = md.render(source);
      // Old texts of a long watch session are dropped wholesale rather than tracked one by one.
      if (rendered.size >= 2000) rendered.clear();
      rendered.set(source, html);
    }
    return html;
  };
}

/** "(/insurance)" or "(/contact#quote)" in running text; the path is captured. */
const bareInternalPath = /\((\/(?:[a-z0-9][a-z0-9._-]*\/?)*(?:#[a-z0-9-]+)?)\)/gi;

/**
 * A paragraph's inline tokens with internal links following the site's trailing-slash policy, however the editor
 * wrote them, and each bare "(/path)" in its text made a link, the parentheses kept. Text inside a link stays text
 * (a link in a link is not allowed), and so does code, which is a token of its own.
 */
function withSiteLinks(state: StateCore, tokens: Token[]): Token[] {
  const result: Token[] = [];
  let linkDepth = 0;
  for (const token of tokens) {
    if (token.type === "link_open") {
      linkDepth++;
      const href = token.attrGet("href");
      if (typeof href === "string") token.attrSet("href", normalizeInternalLink(href));
    } else if (token.type === "link_close") {
      linkDepth--;
    } else if (token.type === "text" && linkDepth === 0 && token.content.includes("(/")) {
      result.push(...linkBarePaths(state, token.content));
      continue;
    }
    result.push(token);
  }
  return result;
}

/** A text with "(/path)" in it as text and link tokens, the parentheses kept. */
function linkBarePaths(state: StateCore, value: string): Token[] {
  const parts: Token[] = [];
  const text = (content: string) => {
    if (content === "") return;
    const token = new state.Token("text", "", 0);
    token.content = content;
    parts.push(token);
  };
  let last = 0;
  for (const match of value.matchAll(bareInternalPath)) {
    const path = match[1]!;
    const start = match.index + 1; // after "("
    text(value.slice(last, start));
    const open = new state.Token("link_open", "a", 1);
    open.attrSet("href", normalizeInternalLink(path));
    parts.push(open);
    text(path);
    parts.push(new state.Token("link_close", "a", -1));
    last = start + path.length;
  }
  text(value.slice(last));
  return parts;
}

/** A top-level paragraph holding nothing but one bold run becomes a heading (`tag`) with the run's contents. */
function promoteBoldParagraphs(tokens: Token[], tag: "h3"): void {
  for (let index = 0; index + 2 < tokens.length; index++) {
    const [open, inline, close] = [tokens[index]!, tokens[index + 1]!, tokens[index + 2]!];
    if (open.type !== "paragraph_open" || open.level !== 0 || inline.type !== "inline" || close.type !== "paragraph_close") continue;
    const inner = onlyBoldRun(inline.children ?? []);
    if (!inner) continue;
    Object.assign(open, { type: "heading_open", tag, markup: "" });
    Object.assign(close, { type: "heading_close", tag, markup: "" });
    inline.children = inner;
  }
}

/** The tokens inside the one bold run that is all of a paragraph (blank text aside), or undefined. */
function onlyBoldRun(children: Token[]): Token[] | undefined {
  const blank = (token: Token) => token.type === "text" && token.content.trim() === "";
  const first = children.findIndex((token) => !blank(token));
  const last = children.findLastIndex((token) => !blank(token));
  if (children[first]?.type !== "strong_open" || children[last]?.type !== "strong_close") return undefined;
  // "**a** and **b**" starts and ends bold too: the first run must close only at the very end.
  let depth = 0;
  for (let index = first; index < last; index++) {
    if (children[index]!.type === "strong_open") depth++;
    if (children[index]!.type === "strong_close") depth--;
    if (depth === 0) return undefined;
  }
  return children.slice(first + 1, last);
}
