// Where photos live and which files they may be: what content validation, the build's up-to-date check and the
// photo stage share. No zod here: the build's first check (src/engine/build.ts) loads it before anything heavy.

/** Where photos live, under the data folder; `photo.src` names a file in it. */
export const imagesFolder = "images";

/** The files sharp reads that a photo may be made from. */
export const photoFileExtensions = ["jpg", "jpeg", "png", "webp", "avif", "tif", "tiff"] as const;
