import * as z from "zod";
import { text } from "../content/field-schemas";
import type { parseDataFile } from "../content/parse";
import type { SourceFile } from "../content/types";
import type { ContentProblem } from "../errors";

// The glossary of a language (data/<lang>/glossary.yaml): recurring terms, always translated the same way, and the
// rule that tells a translated field which renders one of them another way.

/** data/<lang>/glossary.yaml: recurring terms, always translated the same way. */
export const Glossary = z.strictObject({
  terms: z.array(
    z.strictObject({
      /** The English term; it matches whole words in any case, and also with a plural "s" or "es". */
      en: text,
      /** The translation's forms of it: a text with the English term must have one of these (any case). */
      es: z.array(text).min(1, "must list at least one form"),
    }),
  ),
});
export type Glossary = z.infer<typeof Glossary>;

/** A glossary made ready for matching: each term's English pattern and its translated forms' patterns. */
export interface GlossaryRules {
  file: string;
  terms: { en: string; es: string[]; english: RegExp; forms: RegExp[] }[];
}

export function glossaryRules(file: string, glossary: Glossary): GlossaryRules {
  return {
    file,
    terms: glossary.terms.map((term) => ({
      ...term,
      english: wholeWords(term.en, "(?:e?s)?"),
      forms: term.es.map((form) => wholeWords(form, "")),
    })),
  };
}

/**
 * A language's glossary file read into its rules, or its problems: how the build (validateTranslations) and a save
 * (SiteValidator) both read it.
 */
export function readGlossary(file: SourceFile, parse: typeof parseDataFile): { rules: GlossaryRules; problems: [] } | { rules: undefined; problems: ContentProblem[] } {
  const result = parse(file, Glossary);
  return result.ok ? { rules: glossaryRules(file.path, result.parsed.data), problems: [] } : { rules: undefined, problems: result.problems };
}

/** The glossary terms the English text has and its translation renders with none of their forms. */
export function glossaryMisses(rules: GlossaryRules, english: string, translation: string): GlossaryRules["terms"] {
  const [source, target] = [english, translation].map(comparable) as [string, string];
  return rules.terms.filter((term) => term.english.test(source) && !term.forms.some((form) => form.test(target)));
}

/** How a glossary miss is told, at the translated field. */
export function glossaryMessage(term: { en: string; es: string[] }, file: string): string {
  return `"${term.en}" is translated as ${term.es.map((form) => `"${form}"`).join(" or ")} here (${file})`;
}

// --- internal ---

/** A whole-word, any-case pattern for a term; a hyphen and a dash are the same, and so is any run of spaces. */
function wholeWords(term: string, suffix: string): RegExp {
  const body = comparable(term)
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}${suffix}(?![\\p{L}\\p{N}])`, "iu");
}

/** A text as the glossary compares it: one kind of dash, composed accents, and no markdown link targets. */
function comparable(value: string): string {
  return value.normalize("NFC").replace(/\]\([^)]*\)/g, "]").replace(/[‐‑‒–—]/g, "-");
}
