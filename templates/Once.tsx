import { createContext, useContext, type ComponentType } from "react";

/**
 * Markup the same on many pages (the header, the footer, the quote forms), rendered once per build instead of once
 * per page. The renderer (src/render/render-route.ts) provides a SharedParts; without one, as in a test rendering a
 * template alone, Once renders its component in place. Either way the page's bytes are the same.
 */
export interface SharedParts {
  /** A placeholder for `component` with `props`, whose markup is spliced in after the page is rendered. */
  placeholder(component: ComponentType<never>, props: object): number;
}

export const SharedPartsContext = createContext<SharedParts | null>(null);

export interface OnceProps<P extends object> {
  component: ComponentType<P>;
  /** Everything the component shows: equal props (as JSON) give equal markup, so they are rendered once. */
  props: P;
}

/** `component` rendered with `props`, once per build for all the pages that show it with the same props. */
export function Once<P extends object>({ component: Component, props }: OnceProps<P>) {
  const shared = useContext(SharedPartsContext);
  if (!shared) return <Component {...props} />;
  return <template data-shared-part={shared.placeholder(Component as ComponentType<never>, props)} />;
}
