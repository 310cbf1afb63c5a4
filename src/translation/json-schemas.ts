import { jsonSchemaFor, jsonSchemaText } from "../content/json-schema";
import { contentKinds, type ContentKind } from "../content/schema";
import { translatedFields, translationSchemas, type TranslatableKind } from "./fields";
import { Glossary } from "./glossary";

/**
 * schemas/<kind>.schema.json for every kind of data file, schemas/<kind>.es.schema.json for the translation of each
 * kind that has one (data/es/), and schemas/glossary.schema.json for data/es/glossary.yaml.
 */
export function allJsonSchemas(): { file: string; contents: string }[] {
  return [
    ...(Object.keys(contentKinds) as ContentKind[]).map((kind) => ({ file: `schemas/${kind}.schema.json`, contents: jsonSchemaFor(kind) })),
    ...(Object.keys(translatedFields) as TranslatableKind[]).map((kind) => ({
      file: `schemas/${kind}.es.schema.json`,
      contents: jsonSchemaText(translationSchemas[kind], `flightsite ${kind}, in Spanish`),
    })),
    { file: "schemas/glossary.schema.json", contents: jsonSchemaText(Glossary, "flightsite glossary") },
  ];
}
