/** Spec §8: what the 404 page says for a path under /podcast/ that is no episode. */
export const episodeNotFoundText = "Episode not found";

/** The parts of the 404 page this changes; plain objects stand in for them in tests. */
export interface NotFoundElements {
  heading: { textContent: string | null } | null;
  /** The links to /podcast/ and home, hidden in the static page. */
  episodeLinks: { hidden: boolean } | null;
  /** The page's usual home button, hidden while the episode links (which include home) show. */
  homeButton?: { hidden: boolean } | null;
}

/**
 * On the 404 page, a path under /podcast/ (of the site's base path) was an episode that does not exist: say so and show the way back to
 * the episodes. Returns whether it did. Text only (textContent), so nothing from the URL becomes markup.
 */
export function showEpisodeNotFound(pathname: string, elements: NotFoundElements, basePath = "/"): boolean {
  const { heading, episodeLinks, homeButton } = elements;
  if (!pathname.startsWith(`${basePath}podcast/`) || !heading || !episodeLinks) return false;
  heading.textContent = episodeNotFoundText;
  episodeLinks.hidden = false;
  if (homeButton) homeButton.hidden = true;
  return true;
}
