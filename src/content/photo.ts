import * as z from "zod";
import { text } from "./field-schemas";
import { photoFileExtensions } from "./images";

// A photo on a page (home.yaml, a page, a city, a destination), and what the build makes of it: the file under
// data/images/, what it shows in words, and the right to publish it. A recognisable person is published only with
// their signed consent (docs/photos.md). Messages finish the sentence "photo.<field>: ..." for someone editing YAML.

export { imagesFolder, photoFileExtensions } from "./images";

const photoFileName = new RegExp(`^(?!/)(?!.*(^|/)\\.\\.?/)[A-Za-z0-9._/-]+\\.(${photoFileExtensions.join("|")})$`, "i");

/** Where a photo may be shown: its slot decides the widths made and the `sizes` the browser is told (photoSlots). */
export type PhotoSlot = "hero" | "section";

/**
 * Each slot's widths in CSS pixels wide enough for one and two device pixels a CSS pixel (those above the source's
 * own width are left out), and what the browser is told of the width it is shown at. A hero spans the screen; a
 * section photo the text column (templates/styles/site.css: `.prose` is 48rem less 1.25rem of padding each side).
 */
export const photoSlots: Record<PhotoSlot, { widths: readonly number[]; sizes: string }> = {
  hero: { widths: [375, 750, 1200, 1600], sizes: "100vw" },
  section: { widths: [375, 750, 1100, 1456], sizes: "(min-width: 48rem) 45.5rem, calc(100vw - 2.5rem)" },
};

/** One picture as the page shows it: made by the build (src/images/photos.ts) from a photo and its slot. */
export interface Picture {
  slot: PhotoSlot;
  /** The largest width made, and its height: the <img>'s width and height, which keep the page from shifting. */
  width: number;
  height: number;
  sizes: string;
  /** Best first: AVIF, then WebP; each a srcset of site-absolute URLs with their widths. */
  sources: { type: "image/avif" | "image/webp"; srcset: string }[];
  /** The JPEG every browser can show: the <img>'s src (the largest width) and srcset. */
  fallback: { src: string; srcset: string };
}

const rightsMessage = "must be own (the company's own photo), licensed (with licence) or consent (with consentRecord)";

const PhotoFields = z.strictObject({
  /** The file under data/images/, like cabin.jpg or crew/night-flight.jpg. */
  src: z
    .string()
    .regex(photoFileName, `must be the name of a photo file in data/images/, like cabin.jpg (${photoFileExtensions.join(", ")})`),
  /** What the photo shows, for someone who cannot see it; "" only with decorative: true. */
  alt: z.string().trim(),
  /** Who took it, shown under it, like "Photo: Jane Doe". */
  credit: text.optional(),
  /** Why the site may publish it: own, licensed or consent. */
  rights: z.enum(["own", "licensed", "consent"], { error: rightsMessage }),
  /** With rights: licensed, the licence it is used under, like "Shutterstock standard licence, order 123456". */
  licence: text.optional(),
  /** With rights: consent, where the signed consent form is kept, like "Consents folder, 2026/cabin-smith.pdf". */
  consentRecord: text.optional(),
  /** true when someone in it can be recognised: then rights must be consent. */
  people: z.boolean().optional(),
  /** true when it only decorates and says nothing the text does not: alt is then "" and screen readers skip it. */
  decorative: z.boolean().optional(),
  /** true: shown across the top of the page, loaded first. Otherwise shown in the text column, loaded when near. */
  hero: z.boolean().optional(),
});

/** A photo as an editor writes it in data/ (docs/photos.md); `picture` is put in by the build, never written in YAML. */
export const Photo = PhotoFields.superRefine((photo, ctx) => {
  const problem = (field: keyof typeof photo, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
  if (photo.alt === "" && !photo.decorative) {
    problem("alt", 'must say what the photo shows, for someone who cannot see it; leave it "" only with decorative: true');
  }
  if (photo.alt !== "" && photo.decorative) problem("alt", 'must be "" for a decorative photo; or remove decorative: true');
  if (photo.rights === "licensed" && photo.licence === undefined) {
    problem("licence", "is required with rights: licensed; name the licence the photo is used under");
  }
  if (photo.rights !== "licensed" && photo.licence !== undefined) problem("licence", "goes only with rights: licensed");
  if (photo.rights === "consent" && photo.consentRecord === undefined) {
    problem("consentRecord", "is required with rights: consent; say where the signed consent form is kept");
  }
  if (photo.rights !== "consent" && photo.consentRecord !== undefined) problem("consentRecord", "goes only with rights: consent");
  if (photo.people && photo.rights !== "consent") {
    problem("people", "needs rights: consent and a consentRecord: a photo of someone who can be recognised is published only with their signed consent");
  }
}).transform((photo): Photo => photo);
export type Photo = z.infer<typeof PhotoFields> & {
  picture?: Picture;
  /**
   * The data file the photo is written in, like "data/cities/naples.yaml", put in by validation (withPhotoFile): where a
   * warning about the photo file itself points (src/images/photos.ts).
   */
  writtenIn?: string;
  /**
   * The language of `alt` when it is not the page's: a translated page whose photo's alt is not translated yet shows
   * the English one, marked lang="en" (src/translation/validate-translations.ts), rather than leaving the page out.
   */
  altLang?: "en";
};

/** The slot a photo is shown in. */
export const slotOf = (photo: Photo): PhotoSlot => (photo.hero ? "hero" : "section");
