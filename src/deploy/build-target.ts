import { buildTargetFile, type BuildTarget } from "../output/manifest";
import { DeployError } from "../errors";

/**
 * The folder of the bucket where the previews of pull requests live, each under its own prefix with its own manifest
 * and lock. The site's own deploy (no prefix) never lists, owns or deletes anything in it.
 */
export const previewsFolder = "previews/";

/**
 * Refuses, before anything is written, a build made for another place than the one it is deployed to: a preview
 * (built with --preview; noindex, forms that do not send, links under its base path) to the live site, a live build
 * to a preview's prefix, and a preview built for one pull request's path to another's. A prefix under previews/ is a
 * preview's, and its build must have been made for exactly that path; any other target is the live site's.
 */
export function checkBuildTarget(target: BuildTarget | undefined, prefix: string, shownOutDir: string, destination: string): void {
  if (!target) {
    throw new DeployError(
      `${shownOutDir}/ does not say what it was built for (no ${buildTargetFile}: an older flightsite built it); ` +
        `run flightsite build again (with --base-path /${prefix || "previews/pr-N/"} --preview for a preview), then deploy`,
    );
  }
  const built = target.preview ? `a preview built for ${target.basePath}` : `a build of the live site (base path ${target.basePath})`;
  if (prefix.startsWith(previewsFolder)) {
    const wanted = `/${prefix}`;
    if (!target.preview) {
      throw new DeployError(
        `${shownOutDir}/ is ${built}, but ${destination} is a preview: its pages would be indexed and its quote forms ` +
          `would send; build it with flightsite build --base-path ${wanted} --preview --out ${shownOutDir}, then deploy`,
      );
    }
    if (target.basePath !== wanted) {
      throw new DeployError(
        `${shownOutDir}/ is ${built}, but ${destination} is the preview at ${wanted}: its pages would name files under ` +
          `${target.basePath}; build it with flightsite build --base-path ${wanted} --preview --out ${shownOutDir}, or deploy it with --prefix ${target.basePath.slice(1)}`,
      );
    }
    return;
  }
  if (target.preview || target.basePath.startsWith(`/${previewsFolder}`)) {
    throw new DeployError(
      `${shownOutDir}/ is ${built}, but ${destination} is the live site: every live page would be noindex and name ` +
        `files under ${target.basePath}; build the live site with flightsite build (no --preview, no --base-path)` +
        (target.basePath.startsWith(`/${previewsFolder}`) ? `, or deploy this one with --prefix ${target.basePath.slice(1)}` : ""),
    );
  }
}
