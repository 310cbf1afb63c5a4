import { describe, expect, it } from "vitest";
import { makeAll, type OutputSource } from "../../../src/engine/output-sources";
import type { RunLedger } from "../../../src/engine/run-ledger";

// The sources of a run's output are made ready before any of them makes a file (issue 38): the share cards' renderer
// loads before the pages keep the thread busy, and a source that cannot get ready stops the run before any file.

/** A source that records what it is asked to do, in `log`, getting ready after `readyAfterMs` (or failing with `fails`). */
function source(name: string, log: string[], { readyAfterMs = 0, fails }: { readyAfterMs?: number; fails?: Error } = {}): OutputSource {
  return {
    planned: () => [],
    async prepare(files) {
      await new Promise((resolve) => setTimeout(resolve, readyAfterMs));
      if (fails) throw fails;
      log.push(`${name} ready for ${files.join(",")}`);
    },
    async make(files) {
      log.push(`${name} makes ${files.join(",") || "nothing"}`);
    },
  };
}

const ledger = () => ({ stopped: false }) as RunLedger;

describe("making a run's output", () => {
  it("gets every source ready before any source makes a file", async () => {
    const log: string[] = [];
    const [cards, pages] = [source("cards", log, { readyAfterMs: 30 }), source("pages", log)];
    await makeAll([pages, cards], new Map([[pages, ["a.html"]], [cards, ["a.png"]]]), ledger());
    expect(log).toEqual(["pages ready for a.html", "cards ready for a.png", "pages makes a.html", "cards makes a.png"]);
  });

  it("makes no file when a source cannot get ready: every source is let go with no files, and the failure thrown", async () => {
    const log: string[] = [];
    const [cards, pages] = [source("cards", log, { fails: new Error("no renderer") }), source("pages", log)];
    const run = ledger();
    await expect(makeAll([pages, cards], new Map([[pages, ["a.html"]], [cards, ["a.png"]]]), run)).rejects.toThrow("no renderer");
    expect(log).toEqual(["pages ready for a.html", "pages makes nothing", "cards makes nothing"]);
    expect(run.stopped).toBe(true);
  });
});
