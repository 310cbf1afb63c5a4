// Issue 29: a translation whose English changed is a warning in `flightsite build` (an annotation in GitHub Actions)
// and an error with `--strict`, which leaves dist/ as it was; `translation reviewed` makes it clean again.
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../../src/cli";
import { projectRoot } from "../support/site";

describe("translations from the command line", () => {
  let work: string;
  let shown: (file: string) => string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "flightsite-translation-"));
    // The English of data/ alone: any translations it has are left out, and this one made here.
    const data = path.join(projectRoot, "data");
    await cp(data, path.join(work, "data"), { recursive: true, filter: (source) => path.relative(data, source).split(path.sep)[0] !== "es" });
    await mkdir(path.join(work, "data/es"), { recursive: true });
    await writeFile(
      path.join(work, "data/es/site.yaml"),
      "# yaml-language-server: $schema=../../schemas/site.es.schema.json\ntagline: Aquí cuando nos necesita\ndescription: Coordinación de vuelos médicos no urgentes desde St. Petersburg, Florida.\n",
    );
    shown = (file) => path.relative(projectRoot, path.join(work, file)).split(path.sep).join("/");
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  const run = async (argv: string[], env: Record<string, string> = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), cwd: projectRoot, env };
    const code = await main(argv, io);
    return { code, stdout: out.join(""), stderr: err.join("") };
  };
  const build = (...flags: string[]) => ["build", "--data", path.join(work, "data"), "--out", path.join(work, "dist"), ...flags];

  it("marks a translation reviewed, then warns when its English changes, and fails with --strict leaving dist/ as it was", async () => {
    const reviewed = await run(["translation", "reviewed", path.join(work, "data/es/site.yaml")]);
    expect(reviewed.stderr).toBe("");
    expect(reviewed.stdout).toBe(`flightsite: ${shown("data/es/site.yaml")}: 2 fields marked as reviewed against ${shown("data/site.yaml")}\n`);
    expect(await readFile(path.join(work, "data/es/site.yaml"), "utf8")).toMatch(/\ntranslatedFrom:\n {2}tagline: "?[0-9a-f]{8}"?\n {2}description: "?[0-9a-f]{8}"?\n$/);

    const englishFile = path.join(work, "data/site.yaml");
    await writeFile(englishFile, (await readFile(englishFile, "utf8")).replace("tagline: There When You Need Us", "tagline: There Whenever You Need Us"));
    const warned = await run(build(), { GITHUB_ACTIONS: "true" });
    expect(warned.code, warned.stderr).toBe(0);
    const file = shown("data/es/site.yaml");
    expect(warned.stderr).toContain(`flightsite: 1 translation warning in ${file} (the pages stay translated; build --strict fails on them)\n${file}:2:10 tagline: the English changed since this was translated\n`);
    expect(warned.stdout).toContain(`::warning file=${file},line=2,col=10::tagline: the English changed since this was translated\n`);

    const index = path.join(work, "dist/index.html");
    const before = await stat(index);
    const strict = await run(build("--strict"), { GITHUB_ACTIONS: "true" });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(`${file}:2:10 tagline: the English changed since this was translated\nNothing was written; the previous site is unchanged.\n`);
    expect(strict.stdout).toBe(`::error file=${file},line=2,col=10::tagline: the English changed since this was translated\n`);
    expect((await stat(index)).mtimeMs).toBe(before.mtimeMs);

    const fixed = await run(["translation", "reviewed", path.join(work, "data/es/site.yaml"), "tagline"]);
    expect(fixed.stdout).toContain("1 field marked as reviewed");
    const clean = await run(build("--strict"));
    expect(clean.stderr).toBe("");
    expect(clean.code).toBe(0);
  });

  it("reviews several files whole when it is given several", async () => {
    await mkdir(path.join(work, "data/es/pages"), { recursive: true });
    await writeFile(path.join(work, "data/es/pages/thank-you.yaml"), "title: Gracias\n");
    const { code, stdout } = await run(["translation", "reviewed", path.join(work, "data/es/site.yaml"), path.join(work, "data/es/pages/thank-you.yaml")]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      `flightsite: ${shown("data/es/site.yaml")}: 2 fields marked as reviewed against ${shown("data/site.yaml")}\n` +
        `flightsite: ${shown("data/es/pages/thank-you.yaml")}: 1 field marked as reviewed against ${shown("data/pages/thank-you.yaml")}\n`,
    );
    const folder = await run(["translation", "reviewed", path.join(work, "data/es")]);
    expect(folder.stdout).toBe(stdout.split("\n").reverse().filter(Boolean).map((line) => `${line}\n`).join(""));
    await rm(path.join(work, "data/es/pages"), { recursive: true });
  });

  it("says what is wrong with a file or field it cannot review", async () => {
    const unknownField = await run(["translation", "reviewed", path.join(work, "data/es/site.yaml"), "tagilne"]);
    expect(unknownField.code).toBe(1);
    expect(unknownField.stderr).toBe(`flightsite: ${shown("data/es/site.yaml")} has no translated field "tagilne" (did you mean "tagline"?); name fields as translatedFrom does, like tagline\n`);
    const missing = await run(["translation", "reviewed", path.join(work, "data/es/cities/nowhere.yaml")]);
    expect(missing.stderr).toBe(`flightsite: ${shown("data/es/cities/nowhere.yaml")} does not exist; name a translated data file under data/es/, like data/es/cities/naples.yaml\n`);
    const english = await run(["translation", "reviewed", path.join(work, "data/site.yaml")]);
    expect(english.stderr).toBe(`flightsite: ${shown("data/site.yaml")} is not a translated data file; name one under data/es/, like data/es/cities/naples.yaml\n`);
  });
});
