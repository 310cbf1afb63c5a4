// One base class for the mistakes a person fixes, and one formatter: the CLI and the dev server's overlay print the
// same report for the same error, and no heading is written out twice in src/.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CommandError, ContentError, DeployError, LeadsError, LinkError, ReviewError, TemplateError, UserError, formatUserError } from "../../../src/errors";
import { NothingToCheckError } from "../../../src/check/site";
import { projectRoot } from "../support/site";

describe("a user error's report", () => {
  it("is the heading, then the details, for every kind", () => {
    const content = new ContentError([
      { file: "data/cities/naples.yaml", line: 9, column: 11, field: "airports[1].code", problem: "must be a 3-letter IATA code in capitals, like APF" },
      { file: "data/cities/naples.yaml", line: 2, column: 1, field: "", problem: "is not YAML" },
    ]);
    expect(formatUserError(content).split("\n")).toEqual([
      "flightsite: 2 problems in data/cities/naples.yaml",
      "data/cities/naples.yaml:2:1 is not YAML",
      "data/cities/naples.yaml:9:11 airports[1].code: must be a 3-letter IATA code in capitals, like APF",
    ]);
    expect(formatUserError(new LinkError([{ page: "a/index.html", link: "/b/" }]))).toBe(
      "flightsite: links that lead nowhere; fix the link or add the page\ndist/a/index.html: link to /b/ does not resolve (on a/index.html)",
    );
    expect(formatUserError(new TemplateError("templates/CityPage.tsx:3:1 boom"))).toBe("flightsite: the templates or client code do not build\ntemplates/CityPage.tsx:3:1 boom");
    expect(formatUserError(new DeployError("dist/ holds no build; run flightsite build first"))).toBe("flightsite: dist/ holds no build; run flightsite build first");
    expect(formatUserError(new NothingToCheckError("there is no folder dist"))).toBe("flightsite: nothing to check: there is no folder dist; run flightsite build first");
  });

  it("says whether a build's output stands: not for the commands that write no site", () => {
    expect([new ContentError([]), new LinkError([]), new TemplateError("x")].map((error) => error.outputUnchanged)).toEqual([true, true, true]);
    expect([new DeployError("x"), new NothingToCheckError("x")].map((error) => error.outputUnchanged)).toEqual([false, false]);
    for (const error of [new ContentError([]), new DeployError("x"), new NothingToCheckError("x")]) expect(error).toBeInstanceOf(UserError);
  });

  it("is the message alone for the commands besides the build, each its own class so a command catches only its own", () => {
    // Issue 37: DeployError, LeadsError and ReviewError had one body written three times; now one CommandError.
    const errors = [new DeployError("a"), new LeadsError("b"), new ReviewError("c")];
    expect(errors.map(formatUserError)).toEqual(["flightsite: a", "flightsite: b", "flightsite: c"]);
    expect(errors.map((error) => [error.name, error.outputUnchanged, error instanceof CommandError])).toEqual([
      ["DeployError", false, true],
      ["LeadsError", false, true],
      ["ReviewError", false, true],
    ]);
    // deploy/sweep.ts and leads/s3-leads.ts let every error but their own through.
    expect([new LeadsError("b") instanceof DeployError, new DeployError("a") instanceof LeadsError]).toEqual([false, false]);
  });

  it("has each heading written once in src/, in the error's class", () => {
    const files = readdirSync(path.join(projectRoot, "src"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
    for (const heading of ["lead nowhere; fix the link", "code do not build", "nothing to check:"]) {
      const holding = files.filter((file) => readFileSync(file, "utf8").includes(heading)).map((file) => path.relative(projectRoot, file));
      expect(holding.length, heading).toBeLessThanOrEqual(1);
    }
  });
});
