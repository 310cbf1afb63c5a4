import { QuoteForm } from "./QuoteForm";

/** Every component that may run in the browser, by the name its markup carries in data-island. */
export const islands = { "quote-form": QuoteForm } as const;
export type IslandName = keyof typeof islands;
