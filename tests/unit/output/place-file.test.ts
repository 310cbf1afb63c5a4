import { hash } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { memoryOutput, replacedOutput } from "../../../src/output/write-output";

// A file already on disk (a stored share card) put into a run's output through the run itself (issue 37: no source
// writes beside the run): linked into a fresh folder, read by an output in memory or in place.

describe("placing a stored file into a run", () => {
  let work: string;
  let stored: string;
  const bytes = Buffer.from("a card's bytes");
  const digest = { sha256: hash("sha256", bytes, "hex"), bytes: bytes.byteLength };
  beforeEach(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "flightsite-place-"));
    stored = path.join(work, "naples.AB12.png");
    await writeFile(stored, bytes);
  });
  afterEach(() => rm(work, { recursive: true, force: true }));

  it("links it into a fresh folder, which the manifest then lists", async () => {
    const outDir = path.join(work, "dist");
    const run = await replacedOutput(outDir, { folders: false }).begin();
    const placed = run.place("assets/cards/naples.AB12.png", stored, digest);
    const committed = await run.commit();
    expect(committed.written).toEqual(["assets/cards/naples.AB12.png"]);
    expect(await readFile(path.join(outDir, "assets/cards/naples.AB12.png"))).toEqual(bytes);
    expect((await stat(path.join(outDir, "assets/cards/naples.AB12.png"))).ino).toBe((await stat(stored)).ino);
    expect(placed).toEqual({ ...digest, mtimeMs: (await stat(stored)).mtimeMs });
  });

  it("reads it into an output in memory, and not again once the output holds those bytes", async () => {
    const output = memoryOutput();
    const first = await output.begin();
    first.place("assets/cards/naples.AB12.png", stored, digest);
    expect((await first.commit()).written).toEqual(["assets/cards/naples.AB12.png"]);
    expect(output.files.get("assets/cards/naples.AB12.png")).toEqual(bytes);
    await rm(stored); // not read again: the output holds it
    const second = await output.begin();
    expect(second.place("assets/cards/naples.AB12.png", stored, digest)).toEqual({ ...digest, mtimeMs: 0 });
    expect((await second.commit()).written).toEqual([]);
  });
});
