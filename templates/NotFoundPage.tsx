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
   * For the same reason, each translation's own 404 (the chrome of its es/404.html): the whole page, header and footer
   * too, in a template the client script (client/language-not-found.ts) shows instead of the English one for a path
   * under that language.
   */
  translations?: PageChrome[];
}

/**
 * 404.html: served by S3 (and the dev server) for every path that has no page. For a path under /podcast/ the
 * client script (client/episode-not-found.ts) says "Episode not found" and shows the hidden podcast links; for a path
 * under a translation's folder (client/language-not-found.ts), that translation's page.
 */
export function NotFoundPage({ chrome, otherLanguages = [], translations = [] }: NotFoundPageProps) {
  const otherBodies = translations.map((translation) => ({ chrome: translation, children: <NotFoundMain chrome={translation} /> }));
  return (
    <Layout chrome={chrome} otherBodies={otherBodies}>
      <NotFoundMain chrome={chrome} otherLanguages={otherLanguages} />
    </Layout>
  );
}

/** The 404's main content in `chrome`'s language. */
function NotFoundMain({ chrome, otherLanguages = [] }: Pick<NotFoundPageProps, "chrome" | "otherLanguages">) {
  const words = textFor(chrome.lang);
  return (
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
  );
}
