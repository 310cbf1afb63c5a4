// What a data file is, from its place under data/: an English file of a kind (and the schema it is checked against),
// or a file of a translation (data/<lang>/…), whose schema src/translation/file-schemas.ts gives.
import type { z } from "zod";
import {
  ChecklistDocument,
  City,
  CityCommon,
  Destination,
  Episode,
  Home,
  LetterTemplate,
  Page,
  SampleItinerary,
  SiteConfig,
  type ContentKind,
} from "./schema";
import type { TranslatedLang } from "./types";

/** Which kind of content a data file holds, from its place under data/. */
export const fileKinds: { kind: ContentKind; pattern: RegExp; schema: z.ZodType }[] = [
  { kind: "site", pattern: /(^|\/)site\.ya?ml$/, schema: SiteConfig },
  { kind: "home", pattern: /(^|\/)home\.ya?ml$/, schema: Home },
  { kind: "city-common", pattern: /(^|\/)city-common\.ya?ml$/, schema: CityCommon },
  { kind: "city", pattern: /(^|\/)cities\/[^/]+\.ya?ml$/, schema: City },
  { kind: "destination", pattern: /(^|\/)destinations\/[^/]+\.ya?ml$/, schema: Destination },
  { kind: "page", pattern: /(^|\/)pages\/[^/]+\.ya?ml$/, schema: Page },
  { kind: "episode", pattern: /(^|\/)episodes\/[^/]+\.ya?ml$/, schema: Episode },
  { kind: "checklist-document", pattern: /(^|\/)documents\/pre-flight-checklist\.ya?ml$/, schema: ChecklistDocument },
  { kind: "letter-template", pattern: /(^|\/)documents\/letter-of-medical-necessity\.ya?ml$/, schema: LetterTemplate },
  { kind: "sample-itinerary", pattern: /(^|\/)documents\/sample-itinerary\.ya?ml$/, schema: SampleItinerary },
];

/**
 * A file of a translation, data/<lang>/…: its language and the path of the English file it translates (with the
 * language folder taken out), or undefined for an English file. data/es/glossary.yaml is a translation's file too.
 */
export function translationFileOf(path: string): { lang: TranslatedLang; english: string } | undefined {
  const match = /^(.*?\/)?(es)\/((?:site|home|city-common|glossary)\.ya?ml|(?:cities|destinations|pages|documents|episodes)\/[^/]+\.ya?ml)$/.exec(path);
  return match ? { lang: match[2] as TranslatedLang, english: `${match[1] ?? ""}${match[3]}` } : undefined;
}
