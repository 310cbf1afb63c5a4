import { load } from "cheerio";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { showEpisodeNotFound } from "../../../client/episode-not-found";
import { NotFoundPage } from "../../../templates/NotFoundPage";
import { site } from "../support/podcast-fixtures";

function elements() {
  return { heading: { textContent: "Page Not Found" }, episodeLinks: { hidden: true }, homeButton: { hidden: false } };
}

describe("the 404 page under /podcast/", () => {
  it("says 'Episode not found' and shows the links to the episodes and home", () => {
    const page = elements();
    expect(showEpisodeNotFound("/podcast/no-such-episode/", page)).toBe(true);
    expect(page).toEqual({ heading: { textContent: "Episode not found" }, episodeLinks: { hidden: false }, homeButton: { hidden: true } });
  });

  it("stays 'Page Not Found' for any other path", () => {
    const page = elements();
    expect(showEpisodeNotFound("/naples/no-such-page/", page)).toBe(false);
    expect(page).toEqual(elements());
  });

  it("looks under the site's base path for /podcast/ (issue 27)", () => {
    const page = elements();
    expect(showEpisodeNotFound("/podcast/x/", page, "/previews/pr-42/")).toBe(false);
    expect(showEpisodeNotFound("/previews/pr-42/podcast/x/", page, "/previews/pr-42/")).toBe(true);
    expect(page.heading.textContent).toBe("Episode not found");
  });

  it("does nothing on a page without the 404 heading", () => {
    expect(showEpisodeNotFound("/podcast/x/", { heading: null, episodeLinks: null })).toBe(false);
  });

  it("carries the episode links hidden in the static page, with the heading the script changes", () => {
    const chrome = { lang: "en" as const, site, assets: { css: "/a.css", js: "/a.js" }, head: { title: "t", description: "d", url: "/404.html", canonical: "c", jsonLd: [] }, quote: { modal: false, footer: true } };
    const $ = load(renderToStaticMarkup(<NotFoundPage chrome={chrome} />));
    expect($("h1[data-not-found-heading]").text()).toBe("Page Not Found");
    const links = $("[data-episode-links]");
    expect(links.attr("hidden")).toBe("hidden");
    expect(links.find("a").map((_, a) => a.attribs.href).get()).toEqual(["/podcast/", "/"]);
    expect($("a[data-not-found-home]").attr("href")).toBe("/");
  });
});
