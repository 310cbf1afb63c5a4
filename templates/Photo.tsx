import type { Lang } from "../src/content/language";
import type { Photo } from "../src/content/types";
import { textFor } from "./text";

export interface PhotoProps {
  /** A photo with its picture, as the build made it (src/images/photos.ts); nothing is shown without one. */
  photo: Photo | undefined;
  /** The page's language, for the words around the photo ("Photo: …"). */
  lang: Lang;
}

/**
 * A photo shown across the top of a page (`hero: true`): loaded first, as it is the largest thing on the screen.
 * Put before the page's hero section; shows nothing for a photo of the other slot.
 */
export function HeroPhoto({ photo, lang }: PhotoProps) {
  return photo?.picture?.slot === "hero" ? <PhotoFigure photo={photo} lang={lang} /> : null;
}

/** A photo in the text column after a page's hero section, loaded when the reader nears it. */
export function SectionPhoto({ photo, lang }: PhotoProps) {
  if (photo?.picture?.slot !== "section") return null;
  return (
    <div className="container prose">
      <PhotoFigure photo={photo} lang={lang} />
    </div>
  );
}

// --- internal ---

/**
 * The <picture>: AVIF, then WebP, then the JPEG every browser shows, each in the widths made, with the width and
 * height the page keeps for it before it loads (no layout shift).
 */
function PhotoFigure({ photo, lang }: { photo: Photo; lang: Lang }) {
  const picture = photo.picture!;
  const hero = picture.slot === "hero";
  return (
    <figure className={`photo photo-${picture.slot}`}>
      <picture>
        {picture.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={picture.sizes} />
        ))}
        <img
          src={picture.fallback.src}
          srcSet={picture.fallback.srcset}
          sizes={picture.sizes}
          width={picture.width}
          height={picture.height}
          alt={photo.decorative ? "" : photo.alt}
          lang={photo.decorative ? undefined : photo.altLang}
          {...(hero ? { fetchPriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const })}
        />
      </picture>
      {photo.credit && <figcaption className="photo-credit">{textFor(lang).photoCredit(photo.credit)}</figcaption>}
    </figure>
  );
}
