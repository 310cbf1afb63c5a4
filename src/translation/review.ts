import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { Document, isMap, isPair, isScalar, parseDocument } from "yaml";
import { ContentError, ReviewError } from "../errors";
import { fileKinds, translationFileOf } from "../content/file-kinds";
import { parseDataFile } from "../content/parse";
import { closestMatch } from "../content/suggest";
import type { SourceFile } from "../content/types";
import { dottedPath, isTranslatable, recordKey, translatedFields, translatedTexts, translationSchemas } from "./fields";
import { englishHash } from "./freshness";

/**
 * `translation reviewed`: the translation file's text with the English hashes of `fields` (dotted, like
 * faqs.0.question, or as errors name them, faqs[0].question; every translated field when none are named) written
 * into its translatedFrom record. Only that record, at the end of the file, is written again: every other line,
 * comment and the order of the fields stay as they are. Throws ReviewError for a file or field it cannot review,
 * and ContentError when the translation file has a mistake.
 */
export function markReviewed(translation: SourceFile, english: SourceFile, fields: string[] = []): { text: string; reviewed: string[] } {
  const place = translationFileOf(translation.path);
  const kind = place && fileKinds.find((k) => k.pattern.test(place.english))?.kind;
  if (!kind || !isTranslatable(kind)) {
    throw new ReviewError(`${translation.path} is not a translated data file; name one under data/es/, like data/es/cities/naples.yaml`);
  }
  const result = parseDataFile(translation, translationSchemas[kind]);
  if (!result.ok) throw new ContentError(result.problems);
  const { [recordKey]: record = {}, ...texts } = result.parsed.data as Record<string, unknown> & { [recordKey]?: Record<string, string> };
  const englishData = loadYaml(english.text, { schema: CORE_SCHEMA });
  const englishTexts = new Map(translatedTexts(translatedFields[kind], englishData).map(({ path, text }) => [dottedPath(path), text]));
  const present = translatedTexts(translatedFields[kind], texts).map(({ path }) => dottedPath(path)).filter((path) => englishTexts.has(path));

  const named = fields.map((field) => field.replace(/\[(\d+)\]/g, ".$1"));
  for (const field of named) {
    if (present.includes(field)) continue;
    const suggestion = closestMatch(field, present);
    throw new ReviewError(
      `${translation.path} has no translated field "${field}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; name fields as translatedFrom does, like ${present[0] ?? "title"}`,
    );
  }
  const reviewed = named.length > 0 ? named : present;
  // All fields: the record is made anew, in the order of the file (and a field the file no longer has is forgotten).
  const next: Record<string, string> = named.length > 0 ? { ...record } : {};
  for (const field of reviewed) next[field] = englishHash(englishTexts.get(field)!);
  return { text: withRecord(translation.text, next), reviewed };
}

// --- internal ---

/** `text` with its top-level translatedFrom mapping replaced by `record` (added at the end when it has none). */
function withRecord(text: string, record: Record<string, string>): string {
  // Quoted where YAML would read a hash as a number (12345678, 1e345678): the yaml library's stringify decides.
  const block = new Document({ [recordKey]: record }).toString();
  const doc = parseDocument(text);
  const pair = isMap(doc.contents) ? doc.contents.items.find((item) => isPair(item) && isScalar(item.key) && item.key.value === recordKey) : undefined;
  if (pair && isScalar(pair.key) && pair.key.range) {
    const start = pair.key.range[0];
    // With no value (`translatedFrom:` alone), the pair ends with its line.
    const lineEnd = text.indexOf("\n", start);
    const end = (pair.value as { range?: [number, number, number] } | null)?.range?.[2] ?? (lineEnd === -1 ? text.length : lineEnd + 1);
    return `${text.slice(0, start)}${block}${text.slice(end).replace(/^\n/, "")}`;
  }
  return `${text}${text === "" || text.endsWith("\n") ? "" : "\n"}${block}`;
}
