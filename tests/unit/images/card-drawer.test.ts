import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { createCardDrawer, type CardDrawer } from "../../../src/images/card-drawer";
import { drawShareCard } from "../../../src/images/share-card";
import type { ShareCard } from "../../../src/content/types";
import { cardTitled } from "../support/share-card";

// Share cards drawn on every core (issue 38, point 2): a pool of processes, each ended after a few cards.

const card = cardTitled;

const titles = ["Medical Flights in Naples, FL", "Vuelos médicos en Sarasota, FL", "Flights from Tampa to Houston", "Vuelos desde Miami a Boston", "Medical Flights in Ocala, FL"];

describe("the card drawer", () => {
  let drawer: CardDrawer | undefined;
  afterEach(async () => {
    await drawer?.close();
  });

  it("draws each card as this thread draws it, however many are asked for at once and however often its processes are replaced", async () => {
    drawer = createCardDrawer({ processes: 2, cardsPerProcess: 2, drawnHere: 1 });
    const drawn = await Promise.all([...titles, ...titles].map((title) => drawer!.draw(card(title))));
    const expected = await Promise.all(titles.map((title) => drawShareCard(card(title))));
    drawn.forEach((png, i) => expect(Buffer.from(png).equals(Buffer.from(expected[i % titles.length]!)), titles[i % titles.length]).toBe(true));
  }, 60_000);

  it("ends a process after its share of cards and starts another, so that no process grows for the whole build", async () => {
    drawer = createCardDrawer({ processes: 1, cardsPerProcess: 2, drawnHere: 0 });
    const seen: number[][] = [];
    for (const title of titles) {
      await drawer.draw(card(title));
      seen.push(drawerProcesses());
    }
    // Five cards, two a process: three processes in turn, never two at once.
    expect(seen.map((pids) => pids.length)).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(seen.flat()).size).toBe(3);
    await drawer.close();
    expect(drawerProcesses()).toEqual([]);
  }, 60_000);

  it("fails a card whose process ended while drawing it, naming the card, and draws the next one in a new process", async () => {
    drawer = createCardDrawer({ processes: 1, drawnHere: 0 });
    const drawing = drawer.draw(card("Medical Flights in Naples, FL"));
    for (const pid of drawerProcesses()) process.kill(pid);
    // Ended, or its channel closed before the card reached it: either way, the card named.
    await expect(drawing).rejects.toThrow(/^the share card drawer process (ended \(SIGTERM\)|failed \(.+\)) while drawing the card "Medical Flights in Naples, FL"$/);
    expect((await drawer.draw(card(titles[1]!))).byteLength).toBeGreaterThan(0);
  }, 60_000);

  it("draws the first few cards in this process, as a save in the dev server needs, and starts processes only for more", async () => {
    drawer = createCardDrawer({ processes: 1, drawnHere: 2 });
    await Promise.all([drawer.draw(card(titles[0]!)), drawer.draw(card(titles[1]!))]);
    expect(drawerProcesses()).toEqual([]);
    const third = await drawer.draw(card(titles[2]!));
    expect(drawerProcesses()).toHaveLength(1);
    expect(Buffer.from(third).equals(Buffer.from(await drawShareCard(card(titles[2]!))))).toBe(true);
  }, 60_000);

  it("refuses to draw once closed, rather than starting a process nobody ends", async () => {
    drawer = createCardDrawer({ processes: 1, drawnHere: 0 });
    await drawer.draw(card(titles[0]!));
    await drawer.close();
    expect(drawerProcesses()).toEqual([]);
    await expect(drawer.draw(card(titles[1]!))).rejects.toThrow("the card drawer is closed");
  }, 60_000);
});

// --- internal ---

/** The drawer processes this test's process started, by id. */
function drawerProcesses(): number[] {
  const lines = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" }).split("\n");
  return lines.filter((line) => line.includes("card-drawer-process")).map((line) => Number.parseInt(line.trim(), 10));
}
