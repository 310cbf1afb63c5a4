import type { ContentProblem } from "../errors";
import type { ParsedFile } from "./parse";
import type { Photo } from "./photo";
import { closestMatch } from "./suggest";

/**
 * A problem for each photo whose file is not among `images` (the files under data/images/, by their names there),
 * pointing at its `photo.src`.
 */
export function checkPhotos(files: (ParsedFile<{ photo?: Photo }> | undefined)[], images: ReadonlySet<string>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const parsed of files) {
    const photo = parsed?.data.photo;
    if (!parsed || !photo || images.has(photo.src)) continue;
    const suggestion = closestMatch(photo.src, [...images]);
    problems.push({
      file: parsed.file.path,
      ...parsed.locate(["photo", "src"]),
      field: "photo.src",
      problem: `no file "${photo.src}" in data/images/${suggestion ? ` (did you mean "${suggestion}"?)` : "; put the photo there first"}`,
    });
  }
  return problems;
}

/** The data of a parsed file, its photo (if any) told the file it is written in (Photo.writtenIn). */
export function withPhotoFile<T extends { photo?: Photo }>(parsed: ParsedFile<T>): T {
  const { data } = parsed;
  return data.photo ? { ...data, photo: { ...data.photo, writtenIn: parsed.file.path } } : data;
}
