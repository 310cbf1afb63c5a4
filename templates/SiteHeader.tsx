import type { Lang } from "../src/content/language";
import type { SiteConfig } from "../src/content/types";
import { Icon } from "./Icon";
import { Once } from "./Once";
import { PhoneLink } from "./PhoneLink";
import { isGroup, navigationFor, type NavLink } from "./navigation";
import { textFor } from "./text";

export interface SiteHeaderProps {
  site: SiteConfig;
  lang?: Lang;
  /** The current page's URL in English, to mark its link with aria-current. */
  url: string;
  /** The same page in the other language, when it exists there: the language switcher links to it. */
  other?: { lang: Lang; url: string };
}

/**
 * Sticky header: the language line (the switcher, what the phone line speaks), logo, the phone line and the main
 * navigation. The bar and the navigation are the same on most pages, so each is rendered once per build (Once); the
 * switcher differs from page to page. Dropdown groups are <details> elements, so they open by mouse, touch and
 * keyboard without JavaScript; on phones the Menu link leads to the footer navigation until the client script turns it
 * into a toggle for this menu. Each group's summary carries a chevron, so it does not look like a link; the stylesheet
 * turns it by the element's own [open] state.
 */
export function SiteHeader({ site, lang = "en", url, other }: SiteHeaderProps) {
  const phoneLanguage = textFor(lang).phoneLanguage(site);
  return (
    <header className="site-header">
      {(other || phoneLanguage) && (
        <div className="language-bar">
          <div className="container language-bar-inner">
            {phoneLanguage && <p className="phone-language">{phoneLanguage}</p>}
            {other && <LanguageSwitch {...other} />}
          </div>
        </div>
      )}
      <Once component={HeaderBar} props={{ site, lang }} />
      <Once component={SiteNavigation} props={{ lang, url }} />
    </header>
  );
}

/**
 * A plain link to the same page in the other language: its name in that language, said in that language (lang), and
 * what it does for a screen reader (aria-label, also in that language).
 */
export function LanguageSwitch({ lang, url }: { lang: Lang; url: string }) {
  const words = textFor(lang);
  return (
    <a className="language-switch" href={url} lang={lang} hrefLang={lang} aria-label={words.switchTo}>
      {words.languageName}
    </a>
  );
}

// --- internal ---

function HeaderBar({ site, lang }: { site: SiteConfig; lang: Lang }) {
  return (
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
        {textFor(lang).menu}
      </a>
    </div>
  );
}

function SiteNavigation({ lang, url }: { lang: Lang; url: string }) {
  return (
    <nav id="site-nav" className="site-nav" aria-label={textFor(lang).mainNavigation}>
      <ul className="container nav-list">
        {navigationFor(lang).map((item) =>
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
                      <NavigationLink link={link} url={url} />
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ) : (
            <li key={item.href}>
              <NavigationLink link={item} url={url} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/** A link of the navigation, marked as the current page's when it is. */
function NavigationLink({ link, url }: { link: NavLink; url: string }) {
  return (
    <a href={link.href} hrefLang={link.hreflang} aria-current={link.href === url ? "page" : undefined}>
      {link.label}
    </a>
  );
}
