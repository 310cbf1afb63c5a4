import type { OutputFolder } from "../output/output-folder";
import type { RenderedFile, RouteRenderer } from "./route-renderer";

/** The files of the routes numbered `numbers`, each written before it is handed on. */
export function* writeRoutes(renderer: RouteRenderer, numbers: readonly number[], folder: OutputFolder): Generator<RenderedFile> {
  for (const { output, rendered } of renderer.render(numbers)) {
    const contents = "pieces" in output ? output.pieces.map((piece) => (typeof piece === "string" ? piece : piece.bytes)) : output.contents;
    // Its size is counted as it is written, not before.
    const { bytes, sha256, mtimeMs } = folder.write(output.file, contents);
    yield { ...rendered, bytes, sha256, mtimeMs };
  }
}
