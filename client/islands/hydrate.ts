import { h, hydrate, type ComponentType } from "preact";
import { islands, type IslandName } from "./index";

/** Brings each server-rendered [data-island] element to life with the same component and props. */
export function hydrateIslands(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-island]")) {
    const Component = islands[element.dataset.island as IslandName] as ComponentType<object> | undefined;
    if (!Component) continue;
    try {
      hydrate(h(Component, JSON.parse(element.dataset.props ?? "{}") as object), element);
    } catch (error) {
      // The server-rendered markup stays on the page (and the phone number with it); the other islands still start.
      console.error(`Unexpected Application Error! The ${element.dataset.island} could not start.`, error);
    }
  }
}
