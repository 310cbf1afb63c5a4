// Issue 40: a phone number is one unbreakable unit everywhere it is shown, in one format made by one function.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPhoneNumber, PHONE_NUMBER_IN_TEXT, telUrl } from "../../../client/phone";
import { markPhoneNumbers } from "../../../templates/phone-numbers";

describe("formatPhoneNumber", () => {
  it("writes a US number the one way, however the editor wrote it", () => {
    for (const written of ["(555) 010-2030", "555-010-2030", "555.010.2030", "1-555-010-2030", "+1 555 010 2030", "+15550102030"]) {
      expect(formatPhoneNumber(written), written).toBe("(555) 010-2030");
    }
    expect(telUrl("555-010-2030")).toBe("tel:+15550102030");
  });

  it("refuses what is not a 10-digit US number rather than showing it wrong", () => {
    expect(() => formatPhoneNumber("555-0102")).toThrow("not a 10-digit US phone number: 555-0102");
  });
});

describe("markPhoneNumbers", () => {
  const unit = (number: string) => `<span class="phone-number">${number}</span>`;

  it("wraps each number in the text in one unbreakable unit, in the one format", () => {
    expect(markPhoneNumbers("<p>Call 555-010-2030 or (555) 010-4050, day or night.</p>")).toBe(
      `<p>Call ${unit("(555) 010-2030")} or ${unit("(555) 010-4050")}, day or night.</p>`,
    );
    expect(markPhoneNumbers("<p><strong>1-555-010-2030</strong></p>")).toBe(`<p><strong>${unit("(555) 010-2030")}</strong></p>`);
  });

  it("leaves attributes, scripts, titles, comments, numbers already wrapped and longer digit runs as they are", () => {
    const html =
      `<title>Call 555-010-2030</title><meta content="555-010-2030"><a href="tel:+15550102030" aria-label="555-010-2030">` +
      `${unit("(555) 010-2030")}</a><script type="application/ld+json">{"telephone":"555-010-2030"}</script>` +
      `<!-- 555-010-2030 --><textarea>555-010-2030</textarea><p>Case 12555-010-20301, ref 555-010-2030-7</p>`;
    expect(markPhoneNumbers(html)).toBe(html);
  });

  // Issue 38: markPhoneNumbers finds the numbers first and walks the tags only as far as the last one; it must mark
  // exactly what a walk over every tag and text marks (wholeWalk below, the function as issue 40 wrote it).
  it("marks any markup as a walk over every tag and text does", () => {
    const piece = fc.constantFrom(
      "<p>", "</p>", "<span class=\"phone-number\">", "</span>", "<script>", "</script>", "<TITLE>", "</title>", "<!--", "-->",
      "<a href=\"tel:+15550102030\" aria-label=\"555-010-2030\">", "</a>", "<option>", "<", ">", "<br/>", " ", "Call ",
      "555-010-2030", "(555) 010-4050", "+1 555 010 2030", "1-555-010-2030", "x", "-", "7", "12",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const html = pieces.join("");
        expect(markPhoneNumbers(html)).toBe(wholeWalk(html));
      }),
      { numRuns: 2000 },
    );
  });
});

/** markPhoneNumbers as issue 40 wrote it: every tag walked, every text tried. */
function wholeWalk(html: string): string {
  const noMarkup = new Set(["script", "style", "title", "textarea", "option", "noembed", "noframes", "xmp", "iframe"]);
  const wrappedStart = '<span class="phone-number">';
  const closeOf = (close: string, from: number) => (html.indexOf(close, from) === -1 ? html.length : html.indexOf(close, from));
  const wrapped = (text: string) => text.replace(new RegExp(PHONE_NUMBER_IN_TEXT.source, "g"), (number) => `${wrappedStart}${formatPhoneNumber(number)}</span>`);
  let out = "";
  let text = 0;
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", text)) {
    const comment = html.startsWith("<!--", at);
    const end = comment ? html.indexOf("-->", at + 4) + 2 : html.indexOf(">", at);
    if (end < at) break;
    let next = end + 1;
    const name = comment ? undefined : /^<([A-Za-z][^\s/>]*)/.exec(html.slice(at, at + 40))?.[1]?.toLowerCase();
    if (name && noMarkup.has(name)) next = closeOf(`</${name}`, next);
    else if (html.startsWith(wrappedStart, at)) next = closeOf("</span>", next);
    out += wrapped(html.slice(text, at)) + html.slice(at, next);
    text = next;
  }
  return out + wrapped(html.slice(text));
}
