// The browser entry. The page is complete HTML without it; this only adds behaviour.
import { showEpisodeNotFound } from "./episode-not-found";
import { enableVideoFacades } from "./video-facade";

enableVideoFacades(document);
showEpisodeNotFound(location.pathname, {
  heading: document.querySelector<HTMLElement>("[data-not-found-heading]"),
  episodeLinks: document.querySelector<HTMLElement>("[data-episode-links]"),
  homeButton: document.querySelector<HTMLElement>("[data-not-found-home]"),
});
