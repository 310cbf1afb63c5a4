// Small English files and their Spanish translations for the translation tests (issue 29), as SourceFiles.
import type { EnglishFile } from "../../../src/content/validate";
import type { SourceFile } from "../../../src/content/types";

export const englishSite: SourceFile = {
  path: "data/site.yaml",
  text: `companyName: Example Flights
tagline: There When You Need Us
description: Non-emergency medical flight coordination from St. Petersburg, Florida.
phone:
  display: (877) 555-0100
  tel: "+18775550100"
founded: 1988
headquarters:
  city: St. Petersburg
  region: FL
  country: US
baseUrl: https://www.example.org
footerYear: 2025
quote: {}
analytics: {}
video: {}
`,
};

export const englishPage: SourceFile = {
  path: "data/pages/about.yaml",
  text: `path: /about
title: About Us
metaDescription: We coordinate non-emergency medical flights for patients and families.
heading: About Us
lead: >-
  A coordinator answers every call,
  day and night.
sections:
  - id: who-we-are
    heading: Who We Are
    body: We arrange a stretcher when one is needed. [Ask for a quote](/contact#quote).
  - id: where
    heading: Where We Fly
    body: Throughout Florida.
`,
};

/** The Spanish of englishSite, without its translatedFrom record. */
export const spanishSite: SourceFile = {
  path: "data/es/site.yaml",
  text: `# yaml-language-server: $schema=../../schemas/site.es.schema.json
tagline: Aquí cuando nos necesita
description: Coordinación de vuelos médicos no urgentes desde St. Petersburg, Florida.
`,
};

/** The Spanish of englishPage, without its translatedFrom record. */
export const spanishPage: SourceFile = {
  path: "data/es/pages/about.yaml",
  text: `# yaml-language-server: $schema=../../../schemas/page.es.schema.json
title: Quiénes somos
metaDescription: Coordinamos vuelos médicos no urgentes para pacientes y familias.
heading: Quiénes somos
lead: Un coordinador atiende cada llamada, de día y de noche.
sections:
  - heading: Quiénes somos
    body: Conseguimos una camilla cuando hace falta. [Pida una cotización](/contact#quote).
  - heading: Adónde volamos
    body: Por toda Florida.
`,
};

export const glossary: SourceFile = {
  path: "data/es/glossary.yaml",
  text: `terms:
  - en: stretcher
    es: [camilla, camillas]
  - en: quote
    es: [cotización, cotizaciones, cotizar]
`,
};

/** The English files of the fixtures by path, as checkEnglish hands them to validateTranslations. */
export function englishFiles(...files: SourceFile[]): Map<string, EnglishFile> {
  const kindOf = (path: string) => (path.endsWith("site.yaml") ? "site" : path.includes("/cities/") ? "city" : "page");
  return new Map(files.map((file) => [file.path, { kind: kindOf(file.path), file, ok: true }]));
}

/** `file` with `from` replaced by `to` (which must be in it). */
export function edited(file: SourceFile, from: string, to: string): SourceFile {
  if (!file.text.includes(from)) throw new Error(`${file.path} has no "${from}"`);
  return { path: file.path, text: file.text.replace(from, to) };
}
