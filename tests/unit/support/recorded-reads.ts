// A recording view of the content (issue 37, item 5): the same content behind Proxies that note each value read, by
// its path ("cities[naples].faqs[0].question", "translations.es.destinations[md-anderson].intro"). A city, destination,
// page or episode is named by its slug (or path) rather than its index, so that a read names what it depends on.
// Routes made from the view capture the views, so what a page reads while it is made and rendered is noted too.
import type { SiteContent } from "../../../src/content/types";

export interface RecordingContent {
  /** The content to make routes from: every object in it is a recording view. */
  content: SiteContent;
  /** The paths read since the last call, each once, in the order first read. */
  takeReads(): string[];
  /** The path of a recording view (a city as "cities[naples]"), or undefined for any other value. */
  pathOf(value: unknown): string | undefined;
}

/** `content` behind a recording view. Reads are noted only from the first takeReads() on (not while routes are made). */
export function recordingContent(content: SiteContent): RecordingContent {
  const paths = new WeakMap<object, string>();
  const views = new WeakMap<object, object>();
  let reads = new Set<string>();
  let recording = false;
  const note = (path: string) => {
    if (recording) reads.add(path);
  };

  const view = <T>(value: T, path: string): T => {
    if (value === null || typeof value !== "object") return value;
    const target = value as object;
    // Content is plain data (objects, arrays, Maps); anything else is passed as it is.
    if (!Array.isArray(target) && !(target instanceof Map) && Object.getPrototypeOf(target) !== Object.prototype) return value;
    let proxy = views.get(target);
    if (!proxy) {
      proxy = target instanceof Map ? mapView(target, path) : objectView(target, path);
      views.set(target, proxy);
      paths.set(proxy, path);
    }
    return proxy as T;
  };

  const objectView = (target: object, path: string): object =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value: unknown = Reflect.get(object, key, receiver);
        if (typeof key === "symbol" || typeof value === "function") return value;
        const child = Array.isArray(object) ? itemPath(path, object, key) : `${path}.${key}`;
        // An object is noted when something of it is read; a value, or a list's length, when it is read.
        if (value === null || typeof value !== "object") note(child);
        return view(value, child);
      },
      has(object, key) {
        if (typeof key === "string") note(Array.isArray(object) ? itemPath(path, object, key) : `${path}.${key}`);
        return Reflect.has(object, key);
      },
      ownKeys(object) {
        note(`${path}.*`);
        return Reflect.ownKeys(object);
      },
    });

  // A Map's methods run on the Map itself (a Proxy of a Map has none of its slots): what they give is viewed in turn.
  const mapView = (target: Map<unknown, unknown>, path: string): object =>
    new Proxy(target, {
      get(map, key) {
        const entry = (name: unknown) => `${path}[${String(name)}]`;
        switch (key) {
          case "get":
            return (name: unknown) => {
              const value = map.get(name);
              note(entry(name));
              return view(value, entry(name));
            };
          case "has":
            return (name: unknown) => {
              note(entry(name));
              return map.has(name);
            };
          case "size":
            note(`${path}.*`);
            return map.size;
          default: {
            // keys, values, entries, forEach, iteration: the whole Map is read.
            note(`${path}.*`);
            const value: unknown = Reflect.get(map, key, map);
            return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(viewedMap(map, path)) : value;
          }
        }
      },
    });

  // A copy of a Map whose values are views, for iterating over it.
  const viewedMap = (map: Map<unknown, unknown>, path: string) =>
    new Map([...map].map(([name, value]) => [name, view(value, `${path}[${String(name)}]`)]));

  return {
    content: view(content, "content") as SiteContent,
    takeReads() {
      recording = true;
      const taken = [...reads].map((read) => read.replace(/^content\./, ""));
      reads = new Set();
      return taken;
    },
    pathOf: (value) => (value !== null && typeof value === "object" ? paths.get(value)?.replace(/^content\./, "") : undefined),
  };
}

/**
 * The piece of content a read is of: a city, destination, page or episode ("cities[naples]"), else a file's whole
 * content ("site", "home", "documents", "translations.es.site").
 */
export function pieceOf(read: string): string {
  return /^(?:translations\.\w+\.)?\w+(?:\[[^\]]*\])?/.exec(read)?.[0] ?? read;
}

/** Whether `read` is `path` or something in it. */
export function isWithin(read: string, path: string): boolean {
  return read === path || read.startsWith(`${path}.`) || read.startsWith(`${path}[`);
}

// --- internal ---

/** An item of a list by its slug or path when it has one (a city, a destination, a page, an episode), else its index. */
function itemPath(path: string, list: unknown[], key: string): string {
  if (!/^\d+$/.test(key)) return `${path}.${key}`;
  const item = list[Number(key)] as { urlSlug?: unknown; slug?: unknown; path?: unknown } | undefined;
  const name = item && typeof item === "object" ? (item.urlSlug ?? item.slug ?? item.path) : undefined;
  return typeof name === "string" ? `${path}[${name}]` : `${path}[${key}]`;
}
