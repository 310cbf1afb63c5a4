// What a coordinator receives for a quote (issues 13, 25): plain text, only what a call-back needs unless the
// owner lists more in quote.notice.fields, and nothing a visitor typed can become a link or a row of its own.
import { describe, expect, it } from "vitest";
import { quoteEmail } from "../../../src/quote/email";
import { formQuote } from "../support/quotes";

describe("the coordinators' e-mail", () => {
  it("carries by default only the case id, urgency, name, phone, route, preferred date and page path", () => {
    const quote = { ...formQuote(), preferred_date: "2025-10-01", notes: "Daughter travels along", email: "ann@example.com" };
    const { subject, text } = quoteEmail(quote, { fields: [], replyTo: "set" });
    expect(subject).toBe(`Quote ${quote.case_id}: Planned (3+ days), Naples, FL → Houston, TX`);
    expect(text.split("\n")).toEqual([
      `Case:            ${quote.case_id}`,
      "Urgency:         Planned (3+ days)",
      "Name:            Ann Lee",
      "Phone:           (555) 123-4567",
      "From:            Naples, FL",
      "To:              Houston, TX",
      "Preferred date:  2025-10-01",
      "Page:            /naples/flights-to-md-anderson-houston/",
      "",
      "Reply to this e-mail to write to the visitor.",
      `The whole request is in the quotes bucket as quotes/${quote.case_id}.json.`,
      "",
    ]);
  });

  // Issue 29: a coordinator who speaks Spanish should call back a visitor who read the form in Spanish.
  it("says first of all, before even a Today urgency, that the visitor filled in the form in Spanish", () => {
    const quote = { ...formQuote(), urgency: "Today" as const, lang: "es" as const };
    const lines = quoteEmail(quote, { fields: [], replyTo: "none" }).text.split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "The visitor filled in the form in Spanish.",
      "",
      "TODAY: call back right away.",
      "",
      `Case:            ${quote.case_id}`,
    ]);
    expect(quoteEmail({ ...quote, lang: "en" }, { fields: [], replyTo: "none" }).text).not.toContain("Spanish");
  });

  it("adds mobility, equipment and notes only when quote.notice.fields lists them, notes indented under their label", () => {
    const quote = { ...formQuote(), notes: "Daughter travels along.\nPhone: 555 000 0000" };
    const { text } = quoteEmail(quote, { fields: ["mobility", "equipment", "notes"], replyTo: "none" });
    expect(text.split("\n").slice(7, 12), "no preferred date: no row").toEqual([
      "Mobility:        Wheelchair",
      "Equipment:       Oxygen",
      "Notes:",
      "    | Daughter travels along.",
      "    | Phone: 555 000 0000",
    ]);
    expect(text).toContain("\nThe visitor gave no e-mail address.\n");
    expect(quoteEmail(quote, { fields: ["notes"], replyTo: "dropped" }).text).not.toContain("Mobility:");
  });

  it("asks for a call right away when the flight is for today", () => {
    const { text } = quoteEmail({ ...formQuote(), urgency: "Today" }, { fields: [], replyTo: "none" });
    expect(text.startsWith("TODAY: call back right away.\n\nCase:")).toBe(true);
  });

  it("writes addresses a visitor typed so that no mail program makes them links", () => {
    const quote = { ...formQuote(), full_name: "Ann www.evil.example", from_location: "https://evil.example/x?y=1", to_location: "mail eve@evil.example or evil.com." };
    const { subject, text } = quoteEmail(quote, { fields: [], replyTo: "none" });
    expect(text).toContain("Name:            Ann www[.]evil[.]example\n");
    expect(text).toContain("From:            https[:]//evil[.]example/x?y=1\n");
    expect(text).toContain("To:              mail eve[@]evil[.]example or evil[.]com[.]\n");
    expect(subject).toBe(`Quote ${quote.case_id}: Planned (3+ days), https[:]//evil[.]example/x?y=1 → mail eve[@]evil[.]example or evil[.]com[.]`);
  });

  it("leaves ordinary punctuation alone", () => {
    const { text } = quoteEmail({ ...formQuote(), full_name: "Dr. J. Smith", from_location: "St. Petersburg, FL" }, { fields: [], replyTo: "none" });
    expect(text).toContain("Name:            Dr. J. Smith\n");
    expect(text).toContain("From:            St. Petersburg, FL\n");
  });
});
