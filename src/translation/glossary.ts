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
  terms: { en: string; es: string[]; english: WholeWords; forms: WholeWords[] }[];
}

export function glossaryRules(file: string, glossary: Glossary): GlossaryRules {
  return {
    file,
    terms: glossary.terms.map((term) => ({
      ...term,
      english: wholeWords(term.en, englishEnd),
      forms: term.es.map((form) => wholeWords(form, formEnd)),
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
  const source = compared(english);
  let target: Compared | undefined; // most texts have no term: their translation is not even normalized
  return rules.terms.filter((term) => found(term.english, source) && !term.forms.some((form) => found(form, (target ??= compared(translation)))));
}

/** How a glossary miss is told, at the translated field. */
export function glossaryMessage(term: { en: string; es: string[] }, file: string): string {
  return `"${term.en}" is translated as ${term.es.map((form) => `"${form}"`).join(" or ")} here (${file})`;
}

// --- internal ---

// A term matches whole words: no letter or digit (in any case) just before it or just after it (its plural's "s" or
// "es" included). Compiling those two classes ([\p{L}\p{N}] under "iu" is thousands of ranges) into every term's
// pattern was most of the validate stage's time, so they live in the three sticky patterns below, compiled once, and a
// term's own pattern is its words alone, cheap to compile. `found` runs the term's words to each place they start and
// asks these there; as the words (split on whitespace, so each starts and ends with something else) can end at one
// place only, that is exactly what the whole pattern (?<![\p{L}\p{N}])words(?:e?s)?(?![\p{L}\p{N}]) would find.
const start = /(?<![\p{L}\p{N}])/iuy;
const englishEnd = /(?:e?s)?(?![\p{L}\p{N}])/iuy;
const formEnd = /(?![\p{L}\p{N}])/iuy;

/** A term's words (any case; a hyphen and a dash are the same, and so is any run of spaces) and how it must end. */
interface WholeWords {
  /** Lowercased, a piece of the term that every text it matches has in its lowercased form (see `keyOf`). */
  key: string;
  words: RegExp;
  end: RegExp;
}

/** A text as the glossary compares it, and that lowercased. */
interface Compared {
  text: string;
  lowercase: string;
}

function wholeWords(term: string, end: RegExp): WholeWords {
  const compared = comparable(term);
  const parts = compared.split(/\s+/);
  const body = parts.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+");
  const key = keyOf(compared);
  // A term with spaces at an edge (the schema trims them, so never one from a glossary file) could end at several
  // places: it keeps its whole pattern, which then holds the checks at its ends by itself.
  if (parts.includes("")) return { key, words: new RegExp(`(?<![\\p{L}\\p{N}])${body}${end.source}`, "giu"), end: formEnd };
  return { key, words: new RegExp(body, "giu"), end };
}

/**
 * The term's longest run of ASCII characters other than spaces, k and s, lowercased. Under "iu" such a character
 * matches only itself and its ASCII other case (k and s also match the Kelvin sign and the long s; the unit test
 * glossary.test.ts checks every character), so a text the term matches has the run, lowercased, in its lowercased
 * form: a text without it is passed over before running any pattern, the cheap test that passes over most texts.
 */
function keyOf(term: string): string {
  return term
    .split(/[^!-~]|[KkSs]/)
    .reduce((longest, run) => (run.length > longest.length ? run : longest), "")
    .toLowerCase();
}

/** Whether the text has the term as whole words: where its whole pattern, classes and all, would find it. */
function found(pattern: WholeWords, text: Compared): boolean {
  if (!text.lowercase.includes(pattern.key)) return false;
  for (let from = 0; from <= text.text.length; ) {
    pattern.words.lastIndex = from;
    const match = pattern.words.exec(text.text);
    if (!match) return false;
    start.lastIndex = match.index;
    pattern.end.lastIndex = match.index + match[0].length;
    if (start.test(text.text) && pattern.end.test(text.text)) return true;
    // The next place the words may start, one character further: a whole one, as "u" reads the text (inside a surrogate
    // pair, the search would start again at the pair, and find this same place for ever).
    from = match.index + (text.text.codePointAt(match.index)! > 0xffff ? 2 : 1);
  }
  return false;
}

function compared(value: string): Compared {
  const text = comparable(value);
  return { text, lowercase: text.toLowerCase() };
}

/** A text as the glossary compares it: one kind of dash, composed accents, and no markdown link targets. */
function comparable(value: string): string {
  return value.normalize("NFC").replace(/\]\([^)]*\)/g, "]").replace(/[‐‑‒–—]/g, "-");
}
