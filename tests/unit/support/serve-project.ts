// `flightsite serve` on a temporary project (temp-project.ts), as the serve tests, the browser tests and the watch
// benchmark start it: on 127.0.0.1, on a free port, with quotes kept in the project's own .flightsite/ folder.
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { serve, type DevServer } from "../../../src/serve/serve";
import { createTempProject, type TempProject } from "./temp-project";
import type { CardStore } from "../../../src/images/share-cards";

/** Where the server started by serveProject appends the quotes it receives. */
export const quotesFileOf = (project: TempProject) => path.join(project.root, ".flightsite/quotes.ndjson");

export function serveProject(
  project: TempProject,
  options: { watch: boolean; stdout?: (text: string) => void; stderr?: (text: string) => void; basePath?: string; preview?: boolean; cards?: CardStore },
): Promise<DevServer> {
  return serve({
    root: project.root,
    dataDir: project.dataDir,
    outDir: project.outDir,
    port: 0,
    host: "127.0.0.1",
    watch: options.watch,
    basePath: options.basePath,
    preview: options.preview,
    quotesFile: quotesFileOf(project),
    stdout: options.stdout ?? (() => {}),
    stderr: options.stderr ?? (() => {}),
    cards: options.cards,
  });
}

/**
 * A temporary project served by `flightsite serve` (without watching) for the tests of one describe block: started
 * before them, stopped and removed after. Read its address and quotes file once the tests run.
 */
export function useServedProject(): { readonly url: string; readonly quotesFile: string } {
  let project: TempProject | undefined;
  let server: DevServer | undefined;
  beforeAll(async () => {
    project = await createTempProject();
    server = await serveProject(project, { watch: false });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await project?.remove();
  });
  return {
    get url() {
      return server!.url;
    },
    get quotesFile() {
      return quotesFileOf(project!);
    },
  };
}
