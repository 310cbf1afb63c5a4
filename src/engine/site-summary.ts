import type { BuildSummary } from "./build-cache";
import type { ClientBundle } from "./client-bundle";
import { englishOnlyPages, versionsOf } from "../site/languages";
import { episodesWithoutAudio, podcastFeedUrl } from "../site/podcast";
import type { PageKind, SiteContent } from "../content/types";
import type { ContentProblem } from "../errors";

/**
 * What the build reports without failing: quotes that go nowhere (`quote.delivery: console`), and episodes left
 * out of the feed because they have no audio yet.
 */
export function siteWarnings(content: SiteContent): string[] {
  return [
    ...(content.site.quote.delivery === "console" ? [consoleDeliveryWarning] : []),
    ...episodesWithoutAudio(content.episodes).map(
      (episode) =>
        `episode "${episode.slug}" has no audio_url yet, so ${podcastFeedUrl} leaves it out (its page says the audio is coming)`,
    ),
  ];
}

/** Printed on every build of a site whose quotes go nowhere: a lead lost is the worst thing the site can do. */
export const consoleDeliveryWarning =
  "quote.delivery is console in data/site.yaml: quote requests are only written to the visitor's browser console and reach no one; remove it (quotes then go to /api/quote) before the site goes live";

/** The figures of an output, summed as its files come (`add`: the run's ledger, run-ledger.ts). */
export function tally() {
  const pagesByKind: Partial<Record<PageKind, number>> = {};
  let [files, bytes] = [0, 0];
  return {
    add(file: { bytes: number; pageKind?: PageKind }): void {
      files++;
      bytes += file.bytes;
      if (file.pageKind) pagesByKind[file.pageKind] = (pagesByKind[file.pageKind] ?? 0) + 1;
    },
    /** `photoWarnings`: the photo stage's (photos.ts). */
    summary(content: SiteContent, bundle: ClientBundle, photoWarnings: ContentProblem[] = []): BuildSummary {
      const { warnings: contentWarnings } = content.translationNotes;
      const languages = englishOnlyPages(content).map(({ lang, urls }) => ({ lang, pages: versionsOf(content)[lang]?.urls.size ?? 0, englishOnly: urls }));
      return {
        files,
        bytes,
        pagesByKind: sortedByKind(pagesByKind),
        warnings: siteWarnings(content),
        ...(contentWarnings.length > 0 && { contentWarnings }),
        ...(photoWarnings.length > 0 && { photoWarnings }),
        javascriptGzip: bundle.javascriptGzip,
        ...(languages.length > 0 && { languages }),
      };
    },
  };
}

/** Page counts in the order the kinds first appear in a site's routes, whichever thread finished first. */
export function sortedByKind(counts: Partial<Record<PageKind, number>>): Partial<Record<PageKind, number>> {
  const order: PageKind[] = ["home", "cities", "page", "contact", "case-managers", "thank-you", "case-manager-document", "privacy", "accessibility", "podcast", "episode", "city", "destination", "not-found"];
  return Object.fromEntries(order.filter((kind) => counts[kind] !== undefined).map((kind) => [kind, counts[kind]]));
}
