import type { SiteConfig } from "../src/content/types";
import { PhoneLink } from "./PhoneLink";
import { isGroup, mainNavigation } from "./navigation";

export interface SiteFooterProps {
  site: SiteConfig;
}

/**
 * Footer with every navigation link (the no-JavaScript menu on phones), the phone line and the fixed call bar (inside
 * the footer landmark, so that no content of the page is outside a landmark).
 */
export function SiteFooter({ site }: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="footer-name">{site.companyName}</p>
          <p>{site.tagline}</p>
          <p>
            Non-emergency medical flight coordination since {site.founded}, from {site.headquarters.city},{" "}
            {site.headquarters.region}. In an emergency, call 911.
          </p>
          <PhoneLink site={site} className="footer-phone" label="24/7" />
        </div>
        <nav id="footer-nav" className="footer-nav" aria-label="Footer">
          <ul>
            {mainNavigation.flatMap((item) => (isGroup(item) ? item.links : [item])).map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container footer-legal">
        © {site.footerYear} {site.companyName}. All content is general information, not medical advice.{" "}
        <a href="/privacy/">Privacy</a> · <a href="/accessibility/">Accessibility</a>
      </p>
      <PhoneLink site={site} className="call-bar" label="Call 24/7" />
    </footer>
  );
}
