import { hash } from "node:crypto";
import type { AssetUrls, Route, SiteContent } from "../content/types";

/**
 * The content every page may read without declaring it: the site settings, city-common.yaml and the destinations
 * (tests/unit/site/made-from.test.tsx holds every route to its declaration and these).
 */
export const sharedContent = ["site", "cityCommon", "destinations"] as const;

/**
 * What every route may use, as a short text for routeKey's `common`: the id of the code that renders, and a hash of
 * the shared content (sharedContent) and the assets' names.
 */
export function sharedInputs(codeId: string, content: SiteContent, assets: AssetUrls): string {
  // Hashed once here rather than fed whole into every route's hash: it is tens of KB, and there are 30,000 routes.
  const digest = hash("sha1", JSON.stringify([...sharedContent.map((name) => content[name]), assets]), "base64url");
  return `${codeId}\n${digest}\n`;
}

/**
 * What a route's output depends on, hashed: `common` (sharedInputs) and what the page is made from (its
 * `madeFrom`, or else its props; the whole route for files that are not pages). Functions in props count by name:
 * React elements passed as props carry their component as `type`. Equal keys give equal bytes.
 */
export function routeKey(route: Route, common: string): string {
  // One text hashed in one call: a hash object per route cost more than the hashing (30,000 routes).
  let text = common;
  // A page in another language links to the pages of that language there are: its bytes change with them.
  if (route.kind === "page" && route.translated) text += `${route.translated.lang} ${route.translated.digest}\n`;
  if (route.kind === "page") for (const body of route.translatedBodies ?? []) text += `body ${body.lang} ${body.digest}\n`;
  if (route.kind === "page" && route.madeFrom !== undefined) {
    text += `${route.pageKind} ${route.file}\n`;
    // A city is what three pages are made from: its text is made once, not once per page.
    for (const [name, value] of Object.entries(route.madeFrom)) text += `${name}=${textOf(value)}\n`;
  } else if (route.kind === "page") {
    text += functionName(route.element.type) + JSON.stringify(route.element.props, plainValue);
  } else {
    text += JSON.stringify(route, plainValue);
  }
  return hash("sha1", text, "base64url");
}

// --- internal ---

/** A value of `madeFrom` as text: an object by its digest, an array item by item (a page's other cities). */
function textOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(textOf).join(",")}]`;
  return value !== null && typeof value === "object" ? digestOf(value) : JSON.stringify(value);
}

const digests = new WeakMap<object, string>();

/**
 * A hash of the JSON of content that is never changed once validated, made once per object: a city's three pages
 * hash its digest, not its text three times. (A digest is short: remembering every city's is no copy of the site.)
 */
function digestOf(value: object): string {
  let digest = digests.get(value);
  if (digest === undefined) digests.set(value, (digest = hash("sha1", JSON.stringify(value), "base64url")));
  return digest;
}

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
