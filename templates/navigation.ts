// The shared navigation of spec §2. URLs follow the site's trailing-slash policy (src/content/urls.ts).

export interface NavLink {
  label: string;
  href: string;
}
export interface NavGroup {
  label: string;
  links: NavLink[];
}
export type NavItem = NavLink | NavGroup;

export const mainNavigation: NavItem[] = [
  { label: "Home", href: "/" },
  { label: "Cities", href: "/cities/" },
  {
    label: "Services",
    links: [
      { label: "Medical Flights", href: "/services/medical-flights/" },
      { label: "International Air Ambulance", href: "/services/international-air-ambulance/" },
    ],
  },
  {
    label: "Procedures",
    links: [
      { label: "Our Procedures", href: "/procedures/" },
      { label: "Bedside to Bedside", href: "/procedures/bedside-to-bedside/" },
    ],
  },
  {
    label: "Resources",
    links: [
      { label: "For Families", href: "/for-families/" },
      { label: "For Case Managers", href: "/for-case-managers/" },
      { label: "Real-Time Tracking", href: "/technology/real-time-tracking/" },
      { label: "Insurance", href: "/insurance/" },
    ],
  },
  { label: "About", href: "/about/" },
  { label: "Contact", href: "/contact/" },
  { label: "Podcast", href: "/podcast/" },
];

export const isGroup = (item: NavItem): item is NavGroup => "links" in item;

/** Whether `url` is one of the main navigation's links (the header marks it as the current page). */
export function inMainNavigation(url: string): boolean {
  return mainNavigation.some((item) => ("links" in item ? item.links.some((link) => link.href === url) : item.href === url));
}
