import type { PageChrome } from "../src/types";
import { Layout } from "./Layout";
import { PhoneLink } from "./PhoneLink";

export interface NotFoundPageProps {
  chrome: PageChrome;
}

/** 404.html: served by S3 (and the dev server) for every path that has no page. */
export function NotFoundPage({ chrome }: NotFoundPageProps) {
  return (
    <Layout chrome={chrome}>
      <section className="hero not-found" data-not-found="">
        <div className="container">
          <h1>Page Not Found</h1>
          <p className="lead">
            The page you're looking for doesn't exist. If you need immediate medical flight coordination, please call
            our emergency line.
          </p>
          <div className="button-row">
            <PhoneLink site={chrome.site} className="button button-primary" label="Call" />
            <a className="button button-secondary" href="/">
              Go to the home page
            </a>
          </div>
        </div>
      </section>
    </Layout>
  );
}
