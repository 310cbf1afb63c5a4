import { absoluteUrl, type SiteAddress } from "../content/urls";

/** robots.txt of a preview build (`flightsite build --preview`): every crawler kept out, no sitemap named. */
export const previewRobots = "User-agent: *\nDisallow: /\n";

/** robots.txt: everything may be crawled, and the sitemap is at its absolute address; a preview's keeps crawlers out. */
export function robotsText(site: SiteAddress): string {
  return site.preview ? previewRobots : `User-agent: *\nDisallow:\n\nSitemap: ${absoluteUrl(site, "/sitemap.xml")}\n`;
}
