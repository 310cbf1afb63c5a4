// Writes schemas/<kind>.schema.json from the zod schemas. Run after changing src/content/schema.ts:
// npm run schemas (a unit test fails while the committed files are out of date).
import { mkdir, writeFile } from "node:fs/promises";
import { allJsonSchemas } from "../src/translation/json-schemas";

await mkdir("schemas", { recursive: true });
for (const { file, contents } of allJsonSchemas()) {
  await writeFile(file, contents);
  console.log(`wrote ${file}`);
}
