import type { Destination } from "../content/schema";
import type { ParsedFile } from "../content/parse";
import { parseDataFile } from "../content/parse";
import type { SiteContent, SourceFile } from "../content/types";
import { checkCityNames, checkEnglish, englishForms, type CityNeighbours } from "../content/validate";
import { ContentError, sortProblems, type ContentProblem } from "../errors";
import { validateTranslations, type TranslationsResult } from "./validate-translations";

// The validate stage of the build (and of every save in `serve --watch`): the English files checked by the content
// stage (src/content/validate.ts), then the translations of data/<lang>/ checked and laid over them.

/**
 * All data files → SiteContent with its translations, or a ContentError listing every problem in every file at once,
 * English and translated, in one order: the English files' problems, the translations', then each city name too long
 * for a destination's forms in any language. `parse` and `images` as validateContent takes them.
 */
export function validateSite(
  files: SourceFile[],
  parse: typeof parseDataFile = parseDataFile,
  images: ReadonlySet<string> = new Set(),
): SiteContent {
  const checked = checkSite(files, parse, images);
  const content = checked.problems.length === 0 ? checked.content() : undefined;
  if (!content) throw new ContentError(checked.problems);
  return content;
}

/** What validateSite finds, without throwing: its problems, and the content once there are none. */
export interface SiteChecked {
  problems: ContentProblem[];
  /** What each city is checked against across files, for a save that checks only the cities it changed. */
  neighbours: CityNeighbours;
  content: () => SiteContent | undefined;
}

export function checkSite(files: SourceFile[], parse: typeof parseDataFile, images: ReadonlySet<string>): SiteChecked {
  const english = checkEnglish(files, parse, images);
  const translated = english.translationFiles.length > 0 ? validateTranslations(english.translationFiles, english.english, english.shortestCityName, parse) : noTranslations;
  const destinationForms = [
    ...englishForms(english.destinations),
    ...Object.values(translated.translations).flatMap((translation) =>
      [...translation.destinations].map(([slug, destination]) => ({ file: translationPathOf(translation.lang, english.destinations, slug), destination })),
    ),
  ];
  const problems = [...english.problems, ...translated.problems, ...checkCityNames(english.cities, destinationForms)];
  const content = () => {
    const englishContent = english.content();
    if (!englishContent) return undefined;
    const translationNotes = { warnings: sortProblems(translated.notes.warnings), incomplete: translated.notes.incomplete };
    return { ...englishContent, translations: translated.translations, translationNotes };
  };
  return { problems, neighbours: english.neighbours, content };
}

// --- internal ---

const noTranslations: TranslationsResult = { translations: {}, notes: { warnings: [], incomplete: [] }, problems: [] };

/** The translation file of the destination `slug` in `lang`: data/destinations/x.yaml → data/es/destinations/x.yaml. */
function translationPathOf(lang: string, destinations: ParsedFile<Destination>[], slug: string): string {
  const english = destinations.find((d) => d.data.slug === slug)?.file.path ?? `data/destinations/${slug}.yaml`;
  return english.replace(/^(.*?)destinations\//, `$1${lang}/destinations/`);
}
