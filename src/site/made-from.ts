// What a route declares it is made from (MadeFrom, in src/content/types.ts), read the one way every user reads it.
import type { City, Route } from "../content/types";

/** The city whose page `route` is (`madeFrom.city`), if any: its pages are created together (cityRoutes). */
export function ownerOf(route: Route): City | undefined {
  return route.kind === "page" ? route.madeFrom?.city : undefined;
}

/** Every city `route` declares it is made from: its own and the others it shows something of. */
export function citiesReadBy(route: Route): City[] {
  if (route.kind !== "page" || !route.madeFrom) return [];
  const { city, cities = [] } = route.madeFrom;
  return city ? [city, ...cities] : [...cities];
}
