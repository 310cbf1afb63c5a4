import { statSync } from "node:fs";
import path from "node:path";
import type { OutputFolder } from "./output-folder";
import type { RenderedFile, RenderInput, ReusedFile, RouteRange, RouteRenderer } from "./route-renderer";

/** The files of `routes`, each written (or linked from the last good output) before it is handed on. */
export function* writeRoutes(renderer: RouteRenderer, routes: RouteRange, folder: OutputFolder, cache: RenderInput["cache"]): Generator<RenderedFile | ReusedFile> {
  // Only a file exactly as this cache wrote it is taken: `flightsite serve` rewrites files of the output in place.
  const reuse = (file: string) => {
    const stamp = cache?.previous?.get(file);
    if (!stamp || !cache?.previousDir) return false;
    try {
      const { size, mtimeMs } = statSync(path.join(cache.previousDir, file));
      if (size !== stamp.bytes || mtimeMs !== stamp.mtimeMs) return false;
      folder.reuse(file, cache.previousDir);
      return true;
    } catch {
      return false; // gone from the last output (deleted by hand?): render it after all
    }
  };
  for (const item of renderer.render(routes, reuse)) {
    if ("reused" in item) {
      yield item.reused;
    } else {
      const { output } = item;
      const contents = "pieces" in output ? output.pieces.map((piece) => (typeof piece === "string" ? piece : piece.bytes)) : output.contents;
      // Its size is counted as it is written, not before.
      const { bytes, sha256, mtimeMs } = folder.write(output.file, contents);
      yield { ...item.rendered, bytes, sha256, ...(cache && { mtimeMs }) };
    }
  }
}
