import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, type Dirent } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cityFiles, destinationFiles } from "../support/data-files";
import { fixtureCity, loadRealSite, projectRoot } from "../support/site";

/** How many pages the real site has, of one kind or in all (English and Spanish), as the routes of data/ give them. */
async function pagesOf(kind?: string): Promise<number> {
  return (await loadRealSite()).routes.filter((route) => route.kind === "page" && (kind === undefined || route.pageKind === kind)).length;
}

/** Runs the real bin in the project folder, as a user would. */
function flightsite(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/flightsite.js", ...args], { cwd: projectRoot, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** One hash over every file's path and bytes under `dir`. */
function hashTree(dir: string): string {
  const hash = createHash("sha256");
  const files = (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.join(dir, file))).update("\0");
  return `${files.length} files ${hash.digest("hex")}`;
}

describe("flightsite --help", () => {
  it("explains the build command and its options", () => {
    const { code, stdout } = flightsite("--help");
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: flightsite [options] [command]");
    expect(stdout).toMatch(/^ {2}build \[options\] +Validate data\/, render every page and write the site to\s+dist\//m);
    const build = flightsite("build", "--help");
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/--data <dir> +folder with the YAML content \(default: the project's\s+data\/\)/);
    expect(build.stdout).toMatch(/--out <dir> +folder to write the site to \(default: the project's\s+dist\/\)/);
    expect(build.stdout).toMatch(/--base-path <path> +build the site for this path of its host, like\s+\/previews\/pr-42\//);
    expect(build.stdout).toMatch(/--preview +a preview: /);
  }, 60_000);

  it("finds the project from any of its subfolders", async () => {
    const out = mkdtempSync(path.join(tmpdir(), "flightsite-subfolder-"));
    // SOURCE_DATE_EPOCH fixes the build's day, which /accessibility/ shows (issue 26): 1795521600 is 2026-11-24 12:00 UTC.
    const env = { ...process.env, SOURCE_DATE_EPOCH: "1795521600" };
    const result = spawnSync(process.execPath, ["../bin/flightsite.js", "build", "--out", out], { cwd: path.join(projectRoot, "templates"), encoding: "utf8", env });
    expect(result.status, result.stderr).toBe(0);
    // Every English page, and the Spanish version of each that data/es/ translates.
    expect(result.stdout).toContain(`flightsite: built ${await pagesOf()} pages into ${out}/`);
    expect(readFileSync(path.join(out, "accessibility/index.html"), "utf8")).toContain("This version of the site was built and checked on November 24, 2026.");
    rmSync(out, { recursive: true, force: true });
  }, 60_000);

  it("refuses an unknown command with exit code 1", () => {
    const { code, stderr } = flightsite("biuld");
    expect(code).toBe(1);
    expect(stderr).toContain("error: unknown command 'biuld'");
  }, 60_000);
});

describe("flightsite build", () => {
  let work: string;
  let out: string;
  let first: ReturnType<typeof flightsite>;

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), "flightsite-cli-"));
    cpSync(path.join(projectRoot, "data"), path.join(work, "data"), { recursive: true });
    out = path.join(work, "site");
    first = flightsite("build", "--data", path.join(work, "data"), "--out", out);
  }, 120_000);

  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it("builds the real content and ends with a summary of pages, files and stages", async () => {
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const lines = first.stdout.split("\n");
    expect(lines[0]).toMatch(new RegExp(`^flightsite: built \\d+ pages into ${out.replaceAll("/", "\\/")}/ \\(`));
    // Each kind counts its English and its Spanish pages: data/es/ translates every city, destination and the 404 page.
    expect(lines[0]).toContain("2 home, 2 cities, ");
    expect(lines[0]).toContain(`${await pagesOf("city")} city, ${await pagesOf("destination")} destination, 2 not-found)`);
    expect(lines[1]).toMatch(/^ {2}\d+ files, \d+ KB$/);
    expect(lines[2]).toMatch(/^ {2}load \d+ ms, validate \d+ ms, bundle \d+ ms, documents \d+ ms, render \d+ ms, check \d+ ms, swap \d+ ms$/);
    expect(lines[3]).toMatch(/^ {2}peak memory: \d+\.\d MB at the start; load \d+\.\d MB, validate \d+\.\d MB, bundle \d+\.\d MB, documents \d+\.\d MB, render \d+\.\d MB, check \d+\.\d MB, swap \d+\.\d MB$/);
  });

  it("with nothing changed, keeps the site without loading the build engine, React or zod", () => {
    // A module hook that notes every import the process resolves (hooks run on a thread of their own: a file, not a pipe).
    const notes = mkdtempSync(path.join(tmpdir(), "flightsite-imports-"));
    const loaded = path.join(notes, "resolved.txt");
    const hooks = path.join(notes, "note-imports.mjs");
    // Each module the process loads, by where it was found (the compiled CLI bundles React and zod into its chunks).
    writeFileSync(hooks, `import { appendFileSync } from "node:fs";\nexport async function resolve(specifier, context, next) {\n  const resolved = await next(specifier, context);\n  appendFileSync(${JSON.stringify(loaded)}, resolved.url + "\\n");\n  return resolved;\n}\n`);
    const register = path.join(notes, "register-hooks.mjs");
    writeFileSync(register, `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
    const again = spawnSync(process.execPath, ["--import", pathToFileURL(register).href, "bin/flightsite.js", "build", "--data", path.join(work, "data"), "--out", out], { cwd: projectRoot, encoding: "utf8" });
    const urls = [...new Set(readFileSync(loaded, "utf8").split("\n").filter((url) => url.startsWith("file:")))];
    rmSync(notes, { recursive: true, force: true });
    expect(again.stdout).toContain("flightsite: nothing changed since the last build;");
    expect(urls.some((url) => /\/(\.compiled\/cli\.js|src\/cli\.ts)$/.test(url)), "the hook saw the CLI load").toBe(true);
    // React, zod or the engine, as packages, as sources, or bundled into a chunk of the compiled CLI.
    const heavy = urls.filter((url) => {
      const file = fileURLToPath(url);
      return /node_modules\/(react|react-dom|zod)\/|src\/build\/engine\.ts$/.test(file) || /class BuildEngine|renderToStaticMarkup|ZodError/.test(readFileSync(file, "utf8"));
    });
    expect(heavy).toEqual([]);
  }, 60_000);

  it("writes every page as <path>/index.html, plus 404.html, sitemap.xml and robots.txt", () => {
    for (const file of [
      "index.html",
      "cities/index.html",
      "about/index.html",
      "services/medical-flights/index.html",
      "thank-you/index.html",
      // The first and last cities of data/ and its destinations, whichever they are today (issue 35).
      `${cityFiles()[0]!.urlSlug}/index.html`,
      `${cityFiles()[0]!.urlSlug}/${destinationFiles()[0]!.urlSegment}/index.html`,
      `${cityFiles().at(-1)!.urlSlug}/${destinationFiles().at(-1)!.urlSegment}/index.html`,
      "404.html",
      "sitemap.xml",
      "robots.txt",
      "favicon.svg",
    ]) {
      expect(existsSync(path.join(out, file)), file).toBe(true);
    }
  });

  it("refuses a broken city file with every located problem, and leaves the previous site byte for byte", () => {
    expect(first.code).toBe(0);
    const before = hashTree(out);
    const broken = mkdtempSync(path.join(tmpdir(), "flightsite-broken-"));
    try {
      cpSync(path.join(work, "data"), broken, { recursive: true });
      // The fixture city, with a misspelt field and a number where the third answer belongs.
      const naples = path.join(broken, "cities/naples.yaml");
      const text = fixtureCity("")
        .text
        .replace("title:", "titel:")
        .replace("answer: Yes, when the patient's physician prescribes them.", "answer: 42");
      writeFileSync(naples, text);

      const { code, stdout, stderr } = flightsite("build", "--data", broken, "--out", out);
      const file = path.relative(projectRoot, naples).split(path.sep).join("/");
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr.split("\n")).toEqual([
        `flightsite: 3 problems in ${file}`,
        `${file}:2:1 title: is required`,
        `${file}:4:1 titel: is not a known field (did you mean "title"?)`,
        `${file}:23:13 faqs[2].answer: expected string, got number`,
        "Nothing was written; the previous site is unchanged.",
        "",
      ]);
      expect(hashTree(out)).toBe(before);
      expect(readdirSync(work).sort()).toEqual(["data", "site"]);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  }, 120_000);

  it("refuses a link to a page that does not exist, naming the page and the link, and leaves the previous site", () => {
    expect(first.code).toBe(0);
    const before = hashTree(out);
    const broken = mkdtempSync(path.join(tmpdir(), "flightsite-broken-"));
    try {
      cpSync(path.join(work, "data"), broken, { recursive: true });
      const families = path.join(broken, "pages/for-families.yaml");
      const text = readFileSync(families, "utf8");
      expect(text).toContain("[insurance page](/insurance)");
      writeFileSync(families, text.replace("[insurance page](/insurance)", "[insurance page](/insurence)"));

      const { code, stdout, stderr } = flightsite("build", "--data", broken, "--out", out);
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr.split("\n")).toEqual([
        "flightsite: links that lead nowhere; fix the link or add the page",
        `${path.relative(projectRoot, out).split(path.sep).join("/")}/for-families/index.html: link to /insurence/ does not resolve (on for-families/index.html)`,
        "Nothing was written; the previous site is unchanged.",
        "",
      ]);
      expect(hashTree(out)).toBe(before);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  }, 120_000);
});
