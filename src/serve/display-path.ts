import path from "node:path";

/** A path as the person at the terminal sees it: relative to the project when it is inside it. */
export function displayPath(root: string, file: string): string {
  const relative = path.relative(root, file);
  return (relative.startsWith("..") || path.isAbsolute(relative) ? file : relative).split(path.sep).join("/");
}
