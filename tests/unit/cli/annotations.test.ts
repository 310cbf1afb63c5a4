// Issue 12: in GitHub Actions (GITHUB_ACTIONS=true) a content problem is also printed as a workflow command, so the
// editor sees it on the line of the pull request's diff.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../../src/cli";
import { formatAnnotation } from "../../../src/errors";
import { cityFiles } from "../support/data-files";
import { projectRoot } from "../support/site";

describe("workflow annotations", () => {
  it("puts the file, line, column, field and problem where GitHub expects them", () => {
    expect(
      formatAnnotation({ file: "data/cities/naples.yaml", line: 14, column: 5, field: "faqs[2].answer", problem: "expected string, got number" }),
    ).toBe("::error file=data/cities/naples.yaml,line=14,col=5::faqs[2].answer: expected string, got number");
  });

  it("escapes what would end the command early: line breaks and % in the message, and , or : in the file", () => {
    expect(formatAnnotation({ file: "data/a,b:c.yaml", line: 1, column: 1, field: "", problem: "100% wrong\nsee above" })).toBe(
      "::error file=data/a%2Cb%3Ac.yaml,line=1,col=1::100%25 wrong%0Asee above",
    );
  });

  describe("from flightsite build", () => {
    let work: string;
    // The first city file of data/ (whichever it is today, issue 35); where its third FAQ's answer is, once edited.
    const city = cityFiles()[0]!;
    let line: number;
    let column: number;
    beforeAll(async () => {
      work = await mkdtemp(path.join(os.tmpdir(), "flightsite-annotations-"));
      await cp(path.join(projectRoot, "data"), path.join(work, "data"), { recursive: true });
      const file = path.join(work, city.file);
      const text = await readFile(file, "utf8");
      // The third FAQ's answer becomes a number.
      let third = -1;
      for (let n = 0; n < 3; n++) third = text.indexOf("\n  - question: ", third + 1);
      const edited = text.slice(0, third) + text.slice(third).replace(/(\n {4}answer: )(?:>-\n(?: {6}.*\n)+|.*\n)/, "$142\n");
      await writeFile(file, edited);
      const before = edited.slice(0, edited.indexOf("answer: 42\n", third)).split("\n");
      [line, column] = [before.length, before.at(-1)!.length + "answer: ".length + 1];
    });
    afterAll(() => rm(work, { recursive: true, force: true }));

    const build = async (env: Record<string, string>) => {
      const out: string[] = [];
      const err: string[] = [];
      const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), cwd: projectRoot, env };
      const code = await main(["build", "--data", path.join(work, "data"), "--out", path.join(work, "dist")], io);
      return { code, stdout: out.join(""), stderr: err.join("") };
    };

    it("prints each content problem also as an annotation when it runs in GitHub Actions", async () => {
      const { code, stdout, stderr } = await build({ GITHUB_ACTIONS: "true" });
      expect(code).toBe(1);
      const file = path.relative(projectRoot, path.join(work, city.file)).split(path.sep).join("/");
      expect(stderr).toContain(`${file}:${line}:${column} faqs[2].answer: expected string, got number`);
      expect(stdout).toBe(`::error file=${file},line=${line},col=${column}::faqs[2].answer: expected string, got number\n`);
    });

    it("prints no annotations anywhere else", async () => {
      const { code, stdout, stderr } = await build({});
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr).toContain("faqs[2].answer: expected string, got number");
    });
  });
});
