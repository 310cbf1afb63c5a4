import { formatPath } from "../content/parse";
import type { FieldSpec } from "./fields";

// A translation's text laid over its English entity, field by field (fields.ts says which fields);
// validate-translations.ts does it for each file of data/<lang>/.

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
