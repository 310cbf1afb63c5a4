import type { ShareCard } from "../../../src/content/types";

/** A share card with `title` and made-up company details, as the images tests draw it. */
export const cardTitled = (title: string): ShareCard => ({
  file: "assets/cards/naples.AAAAAAAA.png",
  imageUrl: "https://www.example.org/assets/cards/naples.AAAAAAAA.png",
  alt: title,
  title,
  companyName: "Florida Medical Flights",
  phone: "(877) 555-0100",
  call: "Call",
});
