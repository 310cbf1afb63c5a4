// A route table with one change an editor might make: each city's page also shows the airports of its nearby cities
// (the template), and declares that it is made from those cities (`madeFrom.cities`, the declaration). Nothing else
// is told: the keys, the dev server's fast path and the build cache follow the declaration.
import { cityRoutes, createRoutes, listedCity } from "../../../src/site/routes";
import { lazyPage, page } from "../../../src/site/page-route";
import { ownerOf } from "../../../src/site/made-from";
import { renderNonPage, renderPage } from "../../../src/render/render-route";
import type { RendererSource } from "../../../src/engine/engine-parts";
import type { Renderer } from "../../../src/render/renderer-bundle";
import type { City, Route, SiteContent } from "../../../src/content/types";

/** The renderer of that route table; `declared: false` changes the template alone and leaves the declaration out. */
export function nearbyAirportsRenderer(id: string, { declared = true } = {}): RendererSource {
  const withNearby = (content: SiteContent, route: Route): Route => {
    const city = ownerOf(route);
    if (!city || route.kind !== "page" || route.pageKind !== "city") return route;
    const nearby = nearbyCities(content, city);
    const madeFrom = declared ? { ...route.madeFrom, cities: nearby } : route.madeFrom!;
    return lazyPage("city", route.url, madeFrom, () => page("city", route.url, <NearbyAirports page={route.element} nearby={nearby} />));
  };
  const renderer: Renderer = {
    id,
    createRoutes: (content, assets, downloads) => createRoutes(content, assets, downloads).map((route) => withNearby(content, route)),
    cityRoutes: (content, assets, city) => cityRoutes(content, assets, city).map((route) => withNearby(content, route)),
    listedCity,
    renderPage,
    renderNonPage,
  };
  return { load: async () => renderer, templateError: (error) => error };
}

/** The cities with pages that `city` names as nearby. */
export function nearbyCities(content: SiteContent, city: City): City[] {
  const slugs = [city.nearbyCity1, city.nearbyCity2, city.nearbyCity3].map((place) => place.slug);
  return content.cities.filter((other) => slugs.includes(other.urlSlug));
}

function NearbyAirports({ page, nearby }: { page: Route extends infer R ? (R extends { element: infer E } ? E : never) : never; nearby: City[] }) {
  return (
    <>
      {page}
      <template data-nearby-airports={nearby.flatMap((city) => city.airports.map((airport) => airport.name)).join("; ")} />
    </>
  );
}
