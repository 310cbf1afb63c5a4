import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allJsonSchemas } from "../../../src/translation/json-schemas";
import { loadRealSite, projectRoot } from "../support/site";

// Which schema each place under data/ is checked against (the same places validate.ts knows).
const schemaByPlace: [RegExp, string][] = [
  [/^data\/site\.yaml$/, "site"],
  [/^data\/home\.yaml$/, "home"],
  [/^data\/city-common\.yaml$/, "city-common"],
  [/^data\/cities\/[^/]+\.yaml$/, "city"],
  [/^data\/destinations\/[^/]+\.yaml$/, "destination"],
  [/^data\/pages\/[^/]+\.yaml$/, "page"],
  [/^data\/episodes\/[^/]+\.yaml$/, "episode"],
  [/^data\/documents\/pre-flight-checklist\.yaml$/, "checklist-document"],
  [/^data\/documents\/letter-of-medical-necessity\.yaml$/, "letter-template"],
  [/^data\/documents\/sample-itinerary\.yaml$/, "sample-itinerary"],
  // Translations (issue 29): data/es/ mirrors data/, each file with its kind's translation schema.
  [/^data\/es\/site\.yaml$/, "site.es"],
  [/^data\/es\/home\.yaml$/, "home.es"],
  [/^data\/es\/city-common\.yaml$/, "city-common.es"],
  [/^data\/es\/cities\/[^/]+\.yaml$/, "city.es"],
  [/^data\/es\/destinations\/[^/]+\.yaml$/, "destination.es"],
  [/^data\/es\/pages\/[^/]+\.yaml$/, "page.es"],
  [/^data\/es\/documents\/pre-flight-checklist\.yaml$/, "checklist-document.es"],
  [/^data\/es\/documents\/sample-itinerary\.yaml$/, "sample-itinerary.es"],
  [/^data\/es\/glossary\.yaml$/, "glossary"],
];

describe("the JSON Schemas for editors", () => {
  it("are committed exactly as the zod schemas generate them (run npm run schemas after a schema change)", () => {
    const generated = allJsonSchemas();
    expect(readdirSync(path.join(projectRoot, "schemas")).sort()).toEqual(generated.map((s) => path.basename(s.file)).sort());
    for (const schema of generated) {
      expect(readFileSync(path.join(projectRoot, schema.file), "utf8"), schema.file).toBe(schema.contents);
    }
  });

  it("are named on the first line of every YAML file in data/, by a path that leads to the right schema", async () => {
    const { sources } = await loadRealSite();
    expect(sources.length).toBeGreaterThan(30);
    for (const source of sources) {
      const kind = schemaByPlace.find(([pattern]) => pattern.test(source.path))?.[1];
      expect(kind, `${source.path} is in a known place`).toBeDefined();
      const firstLine = source.text.split("\n", 1)[0]!;
      const match = /^# yaml-language-server: \$schema=(\S+)$/.exec(firstLine);
      expect(match, `${source.path} starts with the schema line`).not.toBeNull();
      const target = path.resolve(projectRoot, path.dirname(source.path), match![1]!);
      expect(path.relative(projectRoot, target), source.path).toBe(`schemas/${kind}.schema.json`);
      expect(existsSync(target), `${target} exists`).toBe(true);
    }
  });
});
