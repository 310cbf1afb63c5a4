// Issue 29: `serve --watch` watches data/es/ with the rest of data/, and prints the translations' review reminders
// when they change: a save of the English that leaves its Spanish behind, a save that marks it reviewed again.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markReviewed } from "../../../src/translation/review";
import { eventsPath } from "../../../src/serve/dev-client-bundle";
import type { DevServer } from "../../../src/serve/serve";
import { openEventStream, type EventStream } from "../support/event-stream";
import { serveProject } from "../support/serve-project";
import { createTempProject, editFile, type TempProject } from "../support/temp-project";

describe("flightsite serve --watch with a translation", () => {
  let project: TempProject;
  let server: DevServer;
  let events: EventStream;
  const output: string[] = [];
  const spanishFile = () => path.join(project.dataDir, "es/site.yaml");

  beforeAll(async () => {
    project = await createTempProject();
    // Only this translation: any other data/es/ file would add reminders of its own.
    await rm(path.join(project.dataDir, "es"), { recursive: true, force: true });
    await mkdir(path.join(project.dataDir, "es"));
    const spanish = { path: "data/es/site.yaml", text: "tagline: Aquí cuando nos necesita\ndescription: Coordinación de vuelos médicos no urgentes.\n" };
    const english = { path: "data/site.yaml", text: await readFile(path.join(project.dataDir, "site.yaml"), "utf8") };
    await writeFile(spanishFile(), markReviewed(spanish, english).text);
    const keep = (text: string) => void output.push(text);
    server = await serveProject(project, { watch: true, stdout: keep, stderr: keep });
    events = await openEventStream(new URL(eventsPath, server.url).href);
  }, 60_000);
  afterAll(async () => {
    events?.close();
    await server?.close();
    await project?.remove();
  });

  it("prints a Spanish field that fell behind when its English is saved, and that it is gone once reviewed", async () => {
    expect(output.join("")).not.toContain("translation warning");
    output.length = 0;
    await editFile(path.join(project.dataDir, "site.yaml"), "tagline: There When You Need Us", "tagline: There Whenever You Need Us");
    await events.take("reload");
    expect(output.join("")).toContain(
      "flightsite: 1 translation warning in data/es/site.yaml (the pages stay translated; build --strict fails on them)\n" +
        "data/es/site.yaml:1:10 tagline: the English changed since this was translated\n",
    );

    output.length = 0;
    const english = { path: "data/site.yaml", text: await readFile(path.join(project.dataDir, "site.yaml"), "utf8") };
    await writeFile(spanishFile(), markReviewed({ path: "data/es/site.yaml", text: await readFile(spanishFile(), "utf8") }, english, ["tagline"]).text);
    await waitFor(() => output.join("").includes("flightsite: no translation warnings left\n"));
  }, 60_000);
});

async function waitFor(done: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out waiting for the dev server's output");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
