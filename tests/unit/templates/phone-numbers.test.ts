// Issue 40: a phone number is one unbreakable unit everywhere it is shown, in one format made by one function.
import { describe, expect, it } from "vitest";
import { formatPhoneNumber, telUrl } from "../../../client/phone";
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
});
