import type { StaticPageProps } from "./StaticPage";
import { StaticPage } from "./StaticPage";
import { PhoneLink } from "./PhoneLink";

export type ThankYouPageProps = Omit<StaticPageProps, "children" | "showCta">;

/** /thank-you/: the case id (the default until the client reads ?case=) and what happens next. */
export function ThankYouPage(props: ThankYouPageProps) {
  const { site } = props.chrome;
  return (
    <StaticPage {...props} showCta={false}>
      <section className="section" aria-labelledby="case">
        <div className="container">
          <div className="case-box">
            <h2 id="case">Your case number</h2>
            <p className="case-id" data-case-id="">
              AF00000000
            </p>
            <p>
              A coordinator will contact you within 2 hours during business hours, otherwise the next business day.
              Please keep this number ready when we speak.
            </p>
            <PhoneLink site={site} className="button button-primary" label="Call us now" />
          </div>
        </div>
      </section>
    </StaticPage>
  );
}
