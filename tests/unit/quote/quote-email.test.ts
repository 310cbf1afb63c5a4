// What a coordinator receives for a quote (issue 13): plain text, every field the visitor gave, and no link.
import { describe, expect, it } from "vitest";
import { quoteEmail } from "../../../src/quote/notify";
import { formQuote } from "../support/quotes";

describe("the coordinators' e-mail", () => {
  it("puts the case id, urgency and route in the subject, and a call-back summary first", () => {
    const quote = formQuote();
    const { subject, text } = quoteEmail(quote);
    expect(subject).toBe(`Quote request ${quote.case_id}: Planned (3+ days), Naples, FL → Houston, TX`);
    expect(text.split("\n")).toEqual([
      "Ann Lee asks for a quote: Wheelchair, Naples, FL → Houston, TX, urgency Planned (3+ days). Call back on (555) 123-4567.",
      "",
      `Case:           ${quote.case_id}`,
      "Name:           Ann Lee",
      "Phone:          (555) 123-4567",
      "From:           Naples, FL",
      "To:             Houston, TX",
      "Urgency:        Planned (3+ days)",
      "Mobility:       Wheelchair",
      "Equipment:      Oxygen",
      "Consent:        yes, understands this is not for emergencies",
      "Sent from:      /naples/flights-to-md-anderson-houston/ (modal form, mobile)",
      "Page title:     Naples to MD Anderson",
      "Campaign:       newsletter",
      `Sent at:        ${quote.timestamp}`,
      "",
      `Stored in the quotes bucket as quotes/2025/09/07/${quote.case_id}.json.`,
      "",
    ]);
    expect(text).not.toMatch(/https?:|www\./);
  });

  it("asks for a call right away when the flight is for today", () => {
    expect(quoteEmail({ ...formQuote(), urgency: "Today" }).text).toMatch(/^TODAY: call back right away\. Ann Lee asks/);
  });
});
