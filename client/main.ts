// The browser entry. Every page is complete HTML without it; this only adds behaviour. Forms are the only
// Preact islands, loaded as a separate chunk on the pages that have one, so other pages load only this file.
import { enableAnalytics } from "./analytics";
import { showEpisodeNotFound } from "./episode-not-found";
import { showLanguageNotFound } from "./language-not-found";
import { enableMenu } from "./menu";
import { reportNotFound, showCaseId } from "./page-notes";
import { enableQuoteDialog } from "./quote-dialog";
import { enableVideoFacades } from "./video-facade";

const basePath = document.documentElement.dataset.basePath ?? "/"; // (client/base-path.ts, kept out of every page's script)
// First: on the 404 under /es/ it puts the Spanish body in place, which the rest then starts.
showLanguageNotFound(location.pathname, {
  document,
  own: document.querySelector<HTMLElement>("div[data-page-body]"),
  translations: [...document.querySelectorAll<HTMLTemplateElement>("template[data-page-body]")],
}, basePath);
enableAnalytics(document, window);
enableMenu(document);
enableVideoFacades(document);
enableQuoteDialog(document);
showCaseId(document, location.search);
reportNotFound(document, location.pathname);
showEpisodeNotFound(location.pathname, {
  heading: document.querySelector<HTMLElement>("[data-not-found-heading]"),
  episodeLinks: document.querySelector<HTMLElement>("[data-episode-links]"),
  homeButton: document.querySelector<HTMLElement>("[data-not-found-home]"),
}, basePath);

if (document.querySelector("[data-island]")) {
  void import("./islands/hydrate").then(({ hydrateIslands }) => {
    hydrateIslands(document);
    // Lets browser tests (and curious developers) know the forms are live.
    document.documentElement.dataset.islands = "ready";
  });
}
