import { createHash } from "node:crypto";
import * as z from "zod";
import { text } from "../content/field-schemas";
import { formatPath } from "../content/parse";
import type { FieldSpec } from "./fields";

// The pure parts of a translation: the translated text laid over its English entity, the short hash of the English a
// field was translated from, and the glossary's rule. validate-translations.ts puts them together for data/<lang>/.

type Path = (string | number)[];

/** The English entity with the translation's text laid over it, and what keeps it from being a complete translation. */
export interface LaidOver {
  merged: unknown;
  /** Why the translation is incomplete ("faqs[2].answer is not translated"); empty when it is complete. */
  missing: string[];
  /** Where each of `missing` is, in the same order: the field's path. */
  missingAt: Path[];
  /** Translated texts the English has no field for (the English dropped it): they are left out of `merged`. */
  extra: Path[];
}

/**
 * Lays `translation` (the translated fields of one file, as written) over `english` (its English file, as written):
 * each translated field the English has takes the translation's text; lists must keep the English length and order.
 */
export function layOver(spec: FieldSpec, english: unknown, translation: unknown): LaidOver {
  const missing: Missing[] = [];
  const extra: Path[] = [];
  const merged = lay(spec, english, translation, [], missing, extra);
  return { merged, missing: missing.map((m) => m.reason), missingAt: missing.map((m) => m.path), extra };
}

/** The first 8 hex digits of the SHA-256 of a text with its whitespace normalised: what translatedFrom records. */
export function englishHash(value: string): string {
  return createHash("sha256").update(normalizeSpace(value)).digest("hex").slice(0, 8);
}

/** Runs of whitespace (line breaks of a folded YAML text, two spaces) as one space, none at the ends. */
export const normalizeSpace = (value: string) => value.replace(/\s+/g, " ").trim();

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

interface Missing {
  path: Path;
  reason: string;
}

function lay(spec: FieldSpec, english: unknown, translation: unknown, path: Path, missing: Missing[], extra: Path[]): unknown {
  if (english === undefined || english === null) {
    if (translation !== undefined && translation !== null) extra.push(path);
    return english;
  }
  if (spec === true) {
    if (translation === undefined || translation === null) {
      missing.push({ path, reason: `${formatPath(path)} is not translated` });
      return english;
    }
    return translation;
  }
  if (Array.isArray(spec)) {
    if (!Array.isArray(english)) return english;
    if (!Array.isArray(translation)) {
      missing.push({ path, reason: `${formatPath(path)} is not translated` });
      return english;
    }
    if (translation.length !== english.length) {
      missing.push({ path, reason: `${formatPath(path)} has ${translation.length} ${translation.length === 1 ? "item" : "items"} here; the English has ${english.length}` });
      return english;
    }
    return english.map((item, index) => lay(spec[0] as FieldSpec, item, translation[index], [...path, index], missing, extra));
  }
  if (typeof english !== "object" || Array.isArray(english)) return english;
  const source = english as Record<string, unknown>;
  const target = (translation ?? {}) as Record<string, unknown>;
  const each = "*" in spec ? (spec as Record<string, FieldSpec>)["*"] : undefined;
  const keys = each ? [...new Set([...Object.keys(source), ...Object.keys(target)])] : Object.keys(spec);
  const result: Record<string, unknown> = { ...source };
  for (const key of keys) {
    const inner = each ?? (spec as Record<string, FieldSpec>)[key]!;
    const value = lay(inner, source[key], target[key], [...path, key], missing, extra);
    if (value !== undefined) result[key] = value;
  }
  return result;
}

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
