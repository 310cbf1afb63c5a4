import type { Lang } from "../src/content/language";
import type { SiteConfig } from "../src/content/types";
import { PhoneLink } from "./PhoneLink";
import { isGroup, navigationFor } from "./navigation";
import { textFor } from "./text";

export interface SiteFooterProps {
  site: SiteConfig;
  lang?: Lang;
}

/**
 * Footer with every navigation link (the no-JavaScript menu on phones), the phone line and the fixed call bar (inside
 * the footer landmark, so that no content of the page is outside a landmark).
 */
export function SiteFooter({ site, lang = "en" }: SiteFooterProps) {
  const words = textFor(lang);
  const phoneLanguage = words.phoneLanguage(site);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="footer-name">{site.companyName}</p>
          <p>{site.tagline}</p>
          <p>{words.footer.about({ founded: site.founded, city: site.headquarters.city, region: site.headquarters.region })}</p>
          <PhoneLink site={site} className="footer-phone" label="24/7" />
          {phoneLanguage && <p className="phone-language">{phoneLanguage}</p>}
        </div>
        <nav id="footer-nav" className="footer-nav" aria-label={words.footerNavigation}>
          <ul>
            {navigationFor(lang).flatMap((item) => (isGroup(item) ? item.links : [item])).map((link) => (
              <li key={link.href}>
                <a href={link.href} hrefLang={link.hreflang}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container footer-legal">
        © {site.footerYear} {site.companyName}. {words.footer.legal}{" "}
        <a href="/privacy/">
          {words.footer.privacy}
        </a>{" "}
        ·{" "}
        <a href="/accessibility/">
          {words.footer.accessibility}
        </a>
      </p>
      <PhoneLink site={site} className="call-bar" label={words.callBar} />
    </footer>
  );
}
