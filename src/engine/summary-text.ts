import type { BuildResult } from "./stages";

/** The few lines that end a build: pages by kind, total size, where the time went, and any warnings. */
export function formatSummary(result: BuildResult, outDir: string, { verbose = false } = {}): string {
  const pages = Object.entries(result.pagesByKind).map(([kind, count]) => `${count} ${kind}`).join(", ");
  const total = Object.values(result.pagesByKind).reduce((a, b) => a + b, 0);
  const timings = Object.entries(result.timings).map(([stage, ms]) => `${stage} ${ms} ms`).join(", ");
  return [
    result.upToDate
      ? `flightsite: nothing changed since the last build; ${outDir}/ keeps its ${total} pages (${pages})`
      : `flightsite: built ${total} pages into ${outDir}/ (${pages})`,
    `  ${result.files} files, ${(result.bytes / 1024).toFixed(0)} KB${result.reused > 0 ? `, ${result.reused} unchanged since the last build` : ""}`,
    `  ${timings}`,
    `  peak memory: ${megabytes(result.memory.start)} at the start; ${Object.entries(result.memory.stages).map(([stage, bytes]) => `${stage} ${megabytes(bytes)}`).join(", ")}`,
    // After the lines scripts/bench-build.ts reads by position.
    ...(result.shareCards
      ? [`  share cards: ${result.shareCards.drawn} drawn${result.shareCards.drawn > 0 ? ` in ${(result.shareCards.drawingMs / 1000).toFixed(1)} s` : ""}, ${result.shareCards.stored} from .flightsite/cards/, ${result.shareCards.total - result.shareCards.drawn - result.shareCards.stored} unchanged`]
      : []),
    ...(result.javascriptGzip
      ? [
          `  JavaScript (gzip): ${kilobytes(result.javascriptGzip.everyPage)} on every page (budget 3 KB), ` +
            `${kilobytes(result.javascriptGzip.withForm)} on a page with a quote form, like a city page (budget 12 KB)`,
        ]
      : []),
    ...(result.languages ?? []).map(({ lang, pages, englishOnly }) => {
      const shown = verbose ? englishOnly : englishOnly.slice(0, 5);
      const more = englishOnly.length - shown.length;
      return (
        `  ${languageNames[lang] ?? lang} (/${lang}/): ${pages} pages; ${englishOnly.length} English only` +
        (shown.length > 0 ? `: ${shown.join(", ")}${more > 0 ? `, and ${more} more (--verbose lists them all)` : ""}` : "")
      );
    }),
    ...(result.photos && result.photos.encoded + result.photos.cached > 0 ? [`  photos: ${result.photos.encoded} encoded, ${result.photos.cached} from cache`] : []),
    ...result.warnings.map((warning) => `  warning: ${warning}`),
    "",
  ].join("\n");
}

const languageNames: Record<string, string> = { es: "Spanish" };

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
