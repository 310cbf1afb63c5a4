import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCardDrawer } from "../../../src/images/card-drawer";
import { importedCardCode } from "../../../src/images/card-code";
import { reloadedCardCode } from "../../../src/images/card-code-bundle";
import { TemplateError } from "../../../src/errors";
import { shareCardColours } from "../../../templates/ShareCard";
import { cardTitled } from "../support/share-card";
import { createTempProject, editFile, type TempProject } from "../support/temp-project";
import { sampleDataDir } from "../support/sample-site";

// The dev server draws share cards with the card's template as it is now (issue 38, point 4): its card code is
// bundled again after an edit (src/images/card-code.ts), and every drawer, in this process or its own, draws with it.

const cornerOf = async (png: Uint8Array) => [...(await sharp(png).raw().toBuffer()).subarray(0, 3)];
const card = cardTitled("Medical Flights in Naples, FL");

describe("the dev server's card code", () => {
  let project: TempProject;
  let template: string;
  let original: string;
  beforeAll(async () => {
    project = await createTempProject({ data: sampleDataDir });
    template = path.join(project.root, "templates/ShareCard.tsx");
    original = await readFile(template, "utf8");
  });
  afterAll(() => project?.remove());

  it("has the version a build gives the same files, so that the cards a build stored are the dev server's too", async () => {
    const code = await reloadedCardCode(project.root).load(undefined);
    expect(code.version).toBe((await importedCardCode().load(undefined)).version);
  });

  it("stays the same code while the card's files do not change, and is bundled again, under a new version, once they do", async () => {
    const source = reloadedCardCode(project.root);
    const first = await source.load(undefined);
    expect(await source.load(first)).toBe(first);
    try {
      await editFile(template, `background: "${shareCardColours.background}"`, 'background: "#6c0b4f"');
      const edited = await source.load(first);
      expect(edited.version).not.toBe(first.version);
      expect(edited.module).not.toBe(first.module);
      // In this process, as a save's cards are drawn, and in a drawer process, as a large site's are.
      for (const drawnHere of [1, 0]) {
        const drawer = createCardDrawer({ processes: 1, drawnHere, code: edited });
        try {
          expect(await cornerOf(await drawer.draw(card)), drawnHere ? "in this process" : "in a drawer process").toEqual([0x6c, 0x0b, 0x4f]);
        } finally {
          await drawer.close();
        }
      }
    } finally {
      await writeFile(template, original);
    }
  }, 60_000);

  it("tells a mistake in the card's template by its place, as a template error", async () => {
    try {
      await editFile(template, "export function ShareCard(", "export function ShareCard((");
      const loading = reloadedCardCode(project.root).load(undefined);
      await expect(loading).rejects.toThrow(TemplateError);
      await expect(loading).rejects.toThrow(/^templates\/ShareCard\.tsx:\d+:\d+ /);
    } finally {
      await writeFile(template, original);
    }
  });
});
