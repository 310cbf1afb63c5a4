import { UserError } from "../errors";
import { renderAll, type RenderPool } from "../render/pool";
import { RouteRenderer, type RenderedFile, type RenderInput } from "../render/route-renderer";
import { writeRoutes } from "../render/write-routes";
import type { Renderer } from "../render/renderer-bundle";
import type { OutputRun } from "../output/write-output";
import type { Route } from "../content/types";

/** What the build engine's render step (engine.ts) is given. */
export interface RenderStep {
  /** The routes this run created (every route of the site, or a changed city's), and the files of them to render. */
  routes: Route[];
  render: readonly string[];
  input: RenderInput;
  renderer: Renderer;
  /** What every route's key starts with (sharedInputs), when keys are kept. */
  common: string | undefined;
  run: OutputRun;
  /** Threads to render with: a count, or a pool started early (src/render/pool.ts prewarm). */
  threads: number | RenderPool;
  /** Runs route or template code, turning what it throws into the renderer's error. */
  guard<T>(run: () => T, doing: string): T;
  onRendered(file: RenderedFile): void;
}

/**
 * Renders the routes whose files the plan says to render, and hands each file on once it is in the run's output.
 * Where they render is the output's and the site's affair, not a second pipeline: into an output's fresh folder, a
 * large site renders on the pool's threads, each writing its files itself (src/render/pool.ts); otherwise (an output
 * changed in place or in memory, one thread, or a thread that failed, whose mistake this thread then reports with its
 * place) every file renders here with the run's renderer and goes through `run.write`. Returns the threads used.
 */
export async function renderRoutes(step: RenderStep): Promise<number> {
  const { routes, input, renderer, common, run, threads, guard, onRendered } = step;
  const wanted = new Set(step.render);
  const numbers: number[] = [];
  for (const [number, route] of routes.entries()) if (wanted.has(route.file)) numbers.push(number);
  const count = typeof threads === "number" ? threads : threads.count;
  const folder = run.threads;
  if (folder !== undefined && count > 1 && numbers.length > 0) {
    try {
      await renderAll(input, {
        threads,
        outDir: folder.dir,
        only: { routes, numbers },
        onRendered: (files) => {
          for (const file of files) {
            folder.adopt(file.file, { sha256: file.sha256!, bytes: file.bytes });
            onRendered(file);
          }
        },
      });
      return count;
    } catch (error) {
      if (error instanceof UserError) throw error;
    }
  }
  // The one render path (src/render/write-routes.ts), here with the run's renderer and into the run's output.
  const files = writeRoutes(new RouteRenderer(input, renderer, { routes, common }), numbers, (name, contents) => run.write(name, contents));
  let turn = performance.now();
  for (let at = 0; ; at++) {
    const next = guard(() => files.next(), `rendering ${routes[numbers[at]!]?.url}`);
    if (next.done) break;
    onRendered(next.value);
    // The share cards are drawn beside the pages, on takumi's threads, but each is handed to them from this thread:
    // rendering every page in one go would leave the other cores idle until the last page is written.
    if (performance.now() - turn >= millisecondsBetweenTurns) {
      await new Promise((resolve) => setImmediate(resolve));
      turn = performance.now();
    }
  }
  return 1;
}

/** How long this thread renders pages before it lets the run's other sources (the share cards) go on. */
const millisecondsBetweenTurns = 5;
