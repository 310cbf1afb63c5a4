import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { writeWhole } from "./image-store";

// Where the photo stage (photos.ts) keeps what it encoded, by a key made of the source's hash, its slot and the
// encoding options: .flightsite/photos/<key>/ for a build and the dev server (each encoded file, and photo.json
// naming them, written last), or memory for a build without the cache and the tests.

/** One encoded file of a photo: its name in the output (content-hashed), format and size. */
export interface PhotoVariant {
  file: string;
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  bytes: number;
}

/** A photo encoded for its slot: every width in every format, smallest width first. */
export interface EncodedPhoto {
  key: string;
  variants: PhotoVariant[];
}

export interface PhotoStore {
  /** The photo stored under `key`, if it is complete. */
  get(key: string): Promise<EncodedPhoto | undefined>;
  /** Stores a photo and its files' bytes (by their names in `photo.variants`). */
  put(photo: EncodedPhoto, files: ReadonlyMap<string, Uint8Array>): Promise<void>;
  /** The bytes of one file of a stored photo. */
  read(key: string, variant: PhotoVariant): Promise<Uint8Array>;
}

/** Photos kept under `folder` (.flightsite/photos/ of the project), from one process to the next. */
export function diskPhotoStore(folder: string): PhotoStore {
  const fileOf = (key: string, variant: PhotoVariant) => path.join(folder, key, path.basename(variant.file));
  return {
    async get(key) {
      try {
        const photo = JSON.parse(await readFile(path.join(folder, key, "photo.json"), "utf8")) as EncodedPhoto;
        return photo.key === key ? photo : undefined;
      } catch {
        return undefined; // not stored, or cut short: encode it again
      }
    },
    async put(photo, files) {
      await mkdir(path.join(folder, photo.key), { recursive: true });
      // Each file whole (image-store.ts), and photo.json last: a photo is stored whole or not at all, even when two
      // builds store the same photo at once.
      for (const variant of photo.variants) await writeWhole(fileOf(photo.key, variant), files.get(variant.file)!);
      await writeWhole(path.join(folder, photo.key, "photo.json"), JSON.stringify(photo));
    },
    read: (key, variant) => readFile(fileOf(key, variant)),
  };
}

/** Photos kept in this process only. */
export function memoryPhotoStore(): PhotoStore {
  const photos = new Map<string, { photo: EncodedPhoto; files: ReadonlyMap<string, Uint8Array> }>();
  return {
    get: async (key) => photos.get(key)?.photo,
    put: async (photo, files) => void photos.set(photo.key, { photo, files }),
    read: async (key, variant) => photos.get(key)!.files.get(variant.file)!,
  };
}

/** The project's photo store: `.flightsite/photos/` under its root. */
export const projectPhotoStore = (root: string) => diskPhotoStore(path.join(root, ".flightsite", "photos"));
