import type { Contents } from "../output/write-output";
import type { WrittenFile } from "../output/output-folder";
import type { RenderedFile, RouteRenderer } from "./route-renderer";

/** Where a rendered file goes: an output folder on a render thread, the run's output on the build's own thread. */
export type WriteFile = (file: string, contents: Contents) => WrittenFile;

/**
 * The one render path: the routes numbered `numbers`, rendered in turn by `renderer` and each written through `write`
 * before it is handed on, so no more than one page's text is held at once. A render worker (worker.ts), the pool's
 * own thread (pool.ts) and a run on one thread (src/engine/render-step.ts) all render a chunk of routes so.
 */
export function* writeRoutes(renderer: RouteRenderer, numbers: readonly number[], write: WriteFile): Generator<RenderedFile> {
  for (const { output, rendered } of renderer.render(numbers)) {
    const contents = "pieces" in output ? output.pieces.map((piece) => (typeof piece === "string" ? piece : piece.bytes)) : output.contents;
    // Its size is counted as it is written, not before.
    const { bytes, sha256, mtimeMs } = write(output.file, contents);
    yield { ...rendered, bytes, sha256, mtimeMs };
  }
}
