import path from "node:path";
import { freshBundle, keepOnly } from "../render/fresh-bundle";
import { isBuildFailure, templateErrorFromBuild } from "../render/renderer-bundle";
import type { CardCodeSource } from "./card-code";
import { shareCardVersion } from "./share-card-version";

// The dev server's card code: share-card.ts with the card's template as they are now, bundled by esbuild (which a
// build that only imports its own card code does not load).

/**
 * The card code of the project at `root` as it is now (`serve --watch`): its version is taken again before each run
 * whose templates changed, and a new version is bundled (src/render/fresh-bundle.ts), so that the next card drawn
 * shows the edit. The same version as a build's for the same files: the cards a build stored are the dev server's too.
 */
export function reloadedCardCode(root: string): CardCodeSource {
  return {
    async load(previous) {
      const version = shareCardVersion(root);
      if (previous?.version === version) return previous;
      try {
        const bundle = await freshBundle(root, "share-card", {
          contents: 'export { drawShareCard, startDrawing } from "./share-card.ts";\n',
          resolveDir: path.join(root, "src", "images"),
          sourcefile: "src/images/card-code-entry.ts",
        });
        keepOnly("share-card", bundle!);
        return { version, module: bundle!.url };
      } catch (error) {
        throw isBuildFailure(error) ? templateErrorFromBuild(error) : error;
      }
    },
  };
}
