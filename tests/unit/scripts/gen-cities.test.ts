import path from "node:path";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { generateCities } from "../../../scripts/gen-cities";
import type { City } from "../../../src/content/types";
import { projectRoot } from "../support/site";

describe("npm run gen:cities", () => {
  it.each([1, 2, 3, 4, 50])("links the nearby cities of %i generated cities only to other generated cities", async (count) => {
    const files = await generateCities(count, path.join(projectRoot, "data/cities"));
    const cities = [...files.values()].map((text) => load(text) as City);
    expect(cities).toHaveLength(count);
    const slugs = new Set(cities.map((city) => city.urlSlug));
    expect(slugs.size).toBe(count);
    for (const city of cities) {
      const linked = [city.nearbyCity1, city.nearbyCity2, city.nearbyCity3].flatMap((place) => (place.slug ? [place.slug] : []));
      expect(linked).not.toContain(city.urlSlug);
      for (const slug of linked) expect(slugs.has(slug)).toBe(true);
    }
  });
});
