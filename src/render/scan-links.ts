// What rendering finds in a page for the link check (src/build/link-check.ts): scanned where the page is rendered,
// on the same thread, so the check itself only compares names.
import { Parser } from "htmlparser2";

/** What the link check needs of a page: the links on it, and the ids an anchor may point at. */
export interface PageScan {
  links: string[];
  ids: Set<string>;
}

const linkAttributes: Record<string, string[]> = { a: ["href"], link: ["href"], script: ["src"], img: ["src", "srcset"], source: ["src", "srcset"], audio: ["src"], video: ["src", "poster"], iframe: ["src"], form: ["action"] };

/** The links and ids of one HTML page. */
export function scanHtml(html: string): PageScan {
  const links: string[] = [];
  const ids = new Set<string>();
  const parser = new Parser({
    onopentag(name, attributes) {
      if (attributes.id) ids.add(attributes.id);
      for (const attribute of linkAttributes[name] ?? []) {
        const value = attributes[attribute];
        if (value === undefined || /^(tel|mailto|data|javascript):/i.test(value)) continue;
        links.push(...(attribute === "srcset" ? value.split(",").map((part) => part.trim().split(/\s+/)[0]!) : [value]));
      }
    },
  });
  parser.end(html);
  return { links, ids };
}
