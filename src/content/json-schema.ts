import * as z from "zod";
import { contentKinds, type ContentKind } from "./schema";

/** The JSON Schema of one kind of data file, for editors (yaml-language-server) to complete and check YAML. */
export function jsonSchemaFor(kind: ContentKind): string {
  const schema = z.toJSONSchema(contentKinds[kind], { io: "input", unrepresentable: "any" });
  return `${JSON.stringify({ ...schema, title: `flightsite ${kind}` }, null, 2)}\n`;
}

/** schemas/<kind>.schema.json for every kind of data file. */
export function allJsonSchemas(): { file: string; contents: string }[] {
  return (Object.keys(contentKinds) as ContentKind[]).map((kind) => ({
    file: `schemas/${kind}.schema.json`,
    contents: jsonSchemaFor(kind),
  }));
}
