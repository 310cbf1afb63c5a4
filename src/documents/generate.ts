import type { Download, SiteContent } from "../content/types";
import { renderChecklistPdf } from "./checklist";
import { renderItineraryPdf } from "./itinerary";
import { renderLetterDocx, renderLetterPdf } from "./letter";

/**
 * The downloads of /for-case-managers/, made from content alone: the same content always gives the same bytes.
 * They are generated before the pages, whose download links show each file's size.
 */
export async function generateDocuments(content: SiteContent): Promise<Download[]> {
  const { site, cityCommon } = content;
  const { checklist, letter, itinerary } = content.documents;
  const download = (document: string, format: Download["format"], contents: Uint8Array): Download => ({
    file: `downloads/${document}.${format}`,
    document,
    format,
    contents,
  });
  const [checklistPdf, letterDocx, letterPdf, itineraryPdf] = await Promise.all([
    renderChecklistPdf(site, checklist, cityCommon),
    renderLetterDocx(site, letter),
    renderLetterPdf(site, letter),
    renderItineraryPdf(site, itinerary),
  ]);
  return [
    download(checklist.slug, "pdf", checklistPdf),
    download(letter.slug, "docx", letterDocx),
    download(letter.slug, "pdf", letterPdf),
    download(itinerary.slug, "pdf", itineraryPdf),
    ...(await translatedDocuments(content)),
  ];
}

// --- internal ---

/**
 * The checklist and the sample itinerary in each language that has them with city-common.yaml (the checklist's items),
 * as the pages of /<lang>/for-case-managers/ need them (src/site/languages.ts), each under a name of its own
 * ("downloads/pre-flight-checklist.es.pdf"). The letter template stays English.
 */
async function translatedDocuments(content: SiteContent): Promise<Download[]> {
  const downloads: Download[] = [];
  for (const translation of Object.values(content.translations)) {
    const { checklist, itinerary } = translation?.documents ?? {};
    if (!translation?.cityCommon || !checklist || !itinerary) continue;
    const { lang, site, cityCommon } = translation;
    const [checklistPdf, itineraryPdf] = await Promise.all([
      renderChecklistPdf(site, checklist, cityCommon, lang),
      renderItineraryPdf(site, itinerary, lang),
    ]);
    downloads.push(
      { file: `downloads/${checklist.slug}.${lang}.pdf`, document: checklist.slug, format: "pdf", contents: checklistPdf, lang },
      { file: `downloads/${itinerary.slug}.${lang}.pdf`, document: itinerary.slug, format: "pdf", contents: itineraryPdf, lang },
    );
  }
  return downloads;
}
