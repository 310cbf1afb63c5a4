import * as z from "zod";
import { Slug } from "../content/field-schemas";
import { contentKinds, type ContentKind } from "../content/schema";

// Which fields of each kind of data file a translation holds (FORMAT-ES, docs/translation.md): stated once, here.
// The Spanish files' schema, the JSON Schemas for editors, the merge over the English, the completeness and
// freshness checks and `translation reviewed` all walk these lists. Everything not listed comes from the English file.

/** `true`: a text; an object: its translated keys; `[spec]`: every item of a list; `{ "*": spec }`: every entry of a map. */
export type FieldSpec = true | readonly [FieldSpec] | { readonly [key: string]: FieldSpec };

const step = { title: true, text: true } as const;
const checklistItem = { title: true, detail: true } as const;
const documentText = { title: true, metaDescription: true, heading: true, label: true, summary: true, intro: true } as const;
const notes = { heading: true, items: [true] } as const;
/** A photo's alt text is read aloud on the page: it is translated; its file, credit and rights come from the English. */
const photo = { alt: true } as const;

/** The translated fields of every kind of data file that has a translation. */
export const translatedFields = {
  site: { tagline: true, description: true },
  home: {
    title: true,
    metaDescription: true,
    hero: { heading: true, lead: true },
    serviceTiles: [{ title: true, text: true }],
    onBoardCare: { heading: true, intro: true, items: [step] },
    howItWorks: [step],
    serviceCards: [{ title: true, text: true }],
    quickFacts: [{ label: true, value: true }],
    mission: { heading: true, text: true },
    photo,
  },
  "city-common": { howItWorks: [step], onBoardExperience: [step], preFlightChecklist: [checklistItem], returnChecklist: [checklistItem] },
  city: {
    title: true,
    metaDescription: true,
    keywords: [true],
    cancerCareDescription: true,
    localCareOverview: true,
    supportDirectory: [true],
    faqs: [{ question: true, answer: true }],
    destinations: { "*": { intro: true, notes: true } },
    photo,
  },
  destination: {
    title: true,
    titleShort: true,
    metaDescription: true,
    metaDescriptionShort: true,
    heading: true,
    intro: true,
    arrivalDetails: true,
    lodgingOptions: [true],
    notes: true,
    sections: [{ heading: true, body: true, steps: [step], checklist: [true], contacts: [{ label: true, note: true }] }],
    photo,
  },
  page: { title: true, metaDescription: true, heading: true, lead: true, sections: [{ heading: true, body: true }], photo },
  "checklist-document": { ...documentText, preFlight: { heading: true, intro: true }, return: { heading: true, intro: true }, notes },
  "sample-itinerary": { ...documentText, sampleNotice: true, steps: [{ time: true, title: true, place: true, detail: true }], notes },
} as const satisfies Partial<Record<ContentKind, FieldSpec>>;

export type TranslatableKind = keyof typeof translatedFields;

export const isTranslatable = (kind: ContentKind): kind is TranslatableKind => kind in translatedFields;

/** The key of a Spanish file that records what English each field was translated from (`translation reviewed` writes it). */
export const recordKey = "translatedFrom";

/** A translatedFrom hash: the first 8 hex digits of the SHA-256 of the English text. */
export const shortHash = /^[0-9a-f]{8}$/;

/** What an English-only field in a translation is told. */
export const englishOnlyMessage = "comes from the English file; remove it here";

/**
 * The schema of a translation of `kind`: the English schema's translated fields, each checked by the English rule
 * for it, every one optional (a missing one makes the file incomplete, not wrong), lists of any length, and the
 * English-only fields refused; with the translatedFrom record at the end.
 */
export function translationSchema(kind: TranslatableKind): z.ZodType {
  const derived = derive(contentKinds[kind], translatedFields[kind], [kind]) as z.ZodObject;
  return derived.extend({
    [recordKey]: z
      .record(z.string(), z.string().regex(shortHash, "must be a short hash written by npm run translation:reviewed, like 3f2a9c01"))
      .optional()
      .describe("Written by npm run translation:reviewed: the English text each field was translated from, as a short hash."),
  });
}

/** One schema object per kind, made once: a parse result is kept only while its file's schema is the same object. */
export const translationSchemas = Object.fromEntries(
  Object.keys(translatedFields).map((kind) => [kind, translationSchema(kind as TranslatableKind)]),
) as Record<TranslatableKind, z.ZodType>;

/** The path of a field as translatedFrom names it: faqs.0.question. */
export const dottedPath = (path: readonly (string | number)[]) => path.join(".");

/**
 * Every translated text of `value` (a data file of the kind `spec` describes), with its path: what the file holds of
 * the fields, whether or not the other side has them.
 */
export function translatedTexts(spec: FieldSpec, value: unknown, path: (string | number)[] = []): { path: (string | number)[]; text: string }[] {
  if (value === undefined || value === null) return [];
  if (spec === true) return typeof value === "string" ? [{ path, text: value }] : [];
  if (Array.isArray(spec)) {
    return Array.isArray(value) ? value.flatMap((item, index) => translatedTexts(spec[0] as FieldSpec, item, [...path, index])) : [];
  }
  if (typeof value !== "object" || Array.isArray(value)) return [];
  const record = value as Record<string, unknown>;
  const entries = "*" in spec ? Object.keys(record).map((key) => [key, (spec as Record<string, FieldSpec>)["*"]!] as const) : Object.entries(spec);
  return entries.flatMap(([key, inner]) => translatedTexts(inner, record[key], [...path, key]));
}

// --- internal ---

function derive(english: z.ZodType, spec: FieldSpec, at: string[]): z.ZodType {
  const schema = unwrap(english);
  if (spec === true) return schema;
  if (Array.isArray(spec)) {
    if (!(schema instanceof z.ZodArray)) throw new Error(`${at.join(".")} is listed as a list in src/translation/fields.ts, but it is not one`);
    return z.array(derive(schema.element as z.ZodType, spec[0] as FieldSpec, at));
  }
  if ("*" in spec) {
    if (!(schema instanceof z.ZodRecord)) throw new Error(`${at.join(".")} is listed as a map in src/translation/fields.ts, but it is not one`);
    return z.record(Slug, derive(schema.valueType as z.ZodType, (spec as Record<string, FieldSpec>)["*"]!, [...at, "*"]));
  }
  if (!(schema instanceof z.ZodObject)) throw new Error(`${at.join(".")} is listed as a mapping in src/translation/fields.ts, but it is not one`);
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const inner = (spec as Record<string, FieldSpec>)[key];
    shape[key] = inner === undefined ? z.never({ error: englishOnlyMessage }).optional().describe("Comes from the English file: leave it out here.") : derive(field, inner, [...at, key]).optional();
  }
  for (const key of Object.keys(spec)) if (!(key in shape)) throw new Error(`${[...at, key].join(".")} is listed in src/translation/fields.ts, but the English schema has no such field`);
  return z.strictObject(shape);
}

/** The schema inside optional, default and pipe (a transform keeps its input's shape). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodPipe) {
    current = current instanceof z.ZodPipe ? (current.in as z.ZodType) : (current.unwrap() as z.ZodType);
  }
  return current;
}
