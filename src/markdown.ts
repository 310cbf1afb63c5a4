import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkHtml from "remark-html";
import type { Root, RootContent } from "mdast";
import { normalizeInternalLink } from "./urls";

const parser = unified().use(remarkParse);
// The same text is rendered many times (every city's destination pages share their sections), and `serve --watch`
// re-creates every route on each save: a pure function, so each distinct text is rendered once.
const rendered = new Map<string, string>();
const renderer = unified()
  .use(remarkParse)
  .use(() => (tree: Root) => rewriteLinks(tree))
  .use(remarkHtml, { sanitize: true });

/** Markdown from data/ as HTML. Raw HTML never reaches the page: validation refuses it and the renderer sanitizes. */
export function renderMarkdown(source: string): string {
  let html = rendered.get(source);
  if (html === undefined) {
    html = String(renderer.processSync(source));
    if (rendered.size >= 2000) rendered.clear();
    rendered.set(source, html);
  }
  return html;
}

/** The first raw HTML snippet in a markdown text, or undefined when there is none. */
export function findRawHtml(source: string): string | undefined {
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

/** Internal links follow the site's trailing-slash policy, however the editor wrote them. */
function rewriteLinks(tree: Root): void {
  const visit = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type === "link") node.url = normalizeInternalLink(node.url);
      if ("children" in node) visit(node.children as RootContent[]);
    }
  };
  visit(tree.children);
}
