// Where the forms send (issue 13): by default the site's own /api/quote; `quote.delivery: console` is a demo that
// sends nowhere, says so on every build, and tells visitors without JavaScript to call.
import { load } from "cheerio";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { QuoteForm } from "../../../client/islands/QuoteForm";
import { en } from "../../../client/messages/en";
import { consoleDeliveryWarning, siteWarnings } from "../../../src/engine/site-summary";
import { findBrokenLinks } from "../../../src/engine/link-check";
import type { SiteContent } from "../../../src/content/types";
import { formatSummary } from "../../../src/cli";
import { loadRealSite } from "../support/site";

const phone = { display: "(877) 555-0100", tel: "+18775550100" };
let content: SiteContent;
beforeAll(async () => {
  content = (await loadRealSite()).content;
});

describe("the quote form's address", () => {
  it("posts to /api/quote, with no note asking to call, when the site sends its quotes there", () => {
    const $ = load(renderToStaticMarkup(<QuoteForm variant="full" slot="inline" endpoint="/api/quote" phone={phone} text={en.quoteForm} />));
    expect($("form").attr("action")).toBe("/api/quote");
    expect($("form").attr("method")).toBe("post");
    expect($("noscript")).toHaveLength(0);
  });

  it("has no address and asks visitors without JavaScript to call, when quotes only go to the console", () => {
    const $ = load(renderToStaticMarkup(<QuoteForm variant="full" slot="inline" phone={phone} text={en.quoteForm} />));
    expect($("form").attr("action")).toBeUndefined();
    expect(load($("noscript").text()).text()).toContain("This form needs JavaScript to send. Please call (877) 555-0100: a coordinator answers 24/7.");
  });

  it("is not a broken link for the build's link check, though no file answers it", () => {
    const page = { file: "contact/index.html", contents: '<form action="/api/quote" method="post"></form><a href="/api/quotes">x</a>' };
    expect(findBrokenLinks([page], content.site.baseUrl)).toEqual([{ page: "contact/index.html", link: "/api/quotes" }]);
  });
});

describe("a build whose quotes go only to the console", () => {
  const consoleSite = () => ({ ...content, site: { ...content.site, quote: { delivery: "console" as const, notice: content.site.quote.notice} } });

  it("warns on every build that quotes reach no one", () => {
    expect(siteWarnings(content)).not.toContain(consoleDeliveryWarning);
    expect(siteWarnings(consoleSite())[0]).toBe(
      "quote.delivery is console in data/site.yaml: quote requests are only written to the visitor's browser console and reach no one; remove it (quotes then go to /api/quote) before the site goes live",
    );
  });

  it("prints the warning in the build's summary", () => {
    const summary = formatSummary(
      { files: 1, reused: 0, rendered: ["index.html"], pagesByKind: { home: 1 }, bytes: 0, warnings: siteWarnings(consoleSite()), timings: { load: 0, validate: 0, bundle: 0, documents: 0, render: 0, check: 0, swap: 0 }, memory: { start: 0, stages: {} } },
      "dist",
    );
    expect(summary).toContain(`  warning: ${consoleDeliveryWarning}\n`);
  });
});
