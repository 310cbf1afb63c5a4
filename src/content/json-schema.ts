import * as z from "zod";
import { contentKinds, type ContentKind } from "./schema";
import { translatedFields, translationSchemas, type TranslatableKind } from "./translated-fields";
import { Glossary } from "./translation";

/** The JSON Schema of one kind of data file, for editors (yaml-language-server) to complete and check YAML. */
export function jsonSchemaFor(kind: ContentKind): string {
  return schemaText(contentKinds[kind], `flightsite ${kind}`);
}

/**
 * schemas/<kind>.schema.json for every kind of data file, schemas/<kind>.es.schema.json for the translation of each
 * kind that has one (data/es/), and schemas/glossary.schema.json for data/es/glossary.yaml.
 */
export function allJsonSchemas(): { file: string; contents: string }[] {
  return [
    ...(Object.keys(contentKinds) as ContentKind[]).map((kind) => ({ file: `schemas/${kind}.schema.json`, contents: jsonSchemaFor(kind) })),
    ...(Object.keys(translatedFields) as TranslatableKind[]).map((kind) => ({
      file: `schemas/${kind}.es.schema.json`,
      contents: schemaText(translationSchemas[kind], `flightsite ${kind}, in Spanish`),
    })),
    { file: "schemas/glossary.schema.json", contents: schemaText(Glossary, "flightsite glossary") },
  ];
}

// --- internal ---

function schemaText(schema: z.ZodType, title: string): string {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return `${JSON.stringify({ ...json, title }, null, 2)}\n`;
}
