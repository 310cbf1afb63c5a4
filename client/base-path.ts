// The path the site is served under ("/" or, for a preview, "/previews/pr-42/"). The server writes every link of
// the HTML under it (src/render/base-path.ts); the browser code learns it from <html data-base-path>, which a page
// carries only off the root (no inline script: the Content-Security-Policy forbids it).

/** The site's base path as the page states it; "/" without one (and outside a browser, where pages are rendered). */
export function basePathOf(document: Pick<Document, "documentElement"> | undefined): string {
  return document?.documentElement.dataset.basePath ?? "/";
}

/** A site URL from the root ("/thank-you/") under the base path; other URLs as they are. */
export function underBasePath(url: string, basePath: string): string {
  if (basePath === "/" || !url.startsWith("/") || url.startsWith("//")) return url;
  return `${basePath}${url.slice(1)}`;
}

/** A URL path of the site ("/previews/pr-42/naples/") as the site knows it ("/naples/"). */
export function withoutBasePath(pathname: string, basePath: string): string {
  return basePath !== "/" && pathname.startsWith(basePath) ? pathname.slice(basePath.length - 1) : pathname;
}

/** The base path of the page this code runs on; "/" while rendering on the server. */
export function pageBasePath(): string {
  return basePathOf(typeof document === "undefined" ? undefined : document);
}
