import type { Lang } from "../src/content/language";
import type { PageChrome } from "../src/content/types";
import { Layout } from "./Layout";
import { PhoneLink } from "./PhoneLink";
import { textFor } from "./text";

export interface NotFoundPageProps {
  chrome: PageChrome;
  /**
   * The home pages of the other languages: CloudFront answers every missing path with /404.html (its error pages
   * belong to the whole distribution), so a missing /es/… page gets the English 404, which points, in Spanish, there.
   */
  otherLanguages?: { lang: Lang; href: string }[];
  /**
   * For the same reason, each translation's own 404 words (its heading, lead, title and home page), hidden: the client
   * script (client/language-not-found.ts) shows them instead of the English ones for a path under that language.
   */
  translations?: { lang: Lang; title: string; home: string }[];
}

/**
 * 404.html: served by S3 (and the dev server) for every path that has no page. For a path under /podcast/ the
 * client script (client/episode-not-found.ts) says "Episode not found" and shows the hidden podcast links; for a path
 * under a translation's folder (client/language-not-found.ts), that translation's words.
 */
export function NotFoundPage({ chrome, otherLanguages = [], translations = [] }: NotFoundPageProps) {
  const words = textFor(chrome.lang);
  return (
    <Layout chrome={chrome}>
      <section className="hero not-found" data-not-found="">
        <div className="container" data-not-found-own="">
          <h1 data-not-found-heading="">{words.notFound.heading}</h1>
          <p className="lead">{words.notFound.lead}</p>
          <ul className="link-list" data-episode-links="" hidden>
            <li>
              <a href="/podcast/" hrefLang={chrome.lang === "en" ? undefined : "en"}>
                {words.notFound.episodes}
              </a>
            </li>
            <li>
              <a href="/">{words.notFound.home}</a>
            </li>
          </ul>
          {otherLanguages.map(({ lang, href }) => (
            <p key={lang} lang={lang}>
              <a href={href} hrefLang={lang}>
                {textFor(lang).notFound.inThisLanguage}
              </a>
            </p>
          ))}
          <div className="button-row">
            <PhoneLink site={chrome.site} className="button button-primary" label={words.call} />
            <a className="button button-secondary" href="/" data-not-found-home="">
              {words.notFound.home}
            </a>
          </div>
        </div>
        {translations.map(({ lang, title, home }) => (
          <div key={lang} className="container" lang={lang} data-title={title} data-not-found-translation="" hidden>
            <h1>{textFor(lang).notFound.heading}</h1>
            <p className="lead">{textFor(lang).notFound.lead}</p>
            {/* What the line speaks, as data/site.yaml states it: the header of this English page does not say it. */}
            {textFor(lang).phoneLanguage(chrome.site) && <p className="phone-language">{textFor(lang).phoneLanguage(chrome.site)}</p>}
            <div className="button-row">
              <PhoneLink site={chrome.site} className="button button-primary" label={textFor(lang).call} />
              <a className="button button-secondary" href={home} hrefLang={home === "/" ? "en" : undefined}>
                {textFor(lang).notFound.home}
              </a>
            </div>
          </div>
        ))}
      </section>
    </Layout>
  );
}
