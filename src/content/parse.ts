import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { isMap, isNode, isPair, isScalar, LineCounter, parseDocument, type Document } from "yaml";
import * as z from "zod";
import type { ContentProblem } from "../errors";
import type { SourceFile } from "./types";
import { closestMatch } from "./suggest";

type Path = readonly PropertyKey[];

/** A data file that passed its schema, with a way to point at any of its fields. */
export interface ParsedFile<T> {
  file: SourceFile;
  data: T;
  /** Where a field is in the file (its value; for a missing field, its nearest parent). */
  locate(path: Path): { line: number; column: number };
  /** Where the key `key` of the mapping at `path` is written, for a problem with the key itself. */
  locateKey(path: Path, key: string): { line: number; column: number };
}

export type ParseResult<T> = { ok: true; parsed: ParsedFile<T> } | { ok: false; problems: ContentProblem[] };

/** YAML text → a checked object, or every problem in the file with its line and column. */
export function parseDataFile<T>(file: SourceFile, schema: z.ZodType<T>): ParseResult<T> {
  // Fast path: js-yaml (YAML 1.2 core schema, like yaml's default) reads a file several times as fast as yaml's
  // Document, which keeps every node's place (its 4.x line: the 5.x rewrite is slower on these files; docs/performance.md).
  // Most files are valid, and a valid file needs no places until a cross-file problem asks (lazyLocator); anything
  // else takes the precise path below, which finds the places.
  const quick = quickLoad(file.text);
  if (quick.ok) {
    const result = schema.safeParse(quick.data, { error: describeIssue });
    if (result.success) return { ok: true, parsed: { file, data: result.data, ...lazyLocator(file) } };
  }
  const lines = new LineCounter();
  const doc = parseDocument(file.text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) => ({
        file: file.path,
        ...at(error.pos[0]),
        field: "",
        problem: `is not valid YAML: ${yamlMessage(error.message)}`,
      })),
    };
  }
  const locate = (path: Path) => at(offsetOf(doc, path));
  const result = schema.safeParse(doc.toJS(), { error: describeIssue });
  // A valid file keeps no syntax tree (a large site's trees outgrow the heap): the rare cross-file problem parses it again.
  if (result.success) return { ok: true, parsed: { file, data: result.data, ...lazyLocator(file) } };

  const problems = result.error.issues.flatMap((issue): ContentProblem[] => {
    if (issue.code === "unrecognized_keys") {
      const known = knownKeys(schema, issue.path);
      return issue.keys.map((key) => {
        const suggestion = closestMatch(key, known);
        return {
          file: file.path,
          ...at(keyOffset(doc, issue.path, key) ?? offsetOf(doc, issue.path)),
          field: formatPath([...issue.path, key]),
          problem: `is not a known field${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`,
        };
      });
    }
    return [{ file: file.path, ...locate(issue.path), field: formatPath(issue.path), problem: issue.message }];
  });
  return { ok: false, problems };
}

/**
 * A file another thread parsed and checked with parseDataFile (its `data` came across as a copy), as that thread's
 * ParsedFile would be: the places of its fields are found, here, only if a cross-file problem asks.
 */
export function parsedElsewhere<T>(file: SourceFile, data: T): ParsedFile<T> {
  return { file, data, ...lazyLocator(file) };
}

/** Where a field is written in a data file (its value; for a missing field, its nearest parent). */
export function locateIn(file: SourceFile, path: Path): { line: number; column: number } {
  return lazyLocator(file).locate(path);
}

/** faqs[2].answer */
export function formatPath(path: Path): string {
  return path
    .map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`))
    .join("");
}

/** Messages for zod's generic issues; a schema's own message always wins over these. */
export function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === "invalid_type") {
    return issue.input === undefined ? "is required" : `expected ${expectedName(issue.expected)}, got ${typeName(issue.input)}`;
  }
  if (issue.code === "invalid_value" && "values" in issue) {
    return `must be one of ${(issue.values as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
  }
  return undefined;
}

// --- internal ---

/** zod's name for an expected type in the words typeName uses, so one message never mixes "array" and "list". */
function expectedName(expected: string): string {
  return expected === "array" ? "list" : expected === "object" ? "mapping" : expected;
}

function typeName(value: unknown): string {
  if (value === null) return "nothing (null)";
  if (Array.isArray(value)) return "list";
  if (typeof value === "object") return "mapping";
  return typeof value;
}

function yamlMessage(message: string): string {
  return message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
}

function quickLoad(text: string): { ok: true; data: unknown } | { ok: false } {
  try {
    return { ok: true, data: loadYaml(text, { schema: CORE_SCHEMA }) };
  } catch {
    return { ok: false };
  }
}

/** locate and locateKey for a file, parsing it again only when first asked. */
function lazyLocator(file: SourceFile): Pick<ParsedFile<unknown>, "locate" | "locateKey"> {
  let parsed: { doc: Document; lines: LineCounter } | undefined;
  const at = (offset: number) => {
    const lines = (parsed ??= reparse(file)).lines;
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  return {
    locate: (path) => at(offsetOf((parsed ??= reparse(file)).doc, path)),
    locateKey: (path, key) => {
      const { doc } = (parsed ??= reparse(file));
      return at(keyOffset(doc, path, key) ?? offsetOf(doc, [...path, key]));
    },
  };
}

function reparse(file: SourceFile): { doc: Document; lines: LineCounter } {
  const lines = new LineCounter();
  return { doc: parseDocument(file.text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true }), lines };
}

// A missing field has no node of its own, so point at its nearest parent instead.
function offsetOf(doc: Document, path: Path): number {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range) return node.range[0];
  }
  return 0;
}

function keyOffset(doc: Document, path: Path, key: string): number | undefined {
  const parent = path.length === 0 ? doc.contents : doc.getIn(path, true);
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((item) => isPair(item) && isScalar(item.key) && item.key.value === key);
  return pair && isScalar(pair.key) ? pair.key.range?.[0] : undefined;
}

/** The field names an object schema at `path` accepts, for "did you mean" hints. */
function knownKeys(schema: z.ZodType, path: Path): string[] {
  let current: z.ZodType | undefined = schema;
  for (const part of path) {
    current = unwrap(current);
    if (current instanceof z.ZodObject) current = current.shape[String(part)] as z.ZodType | undefined;
    else if (current instanceof z.ZodArray) current = current.element as z.ZodType;
    else if (current instanceof z.ZodRecord) current = current.valueType as z.ZodType;
    else return [];
  }
  current = unwrap(current);
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodPipe) {
    current = current instanceof z.ZodPipe ? (current.in as z.ZodType) : (current.unwrap() as z.ZodType);
  }
  return current;
}
