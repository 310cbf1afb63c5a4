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
}

/**
 * 404.html: served by S3 (and the dev server) for every path that has no page. For a path under /podcast/ the
 * client script (client/episode-not-found.ts) says "Episode not found" and shows the hidden podcast links.
 */
export function NotFoundPage({ chrome, otherLanguages = [] }: NotFoundPageProps) {
  const words = textFor(chrome.lang);
  return (
    <Layout chrome={chrome}>
      <section className="hero not-found" data-not-found="">
        <div className="container">
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
      </section>
    </Layout>
  );
}
