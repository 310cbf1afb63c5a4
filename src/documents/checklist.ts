import type { Lang } from "../content/language";
import type { ChecklistDocument, CityCommon, SiteConfig } from "../content/types";
import { renderPdf } from "./pdf";

/** The pre-flight and return checklist as a printable PDF, with the items city pages show. */
export function renderChecklistPdf(site: SiteConfig, document: ChecklistDocument, common: CityCommon, lang: Lang = "en"): Promise<Uint8Array> {
  return renderPdf({ site, title: document.heading, subject: document.summary, updated: document.updated, lang }, (pdf) => {
    pdf.title(document.heading, document.updated).paragraph(document.intro);
    pdf.heading(document.preFlight.heading).paragraph(document.preFlight.intro).checklist(common.preFlightChecklist);
    pdf.heading(document.return.heading).paragraph(document.return.intro).checklist(common.returnChecklist);
    pdf.heading(document.notes.heading).bullets(document.notes.items);
  });
}
