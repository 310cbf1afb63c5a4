import type { StaticPageProps } from "./StaticPage";
import { StaticPage } from "./StaticPage";
import { PhoneLink } from "./PhoneLink";
import { textFor } from "./text";

export type ThankYouPageProps = Omit<StaticPageProps, "children" | "showCta">;

/** /thank-you/: the case id (the default until the client reads ?case=) and what happens next. */
export function ThankYouPage(props: ThankYouPageProps) {
  const { site, lang } = props.chrome;
  const words = textFor(lang);
  return (
    <StaticPage {...props} showCta={false}>
      <section className="section" aria-labelledby="case">
        <div className="container">
          <div className="case-box">
            <h2 id="case">{words.thankYou.caseNumber}</h2>
            <p className="case-id" data-case-id="">
              AF00000000
            </p>
            <p>{words.thankYou.next}</p>
            <PhoneLink site={site} className="button button-primary" label={words.callUsNow} />
          </div>
        </div>
      </section>
    </StaticPage>
  );
}
