import type { ReactNode } from "react";
import type { PageChrome } from "../src/content/types";
import { Breadcrumb } from "./Breadcrumb";
import { FooterQuote } from "./FooterQuote";
import { inMainNavigation } from "./navigation";
import { Once } from "./Once";
import { QuoteDialog } from "./QuoteDialog";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

export interface LayoutProps {
  chrome: PageChrome;
  children: ReactNode;
}

/**
 * The document around every page: head, skip link, header, breadcrumb, main content, footer. The header, footer and
 * quote forms are the same on most pages, so each is rendered once per build (Once); the header only differs on the
 * pages of the main navigation, whose link it marks as the current one.
 */
export function Layout({ chrome, children }: LayoutProps) {
  const { site, assets, head } = chrome;
  return (
    // data-base-path: where the browser code finds the site's own URLs (client/base-path.ts); only off the root.
    <html lang="en" data-analytics-id={site.analytics.measurementId} data-base-path={site.basePath === "/" ? undefined : site.basePath}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {head.keywords && <meta name="keywords" content={head.keywords.join(", ")} />}
        {head.noindex && <meta name="robots" content="noindex" />}
        <link rel="canonical" href={head.canonical} />
        {head.alternateFeed && (
          <link rel="alternate" type="application/rss+xml" title={head.alternateFeed.title} href={head.alternateFeed.url} />
        )}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.companyName} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={head.canonical} />
        {head.card && <meta property="og:image" content={head.card.imageUrl} />}
        {head.card && <meta property="og:image:width" content="1200" />}
        {head.card && <meta property="og:image:height" content="630" />}
        {head.card && <meta property="og:image:alt" content={head.card.alt} />}
        {head.card && <meta name="twitter:card" content="summary_large_image" />}
        <meta name="theme-color" content="#0b4f6c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
        <script type="module" src={assets.js} />
        {head.jsonLd.map((data, index) => (
          <script
            key={index}
            type="application/ld+json"
            // JSON.stringify does not escape "<", so a "</script>" inside content could end the block early.
            dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
          />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <Once component={SiteHeader} props={{ site, url: inMainNavigation(head.url) ? head.url : "" }} />
        {head.breadcrumb && <Breadcrumb trail={head.breadcrumb} />}
        <main id="main">{children}</main>
        {chrome.quote.footer && <Once component={FooterQuote} props={{ site }} />}
        <Once component={SiteFooter} props={{ site }} />
        {chrome.quote.modal && <Once component={QuoteDialog} props={{ site }} />}
      </body>
    </html>
  );
}
