import { readFile, stat, writeFile } from "node:fs/promises";
import fg from "fast-glob";
import path from "node:path";
import { translationFileOf } from "../content/file-kinds";
import { ReviewError } from "../errors";
import { markReviewed } from "./review";

// `flightsite translation reviewed` (npm run translation:reviewed): the one command that writes into data/, after a
// translator has checked a translation against the English it now has (docs/translation.md).

/**
 * Writes the current English hashes of `fields` (every translated field when none are named) into the translatedFrom
 * record of the translation file `file` (an absolute path under root's data folder), keeping the rest of it as it
 * is. Returns the file and its English as the project names them, and the fields reviewed.
 */
export async function reviewTranslation(root: string, file: string, fields: string[]): Promise<{ file: string; english: string; reviewed: string[] }> {
  const relative = path.relative(root, file).split(path.sep).join("/");
  const place = translationFileOf(relative);
  if (!place || /(^|\/)glossary\.ya?ml$/.test(place.english)) {
    throw new ReviewError(`${relative} is not a translated data file; name one under data/es/, like data/es/cities/naples.yaml`);
  }
  const text = await readFile(file, "utf8").catch(() => {
    throw new ReviewError(`${relative} does not exist; name a translated data file under data/es/, like data/es/cities/naples.yaml`);
  });
  const englishText = await readFile(path.join(root, place.english), "utf8").catch(() => {
    throw new ReviewError(`${relative} has no English file ${place.english} to be reviewed against`);
  });
  const result = markReviewed({ path: relative, text }, { path: place.english, text: englishText }, fields);
  if (result.text !== text) await writeFile(file, result.text);
  return { file: relative, english: place.english, reviewed: result.reviewed };
}

/**
 * The files `translation reviewed` was given, each an absolute path, with the fields named for them: a folder stands
 * for every translation file under it, and several files are each reviewed whole (the glossary left out), so that
 * `data/es` or `data/es/pages/*.yaml` from the shell review every field of every file; otherwise the first argument
 * is the file and the rest its fields.
 */
export async function reviewTargets(from: string, args: string[]): Promise<{ files: string[]; fields: string[] }> {
  const [first, ...rest] = args.map((arg) => path.resolve(from, arg));
  const named = rest.length > 0 && args.slice(1).every((arg) => /\.ya?ml$/.test(arg)) ? [first!, ...rest] : [first!];
  const files: string[] = [];
  for (const name of named) {
    const folder = await stat(name).then((stats) => stats.isDirectory(), () => false);
    // The glossary, met among several files (data/es/*.yaml), has nothing to review.
    if (!folder && !(named.length > 1 && /(^|[\\/])glossary\.ya?ml$/.test(name))) files.push(name);
    else if (!folder) continue;
    else files.push(...(await fg("**/*.{yaml,yml}", { cwd: name, absolute: true, ignore: ["**/glossary.{yaml,yml}"] })).sort());
  }
  const whole = named.length > 1 || files.length !== 1 || files[0] !== first;
  return { files, fields: whole ? [] : args.slice(1) };
}
