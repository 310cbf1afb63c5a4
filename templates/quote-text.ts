import type { Lang } from "../src/content/language";

/** The words around the quote forms (the dialog, the footer slot, the contact page's form), in each language. */
export interface QuoteSectionText {
  dialogHeading: string;
  close: string;
  /** "A coordinator will call you back. Prefer to talk now? Call", then the number, then the rest. */
  dialogIntro: [string, string];
  footerHeading: string;
  footerIntro: string;
  callbackButton: string;
  contactHeading: string;
  /** The contact form's introduction: the text before the number, and after it. */
  contactIntro: [string, string];
}

export const quoteSectionText: Record<Lang, QuoteSectionText> = {
  en: {
    dialogHeading: "Request a Quote",
    close: "Close",
    dialogIntro: ["A coordinator will call you back. Prefer to talk now? Call ", ", 24/7."],
    footerHeading: "Request a Callback",
    footerIntro: "Leave your name and number and a coordinator will call you back.",
    callbackButton: "Request Callback",
    contactHeading: "Request a Quote",
    contactIntro: [
      "Tell us where and when the patient needs to travel, and a coordinator will call you back. For anything urgent, call ",
      ".",
    ],
  },
  es: {
    dialogHeading: "Pida una cotización",
    close: "Cerrar",
    dialogIntro: [
      "Un coordinador le devolverá la llamada. ¿Prefiere hablar ahora? Llame al ",
      ", las 24 horas, los 7 días de la semana.",
    ],
    footerHeading: "Pida que le llamemos",
    footerIntro: "Déjenos su nombre y número, y un coordinador le devolverá la llamada.",
    callbackButton: "Pida que le llamemos",
    contactHeading: "Pida una cotización",
    contactIntro: [
      "Díganos a dónde y cuándo necesita viajar el paciente, y un coordinador le devolverá la llamada. Para algo urgente, llame al ",
      ".",
    ],
  },
};
