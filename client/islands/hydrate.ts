import { h, hydrate, type ComponentType } from "preact";
import { islands, type IslandName } from "./index";

/** Brings each server-rendered [data-island] element to life with the same component and props. */
export function hydrateIslands(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-island]")) {
    const Component = islands[element.dataset.island as IslandName] as ComponentType<object> | undefined;
    if (Component) hydrate(h(Component, JSON.parse(element.dataset.props ?? "{}") as object), element);
  }
}
