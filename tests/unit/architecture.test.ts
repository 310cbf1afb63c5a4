// The layout of src/ is the architecture (issue 11): these tests read every import and hold the rules the README's
// "How the code is laid out" states, so a file in the wrong place, or an import against the flow, fails here.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./support/site";

/** Where each part of the code may import from (besides itself, node: built-ins and packages). */
const allowedImports: Record<string, string[]> = {
  // The cli runs `translation reviewed` (src/translation/reviewed-command.ts) as it runs the other commands.
  cli: ["errors", "engine", "output", "serve", "check", "deploy", "leads", "translation"],
  check: ["errors", "serve", "engine", "output", "render", "site", "translation", "content"],
  deploy: ["errors", "output", "content"],
  leads: ["errors", "quote", "client"],
  serve: ["errors", "engine", "output", "render", "images", "site", "documents", "translation", "content", "quote"],
  engine: ["errors", "output", "images", "render", "site", "documents", "translation", "content"],
  // images/ and render/ sit beside output/, the contract they write to; images/ finds its helper processes' entry
  // through render/code-location.ts, the one place that tells compiled code from the sources.
  images: ["errors", "output", "render", "site", "translation", "content", "templates"],
  render: ["errors", "output", "site", "translation", "content", "templates"],
  output: ["errors", "content"],
  site: ["errors", "documents", "translation", "content", "templates"],
  documents: ["errors", "content"],
  quote: ["errors", "client"],
  // translation/ lays data/<lang>/ over the English content; content/ knows nothing of it (issue 37).
  translation: ["errors", "content"],
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

  it("imports one way: cli → engine/serve/check/deploy → output/render/images → site → translation → content, never back up", () => {
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

  it("has no import cycles between the files of src/, type-only and lazy imports included", () => {
    const edges = new Map<string, Set<string>>();
    for (const i of imports) {
      if (!i.from.startsWith("src/")) continue;
      const to = resolvedFile(i.to);
      if (to?.startsWith("src/")) edges.set(i.from, (edges.get(i.from) ?? new Set()).add(to));
    }
    expect(cyclesOf(edges)).toEqual([]);
  });

  it("lets only cli.ts import a command's entry (engine/build.ts, translation/reviewed-command.ts): the stages never import the command that runs them", () => {
    const entries = ["src/engine/build.ts", "src/translation/reviewed-command.ts"];
    const importers = imports.filter((i) => entries.includes(resolvedFile(i.to) ?? "") && i.from !== "src/cli.ts");
    expect(importers.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it("finds a cycle between files when there is one", () => {
    const edges = new Map([["a.ts", new Set(["b.ts"])], ["b.ts", new Set(["c.ts"])], ["c.ts", new Set(["a.ts"])], ["d.ts", new Set(["a.ts"])]]);
    expect(cyclesOf(edges)).toEqual(["a.ts → b.ts → c.ts → a.ts"]);
  });

  // client/ too (issue 37): the browser's code is read as often as the server's, and one job a file keeps it small.
  it("keeps every file short enough to read: none of src/ over 400 lines, none of serve/ or client/ over 250", () => {
    const long = sourceFiles(["src", "client"])
      .map((file) => ({ file, lines: readFileSync(path.join(projectRoot, file), "utf8").split("\n").length - 1 }))
      .filter(({ file, lines }) => lines > (file.startsWith("src/serve/") || file.startsWith("client/") ? 250 : 400))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it("tells compiled code from the sources in one place, src/render/code-location.ts", () => {
    const sniffing = sourceFiles(["src"]).filter((file) => /import\.meta\.url\.endsWith\(/.test(readFileSync(path.join(projectRoot, file), "utf8")));
    expect(sniffing).toEqual(["src/render/code-location.ts"]);
  });

  it("keeps measurements out of the code's comments: they go to docs/performance.md", () => {
    const measured = /\b\d[\d,.]*\s?(ms|MB|GB|milliseconds|seconds)\b|\b\d[\d,]*\s(pages|cities)\b|\bmedians?\b|\d+ of \d+ runs/;
    const lines = sourceFiles(["src"]).flatMap((file) =>
      readFileSync(path.join(projectRoot, file), "utf8")
        .split("\n")
        .map((line, i) => ({ where: `${file}:${i + 1}`, line }))
        // An example of output in quotes ("1.2 MB") is not a measurement.
        .filter(({ line }) => /^\s*(\/\/|\*|\/\*\*)/.test(line) && measured.test(line.replace(/"[^"]*"/g, ""))),
    );
    expect(lines.map(({ where, line }) => `${where} ${line.trim()}`)).toEqual([]);
  });

  it("keeps the unit tests by stage: tests/unit/<stage>/kebab-case.test.ts(x), fixtures under support/", () => {
    const files = readdirSync(path.join(projectRoot, "tests/unit"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(projectRoot, "tests/unit"), path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
    const misplaced = files.filter(
      (file) => file !== "architecture.test.ts" && !file.startsWith("support/") && !/^[a-z]+\/[a-z0-9]+(-[a-z0-9]+)*\.test\.tsx?$/.test(file),
    );
    expect(misplaced).toEqual([]);
  });

  it("keeps what is made of a shared part by its identity in one module, src/render/shared-pieces.ts", () => {
    const holding = sourceFiles(["src"]).filter((file) => /WeakMap<FoundLinks/.test(readFileSync(path.join(projectRoot, file), "utf8")));
    expect(holding).toEqual(["src/render/shared-pieces.ts"]);
  });

  // src/output/ (the output contract, issue 37) may keep its name: nothing here ignores a folder called output
  // (.gitignore lists dist/ and /build/ only), while build/ and dist/ are ignored by most tools' defaults.
  it("keeps the build's source folder named unlike an output folder every tool ignores", () => {
    const folders = readdirSync(path.join(projectRoot, "src"), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name).filter((name) => ["build", "dist", "out", "coverage"].includes(name))).toEqual([]);
  });
});

// --- internal ---

/** "src/site/routes.tsx" → "site"; "src/cli.ts" → "cli"; "templates/Layout.tsx" → "templates". */
function partOf(file: string): string {
  const [top, second, third] = file.split("/");
  if (top !== "src") return top!;
  return third === undefined ? second!.replace(/\.\w+$/, "") : second!;
}

/** The file an import names: "src/engine/build" → "src/engine/build.ts" (or .tsx, .mjs, /index.ts). */
function resolvedFile(target: string): string | undefined {
  const candidates = /\.(ts|tsx|mjs|js)$/.test(target) ? [target] : [".ts", ".tsx", ".mjs", "/index.ts"].map((ending) => target + ending);
  return candidates.find((candidate) => existsSync(path.join(projectRoot, candidate)));
}

/** Each cycle of a graph once, as "a → b → a", starting from its smallest name (strongly connected parts, walked). */
function cyclesOf(edges: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const visit = (node: string, trail: string[], onTrail: Set<string>) => {
    if (onTrail.has(node)) {
      const cycle = trail.slice(trail.indexOf(node));
      const start = cycle.indexOf([...cycle].sort()[0]!);
      const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
      return void found.add([...rotated, rotated[0]].join(" → "));
    }
    if (done.has(node)) return;
    trail.push(node);
    onTrail.add(node);
    for (const next of edges.get(node) ?? []) visit(next, trail, onTrail);
    trail.pop();
    onTrail.delete(node);
    done.add(node);
  };
  const done = new Set<string>();
  for (const node of [...edges.keys()].sort()) visit(node, [], new Set());
  return [...found].sort();
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
