import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkHtml from "remark-html";
import type { PhrasingContent, Root, RootContent } from "mdast";
import { normalizeInternalLink } from "./urls";

const parser = unified().use(remarkParse);
const renderer = unified()
  .use(remarkParse)
  .use(() => (tree: Root) => rewriteLinks(tree))
  .use(remarkHtml, { sanitize: true });
const showNotesRenderer = unified()
  .use(remarkParse)
  .use(() => (tree: Root) => {
    promoteBoldParagraphs(tree, 3);
    rewriteLinks(tree);
  })
  .use(remarkHtml, { sanitize: true });
const renderMarkdownOnce = renderedOnce(renderer);
const renderShowNotesOnce = renderedOnce(showNotesRenderer);

/**
 * Markdown from data/ as HTML. Raw HTML never reaches the page: validation refuses it and the renderer sanitizes.
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

// The same text is rendered many times (every city's destination pages share their sections), and `serve --watch`
// re-creates every route on each save: rendering is a pure function, so each distinct text is rendered once.
function renderedOnce(processor: { processSync(source: string): unknown }): (source: string) => string {
  const rendered = new Map<string, string>();
  return (source) => {
    let html = rendered.get(source);
    if (html === undefined) {
      html = String(processor.processSync(source));
      // Old texts of a long watch session are dropped wholesale rather than tracked one by one.
      if (rendered.size >= 2000) rendered.clear();
      rendered.set(source, html);
    }
    return html;
  };
}

/** The first raw HTML snippet in a markdown text, or undefined when there is none. */
export function findRawHtml(source: string): string | undefined {
  // Raw HTML, in a block or inline, starts with "<": a text without one needs no parse (most texts, and parsing
  // every page's markdown was a tenth of a small site's build).
  if (!source.includes("<")) return undefined;
  const tree = parser.parse(source) as Root;
  const visit = (nodes: RootContent[]): string | undefined => {
    for (const node of nodes) {
      if (node.type === "html") return node.value.trim().slice(0, 40);
      if ("children" in node) {
        const found = visit(node.children as RootContent[]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return visit(tree.children);
}

// --- internal ---

/** "(/insurance)" or "(/contact#quote)" in running text; the path is captured. */
const bareInternalPath = /\((\/(?:[a-z0-9][a-z0-9._-]*\/?)*(?:#[a-z0-9-]+)?)\)/gi;

/** Internal links follow the site's trailing-slash policy, however the editor wrote them. */
function rewriteLinks(tree: Root): void {
  const visit = (nodes: RootContent[]) => {
    for (let index = 0; index < nodes.length; index++) {
      const node = nodes[index]!;
      if (node.type === "link") {
        node.url = normalizeInternalLink(node.url);
        continue; // a link inside a link is not allowed, so its text stays text
      }
      if (node.type === "text") {
        const parts = linkBarePaths(node.value);
        if (parts) {
          nodes.splice(index, 1, ...(parts as RootContent[]));
          index += parts.length - 1;
        }
        continue;
      }
      if ("children" in node) visit(node.children as RootContent[]);
    }
  };
  visit(tree.children);
}

/** A text with "(/path)" in it as text and link nodes, the parentheses kept; undefined when there is none. */
function linkBarePaths(value: string): PhrasingContent[] | undefined {
  const parts: PhrasingContent[] = [];
  let last = 0;
  for (const match of value.matchAll(bareInternalPath)) {
    const path = match[1]!;
    const start = match.index + 1; // after "("
    parts.push({ type: "text", value: value.slice(last, start) });
    parts.push({ type: "link", url: normalizeInternalLink(path), children: [{ type: "text", value: path }] });
    last = start + path.length;
  }
  if (parts.length === 0) return undefined;
  parts.push({ type: "text", value: value.slice(last) });
  return parts.filter((part) => part.type !== "text" || part.value !== "");
}

/** A paragraph holding nothing but one bold run becomes a heading of the given depth. */
function promoteBoldParagraphs(tree: Root, depth: 1 | 2 | 3 | 4 | 5 | 6): void {
  tree.children = tree.children.map((node) => {
    if (node.type !== "paragraph") return node;
    const meaningful = node.children.filter((child) => child.type !== "text" || child.value.trim() !== "");
    const only = meaningful[0];
    if (meaningful.length !== 1 || only?.type !== "strong") return node;
    return { type: "heading", depth, children: only.children, position: node.position };
  });
}
