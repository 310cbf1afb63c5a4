// The shared navigation of spec §2. URLs follow the site's trailing-slash policy (src/content/urls.ts); the labels are
// each language's (client/messages/), and on a page in another language the links lead to its pages where they exist
// (src/render/translated-links.ts).
import type { Lang } from "../src/content/language";
import { textFor, type Messages } from "./text";

export interface NavLink {
  label: string;
  href: string;
  /** The language of a page that is English only, said on the link from a page in another language. */
  hreflang?: Lang;
}
export interface NavGroup {
  label: string;
  links: NavLink[];
}
export type NavItem = NavLink | NavGroup;

type Label = keyof Messages["navigation"];
type Item = { label: Label; href: string } | { label: Label; links: { label: Label; href: string }[] };

const items: Item[] = [
  { label: "home", href: "/" },
  { label: "cities", href: "/cities/" },
  {
    label: "services",
    links: [
      { label: "medicalFlights", href: "/services/medical-flights/" },
      { label: "internationalAirAmbulance", href: "/services/international-air-ambulance/" },
    ],
  },
  {
    label: "procedures",
    links: [
      { label: "ourProcedures", href: "/procedures/" },
      { label: "bedsideToBedside", href: "/procedures/bedside-to-bedside/" },
    ],
  },
  {
    label: "resources",
    links: [
      { label: "forFamilies", href: "/for-families/" },
      { label: "forCaseManagers", href: "/for-case-managers/" },
      { label: "realTimeTracking", href: "/technology/real-time-tracking/" },
      { label: "insurance", href: "/insurance/" },
    ],
  },
  { label: "about", href: "/about/" },
  { label: "contact", href: "/contact/" },
  { label: "podcast", href: "/podcast/" },
];

/** The podcast is in English only: in another language its link says so, in words and in hreflang. */
const englishOnly = new Set(["/podcast/"]);

/** The main navigation with the labels of `lang`. */
export function navigationFor(lang: Lang): NavItem[] {
  const words = textFor(lang).navigation;
  const link = ({ label, href }: { label: Label; href: string }): NavLink =>
    lang !== "en" && englishOnly.has(href) ? { label: words[label], href, hreflang: "en" } : { label: words[label], href };
  return items.map((item) => ("links" in item ? { label: words[item.label], links: item.links.map(link) } : link(item)));
}

/** The main navigation in English. */
export const mainNavigation: NavItem[] = navigationFor("en");

export const isGroup = (item: NavItem): item is NavGroup => "links" in item;

/** Whether `url` is one of the main navigation's links (the header marks it as the current page). */
export function inMainNavigation(url: string): boolean {
  return mainNavigation.some((item) => ("links" in item ? item.links.some((link) => link.href === url) : item.href === url));
}
