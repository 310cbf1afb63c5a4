// The layout of src/ is the architecture (issue 11): these tests read every import and hold the rules the README's
// "How the code is laid out" states, so a file in the wrong place, or an import against the flow, fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./support/site";

/** Where each part of the code may import from (besides itself, node: built-ins and packages). */
const allowedImports: Record<string, string[]> = {
  cli: ["errors", "build", "serve", "check", "deploy", "leads"],
  check: ["errors", "serve", "build", "render", "site", "content"],
  deploy: ["errors", "build", "content"],
  leads: ["errors", "quote", "client"],
  serve: ["errors", "build", "render", "site", "documents", "content", "quote"],
  build: ["errors", "render", "site", "documents", "content"],
  render: ["errors", "site", "content", "templates"],
  site: ["errors", "documents", "content", "templates"],
  documents: ["errors", "content"],
  quote: ["errors", "client"],
  content: ["errors"],
  errors: [],
  templates: ["client"],
  client: [],
};

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

describe("the code's layout", () => {
  const imports = sourceFiles(["src", "templates", "client"]).flatMap(importsOf);

  it("keeps no file at the top of src/ but cli.ts and errors.ts", () => {
    const topLevel = readdirSync(path.join(projectRoot, "src"), { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(topLevel.map((entry) => entry.name).sort()).toEqual(["cli.ts", "errors.ts"]);
  });

  it("gives every folder of src/ a README saying what goes in and what comes out", () => {
    const folders = readdirSync(path.join(projectRoot, "src"), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const folder of folders) {
      const readme = readFileSync(path.join(projectRoot, "src", folder.name, "README.md"), "utf8");
      expect(readme, folder.name).toMatch(/^# src\/\w+\//);
    }
  });

  it("imports one way: cli → build/serve/check → render → site → content, never back up", () => {
    expect(imports.length, "imports were read").toBeGreaterThan(150);
    const against = imports
      .filter((i) => !i.typeOnly || partOf(i.from) !== "templates")
      .filter((i) => partOf(i.from) !== partOf(i.to) && !(allowedImports[partOf(i.from)] ?? []).includes(partOf(i.to)))
      .map((i) => `${i.from} → ${i.to}`);
    expect(against).toEqual([]);
  });

  it("lets templates take only types from src/: everything else arrives as props", () => {
    const functions = imports.filter((i) => partOf(i.from) === "templates" && i.to.startsWith("src/") && !i.typeOnly);
    expect(functions.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it("has no import cycles between the folders of src/", () => {
    const edges = new Map<string, Set<string>>();
    for (const i of imports) {
      const [from, to] = [partOf(i.from), partOf(i.to)];
      if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]) => {
      if (trail.includes(node)) return void cycles.push([...trail, node].join(" → "));
      for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
    };
    for (const node of edges.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });
});

// --- internal ---

/** "src/site/routes.tsx" → "site"; "src/cli.ts" → "cli"; "templates/Layout.tsx" → "templates". */
function partOf(file: string): string {
  const [top, second, third] = file.split("/");
  if (top !== "src") return top!;
  return third === undefined ? second!.replace(/\.\w+$/, "") : second!;
}

function sourceFiles(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(projectRoot, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name))
      .map((entry) => path.relative(projectRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")),
  );
}

function importsOf(file: string): Import[] {
  const text = readFileSync(path.join(projectRoot, file), "utf8");
  const found: Import[] = [];
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+"(\.[^"]+)"|import\("(\.[^"]+)"\)/gm)) {
    const specifier = match[3] ?? match[4]!;
    const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    found.push({ from: file, to, typeOnly: Boolean(match[2]) });
  }
  return found;
}
