import path from "node:path";

// The Content-Type of every kind of file the site is made of, decided once: the dev server sends these, and an
// upload to S3 must store the same ones (S3 website hosting answers with what was stored, not with a guess).
const byExtension: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
  ".woff2": "font/woff2",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".pdf": "application/pdf",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** The Content-Type for a file of the built site, from its name ("podcast/feed.xml" is an RSS feed). */
export function contentTypeFor(file: string): string {
  const name = path.posix.basename(file).toLowerCase();
  if (name === "feed.xml") return "application/rss+xml";
  return byExtension[path.posix.extname(name)] ?? "application/octet-stream";
}
