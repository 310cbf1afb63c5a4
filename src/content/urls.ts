// The one trailing-slash policy of the site: every page URL ends with "/" ("/", "/about/", "/naples/"), and the
// page is written as <path>/index.html. S3 static website hosting answers "/about/" with about/index.html
// directly, and redirects "/about" to "/about/", so links, canonicals and the sitemap always use the slash form.

/** "/about" or "about/" → "/about/"; "/" stays "/". */
export function pageUrl(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  return trimmed ? `/${trimmed}/` : "/";
}

/** The file a page URL is written to, relative to dist/: "/about/" → "about/index.html". */
export function pageFile(url: string): string {
  return `${url.replace(/^\/+/, "")}index.html`;
}

/** A site URL made absolute for canonical links, Open Graph and the sitemap. */
export function absoluteUrl(baseUrl: string, url: string): string {
  return `${baseUrl}${url}`;
}

export const citiesUrl = "/cities/";
export const cityUrl = (slug: string) => pageUrl(slug);
export const destinationUrl = (citySlug: string, urlSegment: string) => pageUrl(`${citySlug}/${urlSegment}`);
export const quoteUrl = "/contact/#quote";

/**
 * Where the quote forms post by default: the site's own origin, so no CORS and a Content-Security-Policy of 'self'.
 * The dev server answers it, and in production CloudFront sends it to the intake function (src/quote/).
 */
export const quoteApiPath = "/api/quote";

/**
 * An internal link as an editor may write it ("/insurance", "/contact#quote") in the site's policy form
 * ("/insurance/", "/contact/#quote"). Links to files ("/podcast/feed.xml") and other sites stay as they are.
 */
export function normalizeInternalLink(href: string): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const [path = "", hash] = href.split("#", 2);
  const withSlash = /\.[a-z0-9]+$/i.test(path) ? path : pageUrl(path);
  return hash === undefined ? withSlash : `${withSlash}#${hash}`;
}
