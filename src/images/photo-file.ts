// Light to load (build.ts's up-to-date check counts files by it before any stage is loaded).

/** Whether an output file is a photo's encoded file (named in assets/photos/ by encodePhoto, photos.ts). */
export function isPhotoFile(file: string): boolean {
  return file.startsWith("assets/photos/");
}
