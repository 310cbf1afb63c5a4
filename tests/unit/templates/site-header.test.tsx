import { load } from "cheerio";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SiteHeader } from "../../../templates/SiteHeader";
import { mainNavigation, isGroup } from "../../../templates/navigation";
import { loadRealSite } from "../support/site";

describe("the site header", () => {
  // Issue 15: the groups that open a list must not look like the links beside them.
  it("gives each dropdown group, and only those, a decorative chevron of fixed size in its summary", async () => {
    const { content } = await loadRealSite();
    const $ = load(renderToStaticMarkup(<SiteHeader site={content.site} url="/about/" />));
    const groups = mainNavigation.filter(isGroup).map((group) => group.label);
    expect(groups).toEqual(["Services", "Procedures", "Resources"]);
    const summaries = $("#site-nav details[name='nav-group'] > summary");
    expect(summaries.map((_, summary) => $(summary).text()).get()).toEqual(groups);
    for (const summary of summaries.toArray()) {
      const icons = $(summary).children("svg");
      expect(icons).toHaveLength(1);
      // Width and height as attributes reserve its box before the stylesheet loads: no layout shift.
      expect(icons.attr()).toMatchObject({ class: "icon", width: "24", height: "24", "aria-hidden": "true", focusable: "false" });
    }
    expect($("#site-nav a svg")).toHaveLength(0);
    // The policy allows no inline styles (style-src 'self'): the open state lives in the stylesheet only.
    expect($("[style]")).toHaveLength(0);
  });
});
