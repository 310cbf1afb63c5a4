import { load } from "cheerio";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Photo, Picture } from "../../../src/content/types";
import { HeroPhoto, SectionPhoto } from "../../../templates/Photo";

// templates/Photo.tsx (issue 30): a photo's <picture> in its slot, as the build's picture describes it.
const picture = (slot: Picture["slot"]): Picture => ({
  slot,
  width: 1000,
  height: 800,
  sizes: "100vw",
  sources: [
    { type: "image/avif", srcset: "/assets/photos/a-375.1.avif 375w, /assets/photos/a-1000.2.avif 1000w" },
    { type: "image/webp", srcset: "/assets/photos/a-375.3.webp 375w, /assets/photos/a-1000.4.webp 1000w" },
  ],
  fallback: { src: "/assets/photos/a-1000.6.jpg", srcset: "/assets/photos/a-375.5.jpg 375w, /assets/photos/a-1000.6.jpg 1000w" },
});
const photo = (slot: Picture["slot"], fields: Partial<Photo> = {}): Photo => ({ src: "a.jpg", alt: 'The "cabin" <ready>', rights: "own", picture: picture(slot), ...fields });
const html = (element: React.ReactElement) => renderToStaticMarkup(element);

describe("a photo on a page", () => {
  it("shows each slot's photo in its own place only", () => {
    expect(html(<HeroPhoto photo={photo("section")} lang="en" />)).toBe("");
    expect(html(<SectionPhoto photo={photo("hero")} lang="en" />)).toBe("");
    expect(html(<HeroPhoto photo={undefined} lang="en" />)).toBe("");
    expect(html(<HeroPhoto photo={{ ...photo("hero"), picture: undefined }} lang="en" />)).toBe("");
  });

  it("writes the sources best first, the JPEG with its size, the alt text as given, and a hero's priority", () => {
    const $ = load(html(<HeroPhoto photo={photo("hero")} lang="en" />));
    expect($("picture > source").map((_, el) => `${$(el).attr("type")} ${$(el).attr("sizes")}`).get()).toEqual(["image/avif 100vw", "image/webp 100vw"]);
    expect($("img").attr()).toEqual({
      src: "/assets/photos/a-1000.6.jpg",
      srcset: "/assets/photos/a-375.5.jpg 375w, /assets/photos/a-1000.6.jpg 1000w",
      sizes: "100vw",
      width: "1000",
      height: "800",
      alt: 'The "cabin" <ready>',
      fetchpriority: "high",
    });
    expect($("figcaption")).toHaveLength(0);
  });

  it("lazy-loads a photo in the text, credits it, and gives a decorative one an empty alt", () => {
    const $ = load(html(<SectionPhoto photo={photo("section", { credit: "Jane Doe", decorative: true, alt: "" })} lang="en" />));
    expect($("div.container.prose > figure.photo.photo-section")).toHaveLength(1);
    expect($("img").attr()).toMatchObject({ alt: "", loading: "lazy", decoding: "async" });
    expect($("img").attr("fetchpriority")).toBeUndefined();
    expect($("figcaption").text()).toBe("Photo: Jane Doe");
  });

  // Issue 35: a Spanish page keeps a photo whose alt is not translated yet, and says the alt is English.
  it("marks an alt in another language than the page's with lang, and credits the photographer in the page's language", () => {
    const $ = load(html(<SectionPhoto photo={photo("section", { credit: "Jane Doe", altLang: "en" })} lang="es" />));
    expect($("img").attr()).toMatchObject({ alt: 'The "cabin" <ready>', lang: "en" });
    expect($("figcaption").text()).toBe("Foto: Jane Doe");
    expect(load(html(<SectionPhoto photo={photo("section")} lang="es" />))("img").attr("lang")).toBeUndefined();
  });
});
