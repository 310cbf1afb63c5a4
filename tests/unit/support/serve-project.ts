// `flightsite serve` on a temporary project (temp-project.ts), as the serve tests, the browser tests and the watch
// benchmark start it: on 127.0.0.1, on a free port, with quotes kept in the project's own .flightsite/ folder.
import path from "node:path";
import { serve, type DevServer } from "../../../src/serve/serve";
import type { TempProject } from "./temp-project";

/** Where the server started by serveProject appends the quotes it receives. */
export const quotesFileOf = (project: TempProject) => path.join(project.root, ".flightsite/quotes.ndjson");

export function serveProject(
  project: TempProject,
  options: { watch: boolean; stdout?: (text: string) => void; stderr?: (text: string) => void },
): Promise<DevServer> {
  return serve({
    root: project.root,
    dataDir: project.dataDir,
    outDir: project.outDir,
    port: 0,
    host: "127.0.0.1",
    watch: options.watch,
    quotesFile: quotesFileOf(project),
    stdout: options.stdout ?? (() => {}),
    stderr: options.stderr ?? (() => {}),
  });
}
