import PDFDocument from "pdfkit";
import type { Lang } from "../content/language";
import type { SiteConfig } from "../content/types";
import { formatMonth, splitPlaceholders } from "./text";

// The shared look of the PDF downloads: US Letter, Helvetica (a PDF standard font, so nothing is embedded and
// the text stays real, selectable text), the company name, tagline and phone line on every page, and a
// structure tree (headings, paragraphs, lists) so screen readers can follow the file too.

export interface PdfOptions {
  site: SiteConfig;
  /** The document's title: the PDF's Title, shown by viewers in place of the file name. */
  title: string;
  subject: string;
  /** YYYY-MM-DD: the PDF's creation date. A fixed date keeps repeated builds byte-for-byte the same. */
  updated: string;
  /** A line printed at the top of every page, like "Sample — times and places vary". */
  notice?: string;
  /** The language of its text (English when left out): the words of the page frames and the PDF's Lang. */
  lang?: Lang;
}

/** The words the page frames print, per language; the document's own text comes in its language. */
const frameWords: Record<Lang, { pdfLang: string; updated: (month: string) => string; call: string; page: (n: number, of: number) => string; templateFrom: string; months?: string[] }> = {
  en: { pdfLang: "en-US", updated: (month) => `Updated ${month}`, call: "Call 24/7", page: (n, of) => `Page ${n} of ${of}`, templateFrom: "Template from" },
  es: {
    pdfLang: "es-US",
    updated: (month) => `Actualizado: ${month}`,
    call: "Llame las 24 horas",
    page: (n, of) => `Página ${n} de ${of}`,
    templateFrom: "Plantilla de",
    months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
  },
};

type Structure = PDFKit.PDFStructureElement;

/** Lays out one PDF from top to bottom; `renderPdf` adds the page frames and returns the bytes. */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  /** Pages meant for another letterhead: the company line goes only in their footer. */
  readonly plainPages = new Set<number>();
  private readonly root: Structure;
  private pageCount = 1;

  constructor(readonly options: PdfOptions) {
    this.doc = new PDFDocument({
      size: "LETTER",
      margins: { top: contentTop(options), bottom: 60, left: marginX, right: marginX },
      bufferPages: true,
      tagged: true,
      lang: frameWords[options.lang ?? "en"].pdfLang,
      displayTitle: true,
      pdfVersion: "1.7",
      info: {
        Title: options.title,
        Subject: options.subject,
        Author: options.site.companyName,
        Creator: options.site.companyName,
        CreationDate: new Date(`${options.updated}T12:00:00Z`),
      },
    });
    this.doc.on("pageAdded", () => {
      // A page that text runs over onto continues the one before it, letterhead or not.
      if (this.plainPages.has(this.pageCount - 1)) this.plainPages.add(this.pageCount);
      this.pageCount++;
    });
    this.root = this.doc.struct("Document");
    this.doc.addStructure(this.root);
  }

  get words() {
    return frameWords[this.options.lang ?? "en"];
  }

  get width(): number {
    return this.doc.page.width - marginX * 2;
  }

  /** The document's title and its date, at the top of the first page. */
  title(heading: string, updated: string): this {
    this.block("H1", () => this.doc.font(bold).fontSize(20).fillColor(colors.brand).text(heading, marginX));
    this.block("P", () => this.doc.moveDown(0.2).font(regular).fontSize(9.5).fillColor(colors.muted).text(this.words.updated(formatMonth(updated, this.words.months)), marginX));
    this.doc.moveDown(0.8);
    return this;
  }

  heading(text: string): this {
    // Keep a heading with at least two lines of what follows it.
    this.ensureSpace(this.doc.font(bold).fontSize(13.5).heightOfString(text, { width: this.width }) + 48);
    this.doc.moveDown(0.6);
    this.block("H2", () => this.doc.font(bold).fontSize(13.5).fillColor(colors.brand).text(text, marginX));
    this.doc.moveDown(0.35);
    return this;
  }

  /** A paragraph; with `placeholders`, [bracketed text] is set in bold for the person who fills it in. */
  paragraph(text: string, { placeholders = false, gap = 0.5, size = 10.5 } = {}): this {
    this.block("P", () => this.text(text, marginX, this.width, size, placeholders));
    this.doc.moveDown(gap);
    return this;
  }

  /** Lines set without space between them, like an address. */
  lines(lines: string[], { placeholders = false, size = 10.5 } = {}): this {
    for (const line of lines) this.block("P", () => this.text(line, marginX, this.width, size, placeholders));
    this.doc.moveDown(0.6);
    return this;
  }

  bullets(items: string[]): this {
    this.list(items.map((item) => ({ label: "•", body: [{ text: item }] })));
    return this;
  }

  /** Items with an empty box to tick on paper. */
  checklist(items: { title: string; detail: string }[]): this {
    this.list(items.map((item) => ({ label: "box", body: [{ text: item.title, bold: true }, { text: item.detail }] })));
    return this;
  }

  /** A timetable: the time on the left; the title, the place and what happens on the right. */
  timeline(steps: { time: string; title: string; place: string; detail: string }[]): this {
    const timeWidth = 92;
    const x = marginX + timeWidth;
    const width = this.width - timeWidth;
    const table = this.doc.struct("Table");
    this.root.add(table);
    for (const step of steps) {
      const height =
        this.doc.font(bold).fontSize(11).heightOfString(step.title, { width }) +
        this.doc.font(italic).fontSize(10.5).heightOfString(step.place, { width }) +
        this.doc.font(regular).fontSize(11).heightOfString(step.detail, { width });
      this.ensureSpace(height + 16);
      const top = this.doc.y;
      this.decoration(() => this.doc.moveTo(marginX, top - 6).lineTo(marginX + this.width, top - 6).lineWidth(0.5).strokeColor(colors.line).stroke());
      const row = this.doc.struct("TR");
      table.add(row);
      row.add(this.doc.struct("TH", {}, () => this.doc.font(bold).fontSize(11).fillColor(colors.brand).text(step.time, marginX, top, { width: timeWidth - 10 })));
      row.add(
        this.doc.struct("TD", {}, () => {
          this.doc.font(bold).fontSize(11).fillColor(colors.ink).text(step.title, x, top, { width });
          this.doc.font(italic).fontSize(10.5).fillColor(colors.muted).text(step.place, x, this.doc.y, { width });
          this.doc.font(regular).fontSize(11).fillColor(colors.ink).text(step.detail, x, this.doc.y + 2, { width });
        }),
      );
      row.end();
      this.doc.x = marginX;
      this.doc.moveDown(0.8);
    }
    table.end();
    return this;
  }

  /** A tinted panel with a heading and a list, for instructions that stand apart from the document itself. */
  panel(heading: string, items: string[]): this {
    const padding = 14;
    const width = this.width - padding * 2;
    const itemsHeight = items.reduce((sum, item) => sum + this.doc.font(regular).fontSize(10.5).heightOfString(item, { width: width - 14 }) + 5, 0);
    const height = this.doc.font(bold).fontSize(12).heightOfString(heading, { width }) + itemsHeight + padding * 2 + 6;
    this.ensureSpace(height);
    const top = this.doc.y;
    this.decoration(() => this.doc.roundedRect(marginX, top, this.width, height, 6).fill(colors.tint));
    this.doc.y = top + padding;
    this.block("H2", () => this.doc.font(bold).fontSize(12).fillColor(colors.brand).text(heading, marginX + padding, this.doc.y, { width }));
    this.doc.moveDown(0.3);
    this.list(items.map((item) => ({ label: "•", body: [{ text: item }] })), { x: marginX + padding, width, size: 10.5, gap: 5 });
    this.doc.x = marginX;
    this.doc.y = top + height + 14;
    return this;
  }

  /** Starts a new page; a `plain` page is for another letterhead and gets the company line only in its footer. */
  newPage({ plain = false } = {}): this {
    this.doc.addPage();
    if (plain) this.plainPages.add(this.pageCount - 1);
    else this.plainPages.delete(this.pageCount - 1);
    return this;
  }

  /** Space for a handwritten signature: an empty gap above the signature lines. */
  space(points: number): this {
    this.ensureSpace(points);
    this.doc.y += points;
    return this;
  }

  /** Ends the structure tree; called by renderPdf once everything is laid out. */
  finish(): void {
    this.root.end();
  }

  // --- internal ---

  /** Lines, boxes and tints: drawing that carries no meaning of its own, so screen readers skip it. */
  private decoration(draw: () => void): void {
    this.doc.markContent("Artifact");
    this.doc.save();
    draw();
    this.doc.restore();
    this.doc.endMarkedContent();
  }

  private block(type: string, draw: () => void): void {
    this.root.add(this.doc.struct(type, {}, draw));
  }

  private list(
    items: { label: "•" | "box"; body: { text: string; bold?: boolean }[] }[],
    { x = marginX, width = this.width, size = 10.5, gap = 6 } = {},
  ): void {
    const indent = 18;
    const list = this.doc.struct("L");
    this.root.add(list);
    for (const item of items) {
      const height = item.body.reduce((sum, part) => sum + this.doc.font(part.bold ? bold : regular).fontSize(size).heightOfString(part.text, { width: width - indent }), 0);
      this.ensureSpace(height + gap);
      const top = this.doc.y;
      const entry = this.doc.struct("LI");
      list.add(entry);
      if (item.label === "box") {
        this.decoration(() => this.doc.rect(x + 1, top + 1.5, 9.5, 9.5).lineWidth(0.9).strokeColor(colors.brand).stroke());
      } else {
        entry.add(this.doc.struct("Lbl", {}, () => this.doc.font(bold).fontSize(size).fillColor(colors.brand).text("•", x + 2, top, { lineBreak: false })));
      }
      entry.add(
        this.doc.struct("LBody", {}, () => {
          this.doc.y = top;
          for (const part of item.body) {
            this.doc.font(part.bold ? bold : regular).fontSize(size).fillColor(colors.ink).text(part.text, x + indent, this.doc.y, { width: width - indent });
          }
        }),
      );
      entry.end();
      this.doc.y += gap;
    }
    list.end();
    this.doc.x = marginX;
  }

  private text(text: string, x: number, width: number, size: number, placeholders: boolean): void {
    const parts = placeholders ? splitPlaceholders(text) : [{ text, placeholder: false }];
    parts.forEach((part, index) => {
      this.doc
        .font(part.placeholder ? bold : regular)
        .fontSize(size)
        .fillColor(part.placeholder ? colors.brand : colors.ink);
      if (index === 0) this.doc.text(part.text, x, this.doc.y, { width, continued: parts.length > 1 });
      else this.doc.text(part.text, { continued: index < parts.length - 1 });
    });
  }

  private ensureSpace(height: number): void {
    const bottom = this.doc.page.height - this.doc.page.margins.bottom;
    if (this.doc.y + height > bottom) this.doc.addPage();
  }

}

/** Lays out a PDF with `draw`, frames every page, and returns the file's bytes. */
export async function renderPdf(options: PdfOptions, draw: (pdf: PdfWriter) => void): Promise<Uint8Array> {
  const pdf = new PdfWriter(options);
  const chunks: Uint8Array[] = [];
  pdf.doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.doc.on("end", resolve);
    pdf.doc.on("error", reject);
  });
  draw(pdf);
  pdf.finish();
  framePages(pdf);
  pdf.doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

// --- internal ---

const regular = "Helvetica";
const bold = "Helvetica-Bold";
const italic = "Helvetica-Oblique";
const marginX = 60;
const colors = { brand: "#0b4f6c", ink: "#1c2733", muted: "#4a5866", line: "#c9d6df", tint: "#eef4f7" };

const contentTop = (options: PdfOptions) => (options.notice ? 122 : 94);

/** The header (company, tagline, phone, notice) and footer (title, page number) of every page, drawn last. */
function framePages(pdf: PdfWriter): void {
  const { doc, options } = pdf;
  const { site } = options;
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const { width, height, margins } = doc.page;
    const right = width - marginX;
    // Text below the bottom margin would start a new page; the frame may write anywhere.
    const saved = { ...margins };
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc.markContent("Artifact", { type: "Pagination" });
    const words = frameWords[options.lang ?? "en"];
    const company = `${site.companyName} · ${site.tagline} · ${words.call}: ${site.phone.display}`;
    if (!pdf.plainPages.has(index)) {
      doc.font(bold).fontSize(14).fillColor(colors.brand).text(site.companyName, marginX, 40, { lineBreak: false });
      doc.font(regular).fontSize(9.5).fillColor(colors.muted).text(site.tagline, marginX, 58, { lineBreak: false });
      const phone = `${words.call}: ${site.phone.display}`;
      doc.font(bold).fontSize(12).fillColor(colors.ink).text(phone, right - doc.widthOfString(phone), 42, { lineBreak: false });
      doc.save().moveTo(marginX, 76).lineTo(right, 76).lineWidth(1).strokeColor(colors.brand).stroke().restore();
      if (options.notice) {
        doc.save().rect(marginX, 84, right - marginX, 22).fill("#fff4d6").restore();
        doc.font(bold).fontSize(11).fillColor("#5c3d00").text(options.notice, marginX, 90, { width: right - marginX, align: "center", lineBreak: false });
      }
    }
    const footerY = height - 46;
    doc.save().moveTo(marginX, footerY - 8).lineTo(right, footerY - 8).lineWidth(0.5).strokeColor(colors.line).stroke().restore();
    const pageLabel = words.page(index - range.start + 1, range.count);
    const footerLeft = pdf.plainPages.has(index) ? `${words.templateFrom} ${company}` : options.notice ? `${options.title} · ${options.notice}` : options.title;
    doc.font(regular).fontSize(8.5).fillColor(colors.muted);
    doc.text(footerLeft, marginX, footerY, { width: right - marginX - doc.widthOfString(pageLabel) - 16, lineBreak: false, ellipsis: true });
    doc.text(pageLabel, right - doc.widthOfString(pageLabel), footerY, { lineBreak: false });
    doc.endMarkedContent();
    doc.page.margins = saved;
  }
}
