// Issue 39: a quote whose answer was lost (stored all the same) is sent again under the same case id, so the
// intake answers it as stored and coordinators get one lead.
import { afterEach, describe, expect, it, vi } from "vitest";
import { sameAttempt } from "../../../client/quote/attempt";
import { deliverQuote } from "../../../client/quote/deliver";
import { formQuote } from "../support/quotes";

afterEach(() => vi.unstubAllGlobals());

describe("sending the same quote again after a failure", () => {
  it("reuses the case id and time of the unanswered attempt, and a new one once delivered or changed", async () => {
    const fetch = vi.fn().mockResolvedValueOnce(new Response(null, { status: 503 })).mockResolvedValue(new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const first = sameAttempt(formQuote(0.1, Date.UTC(2026, 10, 24, 9)));
    await expect(deliverQuote("/api/quote", first)).rejects.toThrow("Quote endpoint answered 503");

    // Sent again a minute later: a new case id from the form, the first one's from here.
    const again = sameAttempt(formQuote(0.7, Date.UTC(2026, 10, 24, 9, 1)));
    expect([again.case_id, again.timestamp]).toEqual([first.case_id, first.timestamp]);
    const changed = sameAttempt({ ...formQuote(0.7, Date.UTC(2026, 10, 24, 9, 1)), phone: "(555) 999-0000" });
    expect(changed.case_id).not.toBe(first.case_id);

    await deliverQuote("/api/quote", again);
    expect(JSON.parse(fetch.mock.calls[1]![1].body).case_id).toBe(first.case_id);
    const later = formQuote(0.7, Date.UTC(2026, 10, 24, 9, 2));
    expect(sameAttempt(later).case_id, "delivered: the next quote is a new one").toBe(later.case_id);
  });

  it("keeps each form on the page apart", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const modal = formQuote(0.2, Date.UTC(2026, 10, 24, 10));
    await expect(deliverQuote("/api/quote", modal)).rejects.toThrow("Failed to fetch");
    const footer = { ...formQuote(0.3, Date.UTC(2026, 10, 24, 10, 1)), source_slot: "footer" as const };
    expect(sameAttempt(footer).case_id).toBe(footer.case_id);
  });
});
