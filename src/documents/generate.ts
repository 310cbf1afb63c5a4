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
  ];
}
