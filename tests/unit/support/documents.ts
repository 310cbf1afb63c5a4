import path from "node:path";
import { unzipSync } from "fflate";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { loadSourceFiles } from "../../../src/content/load";
import { ContentError, type ContentProblem } from "../../../src/errors";
import type { SourceFile } from "../../../src/content/types";

export const projectRoot = path.resolve(import.meta.dirname, "../../..");

/** The site's real data files, as the build reads them. */
export function loadDataFiles(): Promise<SourceFile[]> {
  return loadSourceFiles(path.join(projectRoot, "data"), projectRoot);
}

/** The data files with one file's text changed, for tests of content mistakes. */
export function withFile(files: SourceFile[], filePath: string, edit: (text: string) => string): SourceFile[] {
  return files.map((file) => (file.path === filePath ? { ...file, text: edit(file.text) } : file));
}

export function problemsOf(run: () => unknown): ContentProblem[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error("expected a ContentError");
}

/** The text of each page of a PDF, one line per line of print. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  // pdf.js may take over the buffer it is given, so hand it a copy.
  const pdf = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
  }
  await pdf.destroy();
  return pages;
}

/** A PDF's title and the size of each of its pages, in points. */
export async function pdfFacts(bytes: Uint8Array): Promise<{ title: unknown; pageSizes: number[][]; roles: string[] }> {
  const pdf = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const { info } = await pdf.getMetadata();
  const pageSizes: number[][] = [];
  const roles = new Set<string>();
  const collect = (node: { role?: string; children?: unknown[] } | null) => {
    if (node?.role) roles.add(node.role);
    for (const child of node?.children ?? []) collect(child as { role?: string; children?: unknown[] });
  };
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    pageSizes.push(page.view);
    collect(await page.getStructTree());
  }
  await pdf.destroy();
  return { title: (info as { Title?: unknown }).Title, pageSizes, roles: [...roles].sort() };
}

/** Lines joined and spaces collapsed, to find a sentence however the PDF wrapped it. */
export const flatten = (text: string) => text.replace(/\s+/g, " ");

/** The paragraphs of a .docx, as text, from word/document.xml. */
export function docxParagraphs(bytes: Uint8Array): string[] {
  const xml = new TextDecoder().decode(unzipSync(bytes)["word/document.xml"]);
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((paragraph) =>
    [...paragraph[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((run) => decodeXml(run[1]!)).join(""),
  );
}

const decodeXml = (text: string) =>
  text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
