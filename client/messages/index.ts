import type { QuoteLanguage } from "../quote/rules";
import { en } from "./en";
import { es } from "./es";
import type { Messages } from "./messages";

export type { AirportType, DayInWords, Messages, NoticeItem } from "./messages";
export type { FormPostText, QuoteFormText, QuoteMessages, QuoteSectionText } from "./quote-words";

/**
 * Every interface word of the site, by language: a language the quote knows (client/quote/rules.ts) without its
 * words fails to compile. Server code only: the browser's script gets its words in an island's props.
 */
export const messages: Record<QuoteLanguage, Messages> = { en, es };
