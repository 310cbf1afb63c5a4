import type { PageChrome } from "../src/content/types";
import { Layout } from "./Layout";
import { PhoneLink } from "./PhoneLink";

export interface NotFoundPageProps {
  chrome: PageChrome;
}

/**
 * 404.html: served by S3 (and the dev server) for every path that has no page. For a path under /podcast/ the
 * client script (client/episode-not-found.ts) says "Episode not found" and shows the hidden podcast links.
 */
export function NotFoundPage({ chrome }: NotFoundPageProps) {
  return (
    <Layout chrome={chrome}>
      <section className="hero not-found" data-not-found="">
        <div className="container">
          <h1 data-not-found-heading="">Page Not Found</h1>
          <p className="lead">
            The page you're looking for doesn't exist. If you need immediate medical flight coordination, please call
            our emergency line.
          </p>
          <ul className="link-list" data-episode-links="" hidden>
            <li>
              <a href="/podcast/">See all podcast episodes</a>
            </li>
            <li>
              <a href="/">Go to the home page</a>
            </li>
          </ul>
          <div className="button-row">
            <PhoneLink site={chrome.site} className="button button-primary" label="Call" />
            <a className="button button-secondary" href="/" data-not-found-home="">
              Go to the home page
            </a>
          </div>
        </div>
      </section>
    </Layout>
  );
}
