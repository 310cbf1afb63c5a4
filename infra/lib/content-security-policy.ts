/** What the site's Content-Security-Policy must allow beyond its own origin. */
export interface ContentSecurityPolicyOptions {
  /**
   * The origin the quote forms post to when it is not the site's own (`https://quotes.example.com`); quotes to
   * `/api/quote` on the site's own address need nothing more.
   */
  quoteEndpointOrigin?: string;
  /** True when data/site.yaml sets analytics.measurementId: Google's tag and its collection endpoints. */
  analytics?: boolean;
}

/**
 * The Content-Security-Policy the site is served with, from what it really loads: its own scripts and styles only
 * (no inline script, no eval: README "Content Security Policy"), images of its own (and data: URLs), a YouTube
 * player only from youtube-nocookie.com once a visitor clicks a video facade (the facade shows no thumbnail from
 * YouTube), and quote posts and fetches to its own origin. The browser tests serve the built site under this policy.
 */
export function contentSecurityPolicy(options: ContentSecurityPolicyOptions = {}): string {
  const quote = options.quoteEndpointOrigin ? [options.quoteEndpointOrigin] : [];
  // Google's documented sources for gtag.js with Google Analytics 4.
  const analyticsScripts = options.analytics ? ["https://*.googletagmanager.com"] : [];
  const analyticsConnect = options.analytics
    ? ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"]
    : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...analyticsScripts]],
    ["style-src", ["'self'"]],
    ["img-src", ["'self'", "data:", ...analyticsConnect]],
    ["frame-src", ["https://www.youtube-nocookie.com"]],
    ["connect-src", ["'self'", ...quote, ...analyticsConnect]],
    ["form-action", ["'self'", ...quote]],
    ["base-uri", ["'self'"]],
    ["object-src", ["'none'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}
