import type { CheerioAPI } from "cheerio";
import type { PageKind } from "../content/types";
import { kilobytes, type GateResult } from "./report";
import { pageKindOrder, type BuiltPage, type BuiltSite } from "./site";

// The images budget (docs/photos.md, "Budgets"): what a page's images weigh on a phone, the screen most visitors use.
// Each image counts as the one file a phone 375 CSS pixels wide at two device pixels each (750 px) fetches for it.

/** The phone the images are weighed on. */
export const phoneScreen = { width: 375, density: 2 } as const;

/**
 * Bytes of images a page may load on that phone, by kind: room for a hero photo and a photo in the text of the pages
 * that may have photos (data/: home, pages, cities, destinations); the others have none of their own.
 */
export const imageBudgets: Record<PageKind, number> = {
  home: 200 * 1024, city: 200 * 1024, destination: 200 * 1024, page: 200 * 1024, contact: 200 * 1024, "case-managers": 200 * 1024, "thank-you": 200 * 1024,
  cities: 100 * 1024, "case-manager-document": 100 * 1024, podcast: 100 * 1024, episode: 100 * 1024, privacy: 100 * 1024, accessibility: 100 * 1024, "not-found": 100 * 1024,
};

/** What one page's images weigh on the phone, and the file counted for each image. */
export interface ImageWeight {
  url: string;
  kind: PageKind;
  bytes: number;
  files: string[];
}

/**
 * Every page's images on the phone. For each <img>: the candidates of its <picture>'s first <source> (the best format
 * made, which current browsers take), else its own srcset, else its src; of candidates with widths, the narrowest
 * at least 750 px wide (the image taken to span the screen: no slot of the site is wider), else the widest; of
 * density candidates, 2x, else the first. Images of other sites are not counted; a file that is missing counts 0
 * (the links gate reports it).
 */
export function weighImages(site: BuiltSite): ImageWeight[] {
  const sizes = new Map(site.files.map((file) => [file.file, typeof file.contents === "string" ? Buffer.byteLength(file.contents) : file.contents.byteLength]));
  return site.pages.map((page) => {
    const files = imagesOf(page.$).flatMap((reference) => {
      const file = localFile(site, page, reference);
      return file === undefined ? [] : [file];
    });
    return { url: page.url, kind: page.kind, bytes: files.reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0), files };
  });
}

/** One row per page kind that has images, with its heaviest page against its budget; a page over it fails the row. */
export function checkImageBudgets(weights: ImageWeight[]): GateResult[] {
  const kinds = pageKindOrder.filter((kind) => weights.some((w) => w.kind === kind && w.files.length > 0));
  return kinds.map((kind) => {
    const pages = weights.filter((w) => w.kind === kind);
    const budget = imageBudgets[kind];
    const problems = pages
      .filter((w) => w.bytes > budget)
      .map((w) => `${w.url}: images ${kilobytes(w.bytes)} on a ${phoneScreen.width} px phone is over ${kilobytes(budget)} (${w.files.map((file) => `/${file}`).join(", ")})`);
    return {
      gate: "Budgets",
      what: `${kind} (${pages.length} ${pages.length === 1 ? "page" : "pages"}): images on a ${phoneScreen.width} px phone at ${phoneScreen.density}x`,
      result: kilobytes(Math.max(...pages.map((w) => w.bytes))),
      threshold: kilobytes(budget),
      passed: problems.length === 0,
      problems,
    };
  });
}

// --- internal ---

/** The URL fetched for each <img> of the page on the phone. */
function imagesOf($: CheerioAPI): string[] {
  return $("img")
    .toArray()
    .flatMap((img) => {
      const parent = img.parent;
      const source = parent && "name" in parent && parent.name === "picture" ? $(parent).children("source[srcset]").first() : undefined;
      const srcset = source?.length ? source.attr("srcset") : $(img).attr("srcset");
      const chosen = srcset ? chooseCandidate(srcset) : $(img).attr("src");
      return chosen ? [chosen] : [];
    });
}

function chooseCandidate(srcset: string): string | undefined {
  const candidates = srcset
    .split(",")
    .map((part) => part.trim().split(/\s+/))
    .filter((parts) => parts[0])
    .map(([url, descriptor = "1x"]) => ({ url: url!, width: descriptor.endsWith("w") ? Number.parseInt(descriptor, 10) : undefined, density: descriptor.endsWith("x") ? Number.parseFloat(descriptor) : undefined }));
  const wanted = phoneScreen.width * phoneScreen.density;
  const widths = candidates.filter((c) => c.width !== undefined).sort((a, b) => a.width! - b.width!);
  if (widths.length > 0) return (widths.find((c) => c.width! >= wanted) ?? widths.at(-1)!).url;
  return (candidates.find((c) => c.density === phoneScreen.density) ?? candidates[0])?.url;
}

/** The file of the built site a URL on the page names, or undefined for another site's. */
function localFile(site: BuiltSite, page: BuiltPage, reference: string): string | undefined {
  const url = new URL(reference, `${site.baseUrl}${page.url}`);
  if (url.origin !== new URL(site.baseUrl).origin) return undefined;
  return decodeURIComponent(url.pathname).slice(site.basePath.length);
}
