import type { ReactNode } from "react";
import type { PageChrome } from "../src/content/types";
import { Breadcrumb } from "./Breadcrumb";
import { FooterQuote } from "./FooterQuote";
import { inMainNavigation } from "./navigation";
import { Once, SharedPartsContext } from "./Once";
import { QuoteDialog } from "./QuoteDialog";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";
import { textFor } from "./text";

export interface LayoutProps {
  chrome: PageChrome;
  children: ReactNode;
  /**
   * The same page in other languages, each its whole body (header, main, footer) in a `<template>` the client script
   * puts in place of this one's (client/language-not-found.ts): for the 404, which CloudFront serves for every path.
   */
  otherBodies?: OtherBody[];
}

/** A page's body in another language, with that language's chrome and main content. */
export interface OtherBody {
  chrome: PageChrome;
  children: ReactNode;
}

/**
 * The document around every page, in the page's language: head, skip link, header, breadcrumb, main content, footer.
 * The header's bar and navigation, the footer and the quote forms are the same on most pages of a language, so each
 * is rendered once per build (Once); the navigation only differs on its own pages, whose link it marks as the current
 * one, and the header's language switcher from page to page.
 */
export function Layout({ chrome, children, otherBodies = [] }: LayoutProps) {
  const { site, assets, head, lang } = chrome;
  // Until the script has chosen the body (a few milliseconds), a page with others paints nothing: never the wrong
  // language first. Browsers without `blocking` show this body meanwhile.
  const blocking = otherBodies.length > 0 ? { blocking: "render" } : {};
  return (
    // data-base-path: where the browser code finds the site's own URLs (client/base-path.ts); only off the root.
    <html lang={lang} data-analytics-id={site.analytics.measurementId} data-base-path={site.basePath === "/" ? undefined : site.basePath}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {head.keywords && <meta name="keywords" content={head.keywords.join(", ")} />}
        {head.noindex && <meta name="robots" content="noindex" />}
        <link rel="canonical" href={head.canonical} />
        {head.alternates?.map((alternate) => <link key={alternate.lang} rel="alternate" hrefLang={alternate.lang} href={alternate.href} />)}
        {head.alternates && <link rel="alternate" hrefLang="x-default" href={head.alternates.find((alternate) => alternate.lang === "en")?.href} />}
        {head.alternateFeed && (
          <link rel="alternate" type="application/rss+xml" title={head.alternateFeed.title} href={head.alternateFeed.url} />
        )}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.companyName} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={head.canonical} />
        <meta property="og:locale" content={textFor(lang).ogLocale} />
        {/* The other languages this page is in: an English-only page names none rather than one it does not have. */}
        {head.alternates
          ?.filter((alternate) => alternate.lang !== lang)
          .map((alternate) => <meta key={alternate.lang} property="og:locale:alternate" content={textFor(alternate.lang).ogLocale} />)}
        {head.card && <meta property="og:image" content={head.card.imageUrl} />}
        {head.card && <meta property="og:image:width" content="1200" />}
        {head.card && <meta property="og:image:height" content="630" />}
        {head.card && <meta property="og:image:alt" content={head.card.alt} />}
        {head.card && <meta name="twitter:card" content="summary_large_image" />}
        <meta name="theme-color" content="#0b4f6c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
        <script type="module" src={assets.js} {...blocking} />
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
        {otherBodies.length === 0 ? (
          <PageBody chrome={chrome}>{children}</PageBody>
        ) : (
          <div data-page-body={lang}>
            <PageBody chrome={chrome}>{children}</PageBody>
          </div>
        )}
        {otherBodies.map((body) => (
          // Inert until chosen: its ids, headings and forms are no part of the page (src/render/render-route.tsx
          // points its links at its language's pages). Rendered in place, not as shared parts: those have the page's links.
          <template key={body.chrome.lang} data-page-body={body.chrome.lang} lang={body.chrome.lang} data-title={body.chrome.head.title}>
            <div data-page-body={body.chrome.lang}>
              <SharedPartsContext.Provider value={null}>
                <PageBody chrome={body.chrome}>{body.children}</PageBody>
              </SharedPartsContext.Provider>
            </div>
          </template>
        ))}
      </body>
    </html>
  );
}

/** What a page shows, in its language: skip link, header, breadcrumb, main content, footer and quote forms. */
function PageBody({ chrome, children }: { chrome: PageChrome; children: ReactNode }) {
  const { site, head, lang } = chrome;
  // The navigation links to the English URLs (a page in another language has them rewritten after rendering).
  const englishUrl = lang === "en" ? head.url : head.url.slice(lang.length + 1);
  const other = head.alternates?.find((alternate) => alternate.lang !== lang);
  // The quote forms speak the page's language (their `lang`: es-form's part of issue 29).
  const quoteProps = { site, lang };
  return (
    <>
      <a className="skip-link" href="#main">
        {textFor(lang).skipLink}
      </a>
      <SiteHeader site={site} lang={lang} url={inMainNavigation(englishUrl) ? englishUrl : ""} other={other && { lang: other.lang, url: other.url }} />
      {head.breadcrumb && <Breadcrumb trail={head.breadcrumb} lang={lang} />}
      <main id="main">{children}</main>
      {chrome.quote.footer && <Once component={FooterQuote} props={quoteProps} />}
      <Once component={SiteFooter} props={{ site, lang }} />
      {chrome.quote.modal && <Once component={QuoteDialog} props={quoteProps} />}
    </>
  );
}
