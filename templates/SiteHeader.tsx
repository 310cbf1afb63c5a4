import type { SiteConfig } from "../src/content/types";
import { Icon } from "./Icon";
import { PhoneLink } from "./PhoneLink";
import { isGroup, mainNavigation } from "./navigation";

export interface SiteHeaderProps {
  site: SiteConfig;
  /** The current page's URL, to mark its link with aria-current. */
  url: string;
}

/**
 * Sticky header: logo, the phone line and the main navigation. Dropdown groups are <details> elements, so they
 * open by mouse, touch and keyboard without JavaScript; on phones the Menu link leads to the footer navigation
 * until the client script turns it into a toggle for this menu. Each group's summary carries a chevron, so it does not
 * look like a link; the stylesheet turns it by the element's own [open] state.
 */
export function SiteHeader({ site, url }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="logo" href="/">
          <Icon name="plane" size={28} />
          <span className="logo-text">
            <span className="logo-name">{site.companyName}</span>
            <span className="logo-tagline">{site.tagline}</span>
          </span>
        </a>
        <PhoneLink site={site} className="header-phone" />
        <a className="menu-toggle" href="#footer-nav" data-menu-toggle="" aria-controls="site-nav">
          Menu
        </a>
      </div>
      <nav id="site-nav" className="site-nav" aria-label="Main">
        <ul className="container nav-list">
          {mainNavigation.map((item) =>
            isGroup(item) ? (
              <li key={item.label} className="nav-group">
                <details name="nav-group">
                  <summary>
                    {item.label}
                    <Icon name="chevron" size={24} />
                  </summary>
                  <ul className="nav-dropdown">
                    {item.links.map((link) => (
                      <li key={link.href}>
                        <a href={link.href} aria-current={link.href === url ? "page" : undefined}>
                          {link.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ) : (
              <li key={item.href}>
                <a href={item.href} aria-current={item.href === url ? "page" : undefined}>
                  {item.label}
                </a>
              </li>
            ),
          )}
        </ul>
      </nav>
    </header>
  );
}
