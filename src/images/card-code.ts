import { shareCardVersion } from "./share-card-version";

// The code that draws share cards (share-card.ts with templates/ShareCard.tsx): the one this process imported, for
// `flightsite build`, or the dev server's, bundled again after an edit of the card's template so that the cards a
// save draws show it (card-code-bundle.ts, as loadRenderer does for the pages).

/** The code that draws cards: its version, which every card's name carries, and the module it is imported from. */
export interface CardCode {
  version: string;
  /**
   * A file URL of a bundle of share-card.ts with the card's template as it was when `version` was taken (the dev
   * server's), for this process and the drawer processes to import; undefined: the share-card.ts this code imports.
   */
  module?: string;
}

/** Where the engine takes the card code of each run from. */
export interface CardCodeSource {
  /** The card code for the next run; `previous` when it did not change. */
  load(previous: CardCode | undefined): Promise<CardCode>;
}

/** The card code this process imports (`flightsite build`): its version taken once. */
export function importedCardCode(): CardCodeSource {
  let code: CardCode | undefined;
  return { load: async () => (code ??= { version: shareCardVersion() }) };
}

/** The module that draws cards with `code`, in this process. */
export function cardDrawing(code: CardCode | undefined): Promise<typeof import("./share-card")> {
  return code?.module === undefined ? import("./share-card") : (import(code.module) as Promise<typeof import("./share-card")>);
}
