// The Eleventy comparison site of scripts/bench-eleventy.ts: Nunjucks templates in src/, data from flightsite's own
// data/ folder (src/_data/flightsite.js, written by the benchmark with the folder's path).
import { fillCity } from "./site-data.js";

export default function (eleventyConfig) {
  // Escape what the data says, as React does for flightsite; markup from the data is marked `| safe` where used.
  eleventyConfig.setNunjucksEnvironmentOptions({ autoescape: true });
  eleventyConfig.addFilter("fillCity", fillCity);
}

export const config = {
  dir: { input: "src", output: "_site" },
  templateFormats: ["njk"],
};
