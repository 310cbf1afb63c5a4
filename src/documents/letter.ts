import { AlignmentType, BorderStyle, Document, Packer, Paragraph, ShadingType, TextRun } from "docx";
import { unzipSync, zipSync } from "fflate";
import type { LetterTemplate, SiteConfig } from "../content/types";
import { renderPdf } from "./pdf";
import { splitPlaceholders } from "./text";

/** The letter template as a PDF: how to use it on page 1, the letter alone on page 2 (to print on letterhead). */
export function renderLetterPdf(site: SiteConfig, template: LetterTemplate): Promise<Uint8Array> {
  const { letter } = template;
  return renderPdf({ site, title: template.heading, subject: template.summary, updated: template.updated }, (pdf) => {
    pdf.title(template.heading, template.updated).paragraph(template.intro);
    pdf.panel(template.instructions.heading, template.instructions.items);
    pdf.paragraph("The letter is on the next page.");
    pdf.newPage({ plain: true });
    // The letter itself, one size throughout, as the physician's office would print it.
    const size = 11;
    pdf.paragraph(letter.letterhead, { placeholders: true, gap: 1.6, size });
    pdf.paragraph(letter.date, { placeholders: true, gap: 1, size });
    pdf.lines(letter.recipient, { placeholders: true, size });
    pdf.paragraph(letter.subject, { placeholders: true, gap: 0.8, size });
    pdf.paragraph(letter.salutation, { gap: 0.8, size });
    for (const paragraph of letter.paragraphs) pdf.paragraph(paragraph, { placeholders: true, gap: 0.8, size });
    pdf.paragraph(letter.closing, { gap: 0, size }).space(36);
    pdf.lines(letter.signature, { placeholders: true, size });
  });
}

/**
 * The letter template as a Word document to edit: a note on how to use it (to delete before sending), then the
 * letter, with every [placeholder] highlighted so none is missed.
 */
export async function renderLetterDocx(site: SiteConfig, template: LetterTemplate): Promise<Uint8Array> {
  const { letter, instructions } = template;
  const note = (children: TextRun[]) =>
    new Paragraph({
      children,
      shading: { type: ShadingType.CLEAR, fill: "EEF4F7", color: "auto" },
      border: { left: { style: BorderStyle.SINGLE, size: 18, color: "0B4F6C", space: 8 } },
      spacing: { after: 80 },
    });
  const document = new Document({
    creator: site.companyName,
    lastModifiedBy: site.companyName,
    title: template.heading,
    subject: template.summary,
    description: `${template.heading} from ${site.companyName}, ${site.phone.display}. Updated ${template.updated}.`,
    styles: { default: { document: { run: { font: "Calibri", size: 22 } } } },
    sections: [
      {
        properties: {
          page: {
            size: { width: 12240, height: 15840 }, // US Letter, in twentieths of a point
            margin: { top: 1440, bottom: 1440, left: 1440, right: 1440 },
          },
        },
        children: [
          note([new TextRun({ text: `${instructions.heading} (delete this note before sending)`, bold: true, color: "0B4F6C" })]),
          ...instructions.items.map((item) => note([new TextRun({ text: `• ${item}` })])),
          note([new TextRun({ text: `From ${site.companyName}, ${site.phone.display}, 24/7.`, italics: true })]),
          new Paragraph({ text: "", spacing: { after: 240 } }),
          paragraph(letter.letterhead, { after: 480 }),
          paragraph(letter.date, { after: 360 }),
          ...letter.recipient.map((line, index) => paragraph(line, { after: index === letter.recipient.length - 1 ? 240 : 0 })),
          paragraph(letter.subject, { bold: true }),
          paragraph(letter.salutation),
          ...letter.paragraphs.map((text) => paragraph(text)),
          paragraph(letter.closing, { after: 720 }),
          ...letter.signature.map((line) => paragraph(line, { after: 0 })),
        ],
      },
    ],
  });
  return deterministicZip(await Packer.toBuffer(document), template.updated);
}

// --- internal ---

/** A paragraph whose [placeholders] are highlighted for the physician to replace. */
function paragraph(text: string, { after = 200, bold = false } = {}): Paragraph {
  const runs = splitPlaceholders(text).map(
    (part) => new TextRun({ text: part.text, bold, ...(part.placeholder ? { highlight: "yellow" } : {}) }),
  );
  return new Paragraph({ children: runs, spacing: { after }, alignment: AlignmentType.LEFT });
}

/**
 * docx stamps the file with the time it was made (in docProps/core.xml and in every zip entry). Re-pack it with
 * the template's date instead, so the same content always gives the same bytes.
 */
function deterministicZip(docx: Uint8Array, date: string): Uint8Array {
  const entries = unzipSync(docx);
  const stamp = `${date}T12:00:00Z`;
  const core = entries["docProps/core.xml"];
  if (core) {
    const xml = new TextDecoder().decode(core).replace(
      /(<dcterms:(?:created|modified)[^>]*>)[^<]*(<\/dcterms:(?:created|modified)>)/g,
      `$1${stamp}$2`,
    );
    entries["docProps/core.xml"] = new TextEncoder().encode(xml);
  }
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  // Zip entry times are local wall-clock times: build the date from local parts so every time zone agrees.
  const mtime = new Date(year, month - 1, day, 12, 0, 0);
  return zipSync(entries, { mtime, level: 6 });
}
