import type { Lang } from "../content/language";
import type { SampleItinerary, SiteConfig } from "../content/types";
import { renderPdf } from "./pdf";

/** The sample travel day as a PDF, its sample notice at the top of every page. */
export function renderItineraryPdf(site: SiteConfig, itinerary: SampleItinerary, lang: Lang = "en"): Promise<Uint8Array> {
  const options = { site, title: itinerary.heading, subject: itinerary.summary, updated: itinerary.updated, notice: itinerary.sampleNotice, lang };
  return renderPdf(options, (pdf) => {
    pdf.title(itinerary.heading, itinerary.updated).paragraph(itinerary.intro).space(14);
    pdf.timeline(itinerary.steps);
    pdf.heading(itinerary.notes.heading).bullets(itinerary.notes.items);
  });
}
