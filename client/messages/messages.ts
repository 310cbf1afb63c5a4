// Every word of the site's interface, one object per language (en.ts, es.ts) of one type: a message missing in a
// language is a type error, not an English sentence on its page. The templates read them (templates/text), the quote
// form gets its part in its props, and the intake answers a form post with theirs (src/quote/form-post.ts). Content
// text comes from data/; these are the site's own words. Browser-safe: nothing here imports src/.
import type { FieldName } from "../quote/rules";
import type { QuoteWords } from "./quote-words";

/**
 * The kinds of airport a city lists (src/content/schema.ts's Airport["type"]): a kind the content gains fails to
 * compile in templates/AirportList.tsx until every language names it here.
 */
export type AirportType = "primary" | "alternate" | "backup" | "general aviation" | "commercial";

/** What the coordinators' e-mail may carry, as /privacy/ names it: what it always has, and quote.notice.fields. */
export type NoticeItem = "caseNumber" | "urgency" | "name" | "phone" | "from" | "to" | "preferredDate" | "page" | "mobility" | "equipment" | "notes";

/** A day as /accessibility/ gives it, in words: "November 24, 2026", "24 de noviembre de 2026". */
export interface DayInWords {
  year: number;
  /** The month's name (Messages.document.months). */
  month: string;
  day: number;
}

export interface Messages extends QuoteWords {
  /**
   * Added to the text of a link from a page of this language to a page that exists only in English, after the page
   * is rendered (src/render/translated-links.ts): the one way such a link says so.
   */
  englishOnly: string;
  /** The language's name in itself, as the language switcher shows it: "English", "Español". */
  languageName: string;
  /** The Open Graph locale of this language's pages (og:locale): the site speaks to Florida, so the US variant. */
  ogLocale: string;
  /** The switcher's accessible name, said in the language of the page it leads to. */
  switchTo: string;
  skipLink: string;
  menu: string;
  mainNavigation: string;
  footerNavigation: string;
  breadcrumb: string;
  navigation: {
    home: string;
    cities: string;
    services: string;
    medicalFlights: string;
    internationalAirAmbulance: string;
    procedures: string;
    ourProcedures: string;
    bedsideToBedside: string;
    resources: string;
    forFamilies: string;
    forCaseManagers: string;
    realTimeTracking: string;
    insurance: string;
    about: string;
    contact: string;
    podcast: string;
  };
  footer: {
    about: (facts: { founded: number; city: string; region: string }) => string;
    legal: string;
    privacy: string;
    accessibility: string;
  };
  /** What the phone line speaks, said near the number on this language's pages (undefined: nothing to say). */
  phoneLanguage: (site: { phoneLanguages: readonly string[]; phoneInterpreter: boolean }) => string | undefined;
  call: string;
  /** Before the phone number on a page's share card: "Call (800) 327-3004". */
  cardCall: string;
  callNow: string;
  /** Under a photo, who took it: "Photo: Jane Doe" (the name, like every photo field but alt, is the English file's). */
  photoCredit: (credit: string) => string;
  call247: string;
  /** The label of the fixed call bar on phones, before the number: short enough for one line at 320 px. */
  callBar: string;
  callUsNow: string;
  requestQuote: string;
  getQuote: string;
  requestCallback: string;
  crumbs: { home: string; cities: string };
  home: {
    howWeHelp: string;
    howItWorks: string;
    whatWeCoordinate: string;
    citiesWeServe: string;
    quickFacts: string;
  };
  cities: {
    title: (company: string) => string;
    description: string;
    heading: string;
    lead: string;
    listHeading: string;
    airports: string;
  };
  city: {
    heading: (city: string) => string;
    howItWorks: string;
    airports: string;
    airportsIntro: (city: string) => string;
    pathway: string;
    localOverview: string;
    preFlightChecklist: string;
    returnChecklist: string;
    support: string;
    careTrips: string;
    careTrip: (city: string, destination: string) => string;
    onBoard: string;
    faq: string;
    otherCities: string;
    everyCity: string;
    ctaHeading: (city: string) => string;
    video: (city: string) => string;
  };
  airportType: Record<AirportType, string>;
  destination: {
    crumb: (destinationShort: string) => string;
    route: string;
    departing: (city: string) => string;
    arriving: (destination: string) => string;
    lodging: string;
    goodToKnow: string;
    more: (city: string) => string;
    backToCity: (city: string) => string;
    toOther: (city: string, destinationShort: string) => string;
    ctaHeading: (destination: string) => string;
    video: (destination: string) => string;
  };
  cta: { heading: string; text: (phone: string) => string };
  video: { play: (title: string) => string; note: string };
  contact: {
    waysToReach: string;
    callText: string;
    quoteHeading: string;
    quoteText: string;
    goToForm: string;
    headquarters: string;
    since: (founded: number) => string;
  };
  thankYou: { caseNumber: string; next: string };
  caseManagers: {
    downloads: string;
    downloadsText: string;
    readAsPage: string;
    /** The letter template stays English (it goes to US physicians and insurers): its card on other languages' pages. */
    letter?: { label: string; summary: string };
  };
  document: { updated: (month: string) => string; download: string; travelDay: string; months: readonly string[] };
  notFound: {
    title: (company: string) => string;
    description: string;
    heading: string;
    lead: string;
    episodes: string;
    home: string;
    /** Said on the English 404 page, in this language, with a link to this language's home page. */
    inThisLanguage: string;
  };
  /** /privacy/: the words around the facts the build knows (src/site/privacy-facts.ts). */
  privacy: {
    title: (company: string) => string;
    description: string;
    heading: string;
    lead: string;
    formHeading: string;
    formIntro: string;
    required: string;
    optional: string;
    /** Why the form asks each question. */
    why: Record<Exclude<FieldName, "company">, string>;
    /** What the page adds to a request when it is sent, said as one list. */
    added: (items: string) => string;
    addedItems: readonly string[];
    loadingHeading: string;
    analytics: (measurementId: string) => string;
    noAnalytics: string;
    video: string;
    keptHeading: string;
    intake: (region: string, retentionDays: number) => string;
    endpoint: (origin: string) => string;
    console: string;
    nowhereElse: string;
    readersHeading: string;
    readers: (items: string) => string;
    noticeItems: Record<NoticeItem, string>;
    /** Said when quote.urgent lists on-call phones: what their text message holds. */
    urgentText: string;
    browserHeading: string;
    browser: string;
    copyHeading: string;
    /** Before and after the phone number. */
    copy: readonly [string, string];
  };
  /** /accessibility/: the statement, around what the build knows (the day it was checked, whether there are episodes). */
  accessibility: {
    title: (company: string) => string;
    description: string;
    heading: string;
    lead: (company: string) => string;
    standardHeading: string;
    standard: string;
    checksHeading: string;
    checksIntro: string;
    checks: readonly string[];
    notPublished: string;
    checkedOn: (day: DayInWords) => string;
    limitsHeading: string;
    videoLimit: string;
    episodesLimit: string;
    automatedLimit: string;
    feedbackHeading: string;
    /** Before and after the phone number. */
    feedback: readonly [string, string];
  };
}
