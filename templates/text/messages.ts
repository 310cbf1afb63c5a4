// The words of the templates, one object per language (en.ts, es.ts) of one type: a message missing in a language is
// a type error, not an English sentence on its page. Content text comes from data/; these are the site's own words.
import type { Lang } from "../../src/content/language";
import type { Airport } from "../../src/content/types";

export interface Messages {
  /** The language's name in itself, as the language switcher shows it: "English", "Español". */
  languageName: string;
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
  phoneLanguage: (site: { phoneLanguages: readonly Lang[]; phoneInterpreter: boolean }) => string | undefined;
  call: string;
  /** Before the phone number on a page's share card: "Call (800) 327-3004". */
  cardCall: string;
  callNow: string;
  /** Under a photo, who took it: "Photo: Jane Doe" (the name, like every photo field but alt, is the English file's). */
  photoCredit: (credit: string) => string;
  call247: string;
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
  airportType: Record<Airport["type"], string>;
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
}

/** "primary" → "Primary": a type as its airport list shows it. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
