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

/** Where a site is, as an absolute address says it: its host, the path it lives under, and whether it is a preview. */
export interface SiteAddress {
  baseUrl: string;
  /** "/" (the default) or a folder like "/previews/pr-42/". */
  basePath?: string;
  preview?: { liveBasePath: string };
}

/**
 * A site URL ("/naples/") made absolute for canonical links, Open Graph, JSON-LD, the feed and the sitemap: on
 * baseUrl, under the base path; a preview's, under the live site's base path, so that search engines and shares
 * know the page by its live address.
 */
export function absoluteUrl(site: SiteAddress, url: string): string {
  const base = site.preview?.liveBasePath ?? site.basePath ?? "/";
  return `${site.baseUrl}${base === "/" ? url : withBasePath(base, url)}`;
}

/** A base path: "/", or folders of letters, digits, ".", "_", "~" and "-" between slashes ("/previews/pr-42/"). */
export const basePathPattern = /^\/(?:(?!\.+\/)[A-Za-z0-9._~-]+\/)*$/;

/** A root-relative URL ("/naples/") under the base path ("/previews/pr-42/naples/"); other URLs stay as they are. */
export function withBasePath(basePath: string, url: string): string {
  if (basePath === "/" || !url.startsWith("/") || url.startsWith("//")) return url;
  return `${basePath}${url.slice(1)}`;
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
