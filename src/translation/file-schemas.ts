// Which schema a data file is checked against, from its place under data/, translations included: what validation,
// and the render threads that parse files for it, both need, without the render threads reaching validation itself.
import type { z } from "zod";
import { fileKinds, translationFileOf } from "../content/file-kinds";
import { isTranslatable, translationSchemas } from "./fields";
import { Glossary } from "./glossary";

/**
 * The schema of the data file at `path` (relative, with forward slashes), or undefined for a file of no known kind:
 * a translation's file (data/<lang>/…) has its kind's translation schema, the glossary its own.
 */
export function schemaForFile(path: string): z.ZodType | undefined {
  const translation = translationFileOf(path);
  if (!translation) return fileKinds.find((k) => k.pattern.test(path))?.schema;
  if (/(^|\/)glossary\.ya?ml$/.test(translation.english)) return Glossary;
  const kind = fileKinds.find((k) => k.pattern.test(translation.english))?.kind;
  return kind && isTranslatable(kind) ? translationSchemas[kind] : undefined;
}
