import { mkdtemp, rm, stat, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../../src/engine/build";
import { validateContent } from "../../../src/content/validate";
import { ContentError } from "../../../src/errors";
import type { SourceFile } from "../../../src/content/types";
import { loadDataFiles, problemsOf, projectRoot, withFile } from "../support/documents";

const itinerary = "data/documents/sample-itinerary.yaml";
let files: SourceFile[];

beforeAll(async () => {
  files = await loadDataFiles();
});

/** 1-based line of the first line of `text` that starts with `start`. */
const lineOf = (text: string, start: string) => text.split("\n").findIndex((line) => line.startsWith(start)) + 1;

describe("document content in data/documents/", () => {
  it("points the editor at a badly written date", () => {
    const broken = withFile(files, itinerary, (text) => text.replace('updated: "2025-09-01"', "updated: 1 September 2025"));
    const text = broken.find((f) => f.path === itinerary)!.text;
    expect(problemsOf(() => validateContent(broken))).toEqual([
      { file: itinerary, line: lineOf(text, "updated:"), column: 10, field: "updated", problem: "must be a date written like 2025-09-01" },
    ]);
  });

  it("reports a missing field at the document it belongs to", () => {
    const broken = withFile(files, itinerary, (text) => text.replace(/^sampleNotice: .*\n/m, ""));
    const text = broken.find((f) => f.path === itinerary)!.text;
    expect(problemsOf(() => validateContent(broken))).toEqual([
      { file: itinerary, line: lineOf(text, "slug:"), column: 1, field: "sampleNotice", problem: "is required" },
    ]);
  });

  it("refuses characters the PDF fonts cannot print, at the field that has them", () => {
    const broken = withFile(files, itinerary, (text) => text.replace("place: Naples (APF) to Houston", "place: Naples (APF) → Houston"));
    const text = broken.find((f) => f.path === itinerary)!.text;
    expect(problemsOf(() => validateContent(broken))).toEqual([
      {
        file: itinerary,
        line: lineOf(text, "    place: Naples (APF) →"),
        column: 12,
        field: "steps[2].place",
        problem: 'has "→", which the PDF downloads cannot print; use plain letters and punctuation instead',
      },
    ]);
  });

  it("checks the checklist items city pages share with the checklist PDF the same way", () => {
    const broken = withFile(files, "data/city-common.yaml", (text) => text.replace("title: Medication management", "title: Medication management ✓"));
    expect(problemsOf(() => validateContent(broken)).map((p) => [p.file, p.field, p.problem.split(",")[0]])).toEqual([
      ["data/city-common.yaml", "returnChecklist[2].title", 'has "✓"'],
    ]);
  });

  it("says which document file is missing", () => {
    expect(problemsOf(() => validateContent(files.filter((f) => f.path !== itinerary)))).toEqual([
      { file: itinerary, line: 1, column: 1, field: "", problem: "is missing; every site needs one" },
    ]);
  });

  it("keeps each document's slug, and so its file and page, its own", () => {
    const broken = withFile(files, itinerary, (text) => text.replace("slug: sample-itinerary", "slug: pre-flight-checklist"));
    expect(problemsOf(() => validateContent(broken)).map((p) => [p.file, p.field, p.problem])).toEqual([
      [itinerary, "slug", '"pre-flight-checklist" is already used by data/documents/pre-flight-checklist.yaml'],
    ]);
  });

  it("stops the build with a located message and writes nothing", async () => {
    const temp = await mkdtemp(path.join(tmpdir(), "flightsite-documents-"));
    try {
      for (const file of withFile(files, itinerary, (text) => text.replace(/^ {4}title: Hand-off\n/m, ""))) {
        const target = path.join(temp, "data", path.relative("data", file.path));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, file.text);
      }
      const outDir = path.join(temp, "dist");
      const error = await build({ root: projectRoot, dataDir: path.join(temp, "data"), outDir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContentError);
      const [problem] = (error as ContentError).problems;
      expect(problem).toMatchObject({ field: "steps[5].title", problem: "is required" });
      expect(problem!.file.endsWith("data/documents/sample-itinerary.yaml")).toBe(true);
      await expect(stat(outDir)).rejects.toThrow();
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  });
});
