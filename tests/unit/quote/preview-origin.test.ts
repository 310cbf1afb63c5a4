// Issue 36: previews of pull requests are on an origin of their own (infra/lib/preview-site.ts), and the quote intake
// refuses a post from it: a preview's page, reviewed or not, never sends a lead, even on a sibling hostname the
// browser counts as same-site.
import { describe, expect, it } from "vitest";
import { createQuoteReceiver } from "../../../src/quote/receiver";
import { formQuote } from "../support/quotes";

const SITE = "https://www.floridamedicalflights.example";
const PREVIEWS = "https://previews.floridamedicalflights.example";

describe("the quote intake and the previews' origin", () => {
  it("refuses a post from the previews' origin, or from a page of it, and stores nothing", async () => {
    const stored: unknown[] = [];
    const receive = createQuoteReceiver({ store: async (quote) => void stored.push(quote), siteOrigin: SITE, phone: { display: "(877) 555-0100", tel: "+18775550100" } });
    const body = JSON.stringify(formQuote());
    const fromPreview: Record<string, string>[] = [
      { Origin: PREVIEWS, "Sec-Fetch-Site": "same-site" },
      { Referer: `${PREVIEWS}/previews/pr-7/naples/`, "Sec-Fetch-Site": "same-site" },
    ];
    for (const headers of fromPreview) {
      const answer = await receive(new Request("http://127.0.0.1/api/quote", { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } }));
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ errors: { origin: "must be the site's own address: send the quote from the site's form" } });
    }
    expect(stored).toEqual([]);
  });
});
