import * as z from "zod";
import { contentKinds, type ContentKind } from "./schema";

// The JSON Schemas of the English data files; src/translation/json-schemas.ts lists them with the translations' own
// (schemas/*.es.schema.json), which only translation/ can derive.

/** The JSON Schema of one kind of data file, for editors (yaml-language-server) to complete and check YAML. */
export function jsonSchemaFor(kind: ContentKind): string {
  return jsonSchemaText(contentKinds[kind], `flightsite ${kind}`);
}

/** A zod schema as a JSON Schema file's text, titled: how every schemas/*.json is written. */
export function jsonSchemaText(schema: z.ZodType, title: string): string {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return `${JSON.stringify({ ...json, title }, null, 2)}\n`;
}
