import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { imagesFolder } from "../content/images";
import { locateIn } from "../content/parse";
import { photoSlots, slotOf, type Photo, type Picture, type PhotoSlot } from "../content/photo";
import type { SiteContent } from "../content/types";
import { ContentError, type ContentProblem } from "../errors";
import { memoryPhotoStore, type EncodedPhoto, type PhotoStore, type PhotoVariant } from "./photo-store";
import { EncoderProcess } from "./photo-processes";

// The photo stage of the build engine (engine.ts), after validation: each photo of the content made, with sharp, into
// the widths its slot needs in AVIF, WebP and JPEG under content-hashed names in assets/photos/, and the content
// handed on with each photo's `picture` (what templates/Photo.tsx shows). What is encoded is kept in a PhotoStore
// (photo-store.ts: .flightsite/photos/ for a build and the dev server) by the source's hash and the options, so a
// photo is encoded once; the encoded bytes are read back only as each file is written into the output.

/** What the build asks of sharp; part of every stored photo's key, so a change here encodes every photo again. */
export const encoding = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 74, mozjpeg: true },
} as const;

/** The photos of a run: the content with their pictures, the files to write, and how many were encoded. */
export interface PlacedPhotos {
  content: SiteContent;
  /** Every encoded file, by its name in the output; read from the store when written. */
  files: PhotoFile[];
  /** Photos (a file in a slot) encoded this run, and those found already encoded. */
  encoded: number;
  cached: number;
  /** Equal on two runs when every picture is the same. */
  digest: string;
  /**
   * A photo narrower than the largest width its slot is shown at (it would look blurred), at its `photo.src`: a warning
   * the build goes on with, an error with `flightsite build --strict` (engine.ts).
   */
  warnings: ContentProblem[];
}

export interface PhotoFile {
  file: string;
  bytes: number;
  read(): Promise<Uint8Array>;
}

/**
 * The photo stage, kept between runs: it remembers each source file's hash by its size and time on disk, so the dev
 * server reads again only a photo that changed, and encodes only that one.
 */
export class PhotoStage {
  readonly #hashes = new Map<string, { size: number; mtimeMs: number; sha256: string }>();

  constructor(
    /** The project root, which the problems' file names are relative to. */
    readonly root: string,
    readonly dataDir: string,
    readonly store: PhotoStore = memoryPhotoStore(),
    /** Photos encoded at once: each holds its source and sharp's work in memory, whatever the number of photos. */
    readonly concurrency = Math.min(2, os.availableParallelism()),
  ) {}

  /** The content with every photo's `picture`, encoding those not in the store. */
  async place(content: SiteContent): Promise<PlacedPhotos> {
    const jobs = new Map<string, { src: string; slot: PhotoSlot; encoded?: EncodedPhoto }>();
    for (const photo of photosOf(content)) {
      const slot = slotOf(photo);
      jobs.set(`${slot} ${photo.src}`, { src: photo.src, slot });
    }
    if (jobs.size === 0) return { content, files: [], encoded: 0, cached: 0, digest: "", warnings: [] };
    let encoded = 0;
    const problems: ContentProblem[] = [];
    // Each lane encodes in a process of its own, started when first needed (photo-processes.ts).
    const encoders = Array.from({ length: this.concurrency }, () => new EncoderProcess());
    await eachLimited([...jobs.values()], this.concurrency, async (job, lane) => {
      const source = path.join(this.dataDir, imagesFolder, job.src);
      const { sha256, bytes } = await this.#hash(source);
      const key = createHash("sha256").update(`${sha256}\n${job.slot}\n${JSON.stringify([photoSlots[job.slot].widths, encoding])}`).digest("hex");
      job.encoded = await this.store.get(key);
      if (job.encoded) return;
      try {
        const made = await encoders[lane]!.encode({ source: bytes ?? (await readFile(source)), src: job.src, slot: job.slot, key });
        await this.store.put(made.photo, made.files);
        job.encoded = made.photo;
        encoded++;
      } catch (error) {
        if (!isUnreadableImage(error)) throw error;
        // The same photo in two slots is one file: one problem.
        if (problems.some((problem) => problem.file === this.#name(source))) return;
        const reason = (error as Error).message.split("\n")[0];
        problems.push({ file: this.#name(source), line: 1, column: 1, field: "", problem: `cannot be read as a photo (${reason}); save it again as a JPEG, PNG, WebP or AVIF file` });
      }
    }).finally(() => Promise.all(encoders.map((encoder) => encoder.close())));
    if (problems.length > 0) throw new ContentError(problems.sort((a, b) => (a.file < b.file ? -1 : 1)));
    const pictures = new Map([...jobs].map(([id, job]) => [id, pictureOf(job.encoded!, job.slot)]));
    const files = new Map<string, PhotoFile>();
    for (const { encoded: photo } of jobs.values()) {
      for (const variant of photo!.variants) {
        files.set(variant.file, { file: variant.file, bytes: variant.bytes, read: () => this.store.read(photo!.key, variant) });
      }
    }
    const digest = createHash("sha1").update(JSON.stringify([...jobs.values()].map((job) => job.encoded!.key))).digest("base64url");
    const warnings = photosOf(content).flatMap((photo) => this.#tooNarrow(photo, pictures.get(`${slotOf(photo)} ${photo.src}`)!));
    return { content: withPictures(content, pictures), files: [...files.values()], encoded, cached: jobs.size - encoded, digest, warnings };
  }

  // --- internal ---

  /**
   * A warning at the photo's `src` when its picture is narrower than its slot's largest width: the source was
   * narrower than that (the largest width made is the source's own then), so the browser would stretch it.
   */
  #tooNarrow(photo: Photo, picture: Picture): ContentProblem[] {
    const needed = Math.max(...photoSlots[picture.slot].widths);
    if (picture.width >= needed || photo.writtenIn === undefined) return [];
    const file = { path: photo.writtenIn, text: readFileSync(path.join(this.root, photo.writtenIn), "utf8") };
    const shown = picture.slot === "hero" ? "a hero photo" : "a photo in the text column";
    return [{
      file: photo.writtenIn,
      ...locateIn(file, ["photo", "src"]),
      field: "photo.src",
      problem: `"${photo.src}" is ${picture.width} px wide; ${shown} is shown up to ${needed} px wide, so this one would look blurred: use one at least ${needed} px wide`,
    }];
  }

  /** A file's name as an editor sees it in the project: data/images/cabin.jpg. */
  #name(file: string): string {
    return path.relative(this.root, file).split(path.sep).join("/");
  }

  /** The source's SHA-256, read again only when its size or time changed (then its bytes come too, to encode). */
  async #hash(file: string): Promise<{ sha256: string; bytes?: Buffer }> {
    const { size, mtimeMs } = statSync(file);
    const known = this.#hashes.get(file);
    if (known && known.size === size && known.mtimeMs === mtimeMs) return known;
    const bytes = await readFile(file);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    this.#hashes.set(file, { size, mtimeMs, sha256 });
    return { sha256, bytes };
  }
}

/**
 * One source photo made into its slot's widths (those above the source's own width left out, the source's width
 * itself the largest then) in AVIF, WebP and JPEG, turned upright by its EXIF orientation and with no metadata kept
 * (sharp writes none unless told to: no EXIF, no GPS, no ICC profile; the pixels are converted to sRGB).
 */
export async function encodePhoto(
  source: Uint8Array,
  src: string,
  slot: PhotoSlot,
  key: string,
): Promise<{ photo: EncodedPhoto; files: Map<string, Uint8Array> }> {
  const { default: sharp } = await import("sharp");
  // sharp's cache of decoded files would grow with the number of photos; each source here is decoded once anyway.
  sharp.cache(false);
  const upright = sharp(source, { failOn: "error" }).rotate();
  const metadata = await upright.metadata();
  // Orientations 5 to 8 turn the photo a quarter: upright, its width is the stored height.
  const sourceWidth = (metadata.orientation ?? 1) >= 5 ? metadata.height : metadata.width;
  const widths = [...new Set([...photoSlots[slot].widths.filter((width) => width < sourceWidth), Math.min(sourceWidth, Math.max(...photoSlots[slot].widths))])];
  const stem = src.replace(/\.[^.]+$/, "").replace(/[^A-Za-z0-9-]+/g, "-").toLowerCase();
  const variants: PhotoVariant[] = [];
  const files = new Map<string, Uint8Array>();
  for (const width of widths) {
    const resized = upright.clone().resize({ width, withoutEnlargement: true });
    for (const format of ["avif", "webp", "jpeg"] as const) {
      const { data, info } = await resized.clone()[format](encoding[format]).toBuffer({ resolveWithObject: true });
      // Eight capitals or digits, as esbuild names the other assets: what the deploy stores as immutable (src/deploy/plan.ts).
      const hash = createHash("sha256").update(data).digest("hex").slice(0, 8).toUpperCase();
      const file = `assets/photos/${stem}-${width}.${hash}.${format === "jpeg" ? "jpg" : format}`;
      variants.push({ file, format, width: info.width, height: info.height, bytes: data.byteLength });
      files.set(file, data);
    }
  }
  return { photo: { key, variants }, files };
}

/** Every photo of the content, in the order of the site. */
export function photosOf(content: SiteContent): Photo[] {
  const photos: (Photo | undefined)[] = [content.home.photo, ...content.pages.map((page) => page.photo), ...content.cities.map((city) => city.photo), ...content.destinations.map((destination) => destination.photo)];
  return photos.filter((photo) => photo !== undefined);
}

// --- internal ---

/** What a page shows of an encoded photo: the sources best first, the JPEG for every browser, the largest size. */
function pictureOf(photo: EncodedPhoto, slot: PhotoSlot): Picture {
  const srcset = (format: PhotoVariant["format"]) =>
    photo.variants
      .filter((variant) => variant.format === format)
      .map((variant) => `/${variant.file} ${variant.width}w`)
      .join(", ");
  const largest = photo.variants.filter((variant) => variant.format === "jpeg").at(-1)!;
  return {
    slot,
    width: largest.width,
    height: largest.height,
    sizes: photoSlots[slot].sizes,
    sources: [
      { type: "image/avif", srcset: srcset("avif") },
      { type: "image/webp", srcset: srcset("webp") },
    ],
    fallback: { src: `/${largest.file}`, srcset: srcset("jpeg") },
  };
}

/** The content with each photo's picture put in; a part with no photo stays the same object. */
function withPictures(content: SiteContent, pictures: Map<string, Picture>): SiteContent {
  const put = <T extends { photo?: Photo }>(item: T): T =>
    item.photo ? { ...item, photo: { ...item.photo, picture: pictures.get(`${slotOf(item.photo)} ${item.photo.src}`)! } } : item;
  // A translation shows the English file's photo (its src and slot are the English's), with its own alt.
  const putEach = <T extends { photo?: Photo }>(map: Map<string, T>): Map<string, T> =>
    [...map.values()].some((item) => item.photo) ? new Map([...map].map(([key, item]) => [key, put(item)])) : map;
  const translations = Object.fromEntries(
    Object.entries(content.translations).map(([lang, translation]) => [
      lang,
      translation && {
        ...translation,
        home: translation.home && put(translation.home),
        pages: putEach(translation.pages),
        cities: putEach(translation.cities),
        destinations: putEach(translation.destinations),
      },
    ]),
  ) as SiteContent["translations"];
  return {
    ...content,
    home: put(content.home),
    pages: content.pages.some((page) => page.photo) ? content.pages.map(put) : content.pages,
    cities: content.cities.some((city) => city.photo) ? content.cities.map(put) : content.cities,
    destinations: content.destinations.some((destination) => destination.photo) ? content.destinations.map(put) : content.destinations,
    translations,
  };
}

/** Whether sharp (libvips) refused the file itself, rather than something of ours failing. */
function isUnreadableImage(error: unknown): boolean {
  return error instanceof Error && /unsupported image format|corrupt|premature end|bad seek|VipsJpeg|VipsForeignLoad|Input (buffer|file) (is missing|has corrupt)/i.test(error.message);
}

/** `work` for each item, at most `limit` at a time, each of those on its own lane (0 to limit - 1). */
async function eachLimited<T>(items: T[], limit: number, work: (item: T, lane: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (lane: number) => {
    while (next < items.length) await work(items[next++]!, lane);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, (_, lane) => worker(lane)));
}
