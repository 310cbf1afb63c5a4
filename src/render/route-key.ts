import { createHash } from "node:crypto";
import type { Route } from "../content/types";

/**
 * What a route's output depends on, hashed: `common` (the id of the code that renders, and the site settings, which
 * every route may use) and the props of the page (or the whole route, for files that are not pages). Functions in
 * props count by name: React elements passed as props carry their component as `type`. Equal keys give equal bytes.
 */
export function routeKey(route: Route, common: string): string {
  const hash = createHash("sha1").update(common);
  if (route.kind === "page") {
    hash.update(functionName(route.element.type));
    hash.update(JSON.stringify(route.element.props, plainValue));
  } else {
    hash.update(JSON.stringify(route, plainValue));
  }
  return hash.digest("base64url");
}

// --- internal ---

function plainValue(_key: string, value: unknown): unknown {
  if (typeof value === "function") return `function ${functionName(value)}`;
  if (value instanceof Map) return [...value];
  if (value instanceof Set) return [...value];
  return value;
}

/** A component's name ("CityPage"), or the tag of a plain element ("div"). */
function functionName(value: unknown): string {
  return typeof value === "function" ? value.name : String(value);
}
