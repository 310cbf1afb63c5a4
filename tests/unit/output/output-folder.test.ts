// Issue 38: a file placed from another folder is linked when it can be, copied when it cannot; once a folder's file
// could not be linked across file systems, its other files are copied without trying.
import fs, { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OutputFolder } from "../../../src/output/output-folder";

describe("OutputFolder.place", () => {
  const made: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "flightsite-output-folder-"));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    vi.restoreAllMocks();
    syncBuiltinESMExports();
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("links a file of the same file system: the output's file is the stored one", () => {
    const [store, out] = [folder(), folder()];
    writeFileSync(path.join(store, "a.png"), "card a");
    const placed = new OutputFolder(out).place("assets/cards/a.png", path.join(store, "a.png"));
    expect(placed).toBe(path.join(out, "assets/cards/a.png"));
    expect(statSync(placed).ino).toBe(statSync(path.join(store, "a.png")).ino);
  });

  it("copies the files of a folder on another file system, trying to link only the first", () => {
    const [store, out] = [folder(), folder()];
    for (const name of ["a.png", "b.png", "c.png"]) writeFileSync(path.join(store, name), `card ${name}`);
    const links = vi.spyOn(fs, "linkSync").mockImplementation(() => {
      throw Object.assign(new Error("EXDEV: cross-device link not permitted"), { code: "EXDEV" });
    });
    syncBuiltinESMExports(); // the module's named import of linkSync sees the stand-in
    const output = new OutputFolder(out);
    for (const name of ["a.png", "b.png", "c.png"]) output.place(`assets/cards/${name}`, path.join(store, name));
    expect(links).toHaveBeenCalledTimes(1);
    for (const name of ["a.png", "b.png", "c.png"]) expect(readFileSync(path.join(out, "assets/cards", name), "utf8")).toBe(`card ${name}`);
  });

  it("still tries to link after a failure that is not about file systems", () => {
    const [store, out] = [folder(), folder()];
    for (const name of ["a.png", "b.png"]) writeFileSync(path.join(store, name), `card ${name}`);
    const links = vi.spyOn(fs, "linkSync").mockImplementationOnce(() => {
      throw Object.assign(new Error("EPERM: operation not permitted"), { code: "EPERM" });
    });
    syncBuiltinESMExports();
    const output = new OutputFolder(out);
    for (const name of ["a.png", "b.png"]) output.place(`assets/cards/${name}`, path.join(store, name));
    expect(links).toHaveBeenCalledTimes(2);
    expect(statSync(path.join(out, "assets/cards/b.png")).ino).toBe(statSync(path.join(store, "b.png")).ino);
  });
});
