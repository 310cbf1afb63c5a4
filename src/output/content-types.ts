import path from "node:path";
import mime from "mime";

/**
 * The Content-Type of a file of the built site, from its name, decided once: the dev server sends it and the deploy
 * stores it with the object in S3 (which answers with what was stored, not with a guess). Types come from the `mime`
 * package; text types say they are UTF-8, and `feed.xml` (the podcast's feed) is RSS rather than any XML.
 */
export function contentTypeFor(file: string): string {
  const name = path.posix.basename(file).toLowerCase();
  if (name === "feed.xml") return "application/rss+xml";
  // By what follows the last dot, as mime decides: once per kind of file, not once for each page.
  const dot = name.lastIndexOf(".");
  const extension = dot === -1 ? name : name.slice(dot);
  let contentType = byExtension.get(extension);
  if (contentType === undefined) {
    const type = mime.getType(name) ?? "application/octet-stream";
    byExtension.set(extension, (contentType = utf8Types.has(type) || type.startsWith("text/") ? `${type}; charset=utf-8` : type));
  }
  return contentType;
}

// --- internal ---

// Text formats whose type has no "text/" to say so; XML is left out because its own declaration names the encoding.
const utf8Types = new Set(["application/json", "application/manifest+json"]);

const byExtension = new Map<string, string>();
