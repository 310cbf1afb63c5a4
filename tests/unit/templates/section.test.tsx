// templates/Section.tsx (issue 37): the one markup of a page's bands, each labelled by its h2, in a container.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProseSection, Section } from "../../../templates/Section";

describe("a section of a page", () => {
  it("is labelled by its heading, inside a container, with the classes it is given", () => {
    expect(renderToStaticMarkup(<Section id="faq" heading="Questions"><p>a</p></Section>)).toBe(
      '<section class="section" aria-labelledby="faq"><div class="container"><h2 id="faq">Questions</h2><p>a</p></div></section>',
    );
    expect(renderToStaticMarkup(<Section id="quote-heading" heading="Ask" className="section section-alt" container="container narrow" anchor="quote" />)).toBe(
      '<section id="quote" class="section section-alt" aria-labelledby="quote-heading"><div class="container narrow"><h2 id="quote-heading">Ask</h2></div></section>',
    );
  });

  it("sets running text in a prose container", () => {
    expect(renderToStaticMarkup(<ProseSection id="form" heading="The form">text</ProseSection>)).toBe(
      '<section class="section" aria-labelledby="form"><div class="container prose"><h2 id="form">The form</h2>text</div></section>',
    );
  });
});
