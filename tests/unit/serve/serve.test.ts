import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { load } from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../../client/messages/en";
import { contentTypeFor } from "../../../src/output/content-types";
import { ContentError } from "../../../src/errors";
import { devClientPath, eventsPath } from "../../../src/serve/dev-client-bundle";
import type { DevServer } from "../../../src/serve/serve";
import { openEventStream, type EventStream } from "../support/event-stream";
import { quotesFileOf, serveProject } from "../support/serve-project";
import { createTempProject, editFile, type TempProject } from "../support/temp-project";
import { sampleDataDir } from "../support/sample-site";
import { diskCardStore, type CardStore } from "../../../src/images/share-cards";

function startServer(project: TempProject, watch: boolean, output: string[] = [], cards?: CardStore): Promise<DevServer> {
  const keep = (text: string) => void output.push(text);
  return serveProject(project, { watch, stdout: keep, stderr: keep, cards });
}

const h1Of = (html: string) => load(html)("h1").first().text();

/** Resolves once `done()` is true, looking every few milliseconds; fails after `timeoutMs`. */
async function until(done: () => boolean, timeoutMs = 15_000): Promise<void> {
  for (const start = Date.now(); !done(); await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (Date.now() - start > timeoutMs) throw new Error(`not done within ${timeoutMs} ms`);
  }
}

describe("flightsite serve", () => {
  let project: TempProject;
  let server: DevServer;
  const url = (pathname: string) => new URL(pathname, server.url).href;

  beforeAll(async () => {
    project = await createTempProject({ data: sampleDataDir });
    server = await startServer(project, false);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await project?.remove();
  });

  it("serves the home page and a city page with status 200, from index.html", async () => {
    const home = await fetch(url("/"));
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const naples = await fetch(url("/naples/"));
    expect(naples.status).toBe(200);
    expect(h1Of(await naples.text())).toBe("Medical Flights in Naples, Florida");
  });

  it("listens on the address it is given and names it in its URL", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it("redirects a page URL without its trailing slash to the URL with it, keeping the query", async () => {
    const response = await fetch(url("/naples/flights-to-md-anderson-houston?utm_source=mail"), { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/naples/flights-to-md-anderson-houston/?utm_source=mail");
  });

  it("answers an unknown path with the 404 page and status 404", async () => {
    for (const pathname of ["/no-such-page/", "/no-such-page", "/assets/missing.js", "/naples/nope/"]) {
      const response = await fetch(url(pathname));
      expect(response.status, pathname).toBe(404);
      expect(h1Of(await response.text()), pathname).toBe("Page Not Found");
    }
  });

  it("does not serve files outside the output folder", async () => {
    const response = await fetch(url("/%2e%2e/data/site.yaml"));
    expect(response.status).toBe(404);
  });

  it("sends each kind of file with its Content-Type", async () => {
    const home = load(await (await fetch(url("/"))).text());
    const css = home("link[rel=stylesheet]").attr("href")!;
    const js = home("script[type=module]").attr("src")!;
    const expected: Record<string, string> = {
      [css]: "text/css; charset=utf-8",
      [js]: "text/javascript; charset=utf-8",
      "/sitemap.xml": "application/xml",
      "/robots.txt": "text/plain; charset=utf-8",
      "/favicon.svg": "image/svg+xml",
    };
    for (const [pathname, type] of Object.entries(expected)) {
      const response = await fetch(url(pathname));
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get("content-type"), pathname).toBe(type);
    }
  });

  it("names the Content-Type of feeds and downloads the same way S3 must store them", () => {
    expect(contentTypeFor("podcast/feed.xml")).toBe("application/rss+xml");
    expect(contentTypeFor("sitemap.xml")).toBe("application/xml");
    expect(contentTypeFor("downloads/pre-flight-checklist.pdf")).toBe("application/pdf");
    expect(contentTypeFor("downloads/letter.docx")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
  });

  it("decides by the file's own name each time, though it remembers each extension's type", () => {
    expect(contentTypeFor("sitemap.xml")).toBe("application/xml");
    expect(contentTypeFor("podcast/FEED.XML")).toBe("application/rss+xml");
    expect(contentTypeFor("naples/index.html")).toBe("text/html; charset=utf-8");
    expect(contentTypeFor("NAPLES/INDEX.HTML")).toBe("text/html; charset=utf-8");
    expect(contentTypeFor("robots.txt")).toBe("text/plain; charset=utf-8");
    expect(contentTypeFor("site.webmanifest")).toBe("application/manifest+json; charset=utf-8");
    expect(contentTypeFor("LICENSE")).toBe("application/octet-stream");
  });

  it("adds no reload script when it is not watching", async () => {
    const html = await (await fetch(url("/"))).text();
    expect(html).not.toContain(devClientPath);
    expect((await fetch(url(eventsPath))).status).toBe(404);
  });

  it("points the site's quote forms at its own receiver when site.yaml names none", async () => {
    const contact = load(await (await fetch(url("/contact/"))).text());
    expect(contact("form.quote-form").attr("action")).toBe("/api/quote");
    expect(await readFile(path.join(project.dataDir, "site.yaml"), "utf8")).toContain("quote: {}");
  });

  it("receives a quote at /api/quote and appends it to the NDJSON file before answering", async () => {
    const quote = {
      full_name: "Ann Lee", phone: "(555) 123-4567", email: "", from_location: "Naples, FL", to_location: "Houston, TX",
      preferred_date: "", urgency: "Today", mobility: "Stretcher", equipment: [], notes: "", consent: true,
      page_url: url("/naples/"), page_title: "Naples", city_slug: "naples", destination_slug: "", source_slot: "inline",
      utm_source: "", utm_medium: "", utm_campaign: "", device: "desktop", case_id: "AF12345678WXYZ", timestamp: "2025-09-07T14:30:00.000Z",
    };
    const own = { "Content-Type": "application/json", Origin: new URL(url("/")).origin };
    const elsewhere = await fetch(url("/api/quote"), { method: "POST", headers: { ...own, Origin: "https://evil.example" }, body: JSON.stringify(quote) });
    expect(elsewhere.status, "issue 25: only from the server's own address").toBe(403);
    const response = await fetch(url("/api/quote"), { method: "POST", headers: own, body: JSON.stringify(quote) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, case_id: "AF12345678WXYZ" });
    const lines = (await readFile(quotesFileOf(project), "utf8")).trimEnd().split("\n");
    // A quote that names no language (a page from before the form said it) is stored as English (issue 29).
    // The intake adds the consent's words and the time it received the quote (issue 39).
    expect(JSON.parse(lines.at(-1)!)).toEqual({ ...quote, lang: "en", consent_text: en.quoteForm.consent, received: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it("answers 400, 405 and 413 from the receiver over HTTP, and takes localhost for its own address", async () => {
    const headers = { "Content-Type": "application/json", Origin: new URL(url("/")).origin };
    const invalid = await fetch(url("/api/quote"), { method: "POST", headers, body: "{" });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ errors: { body: "is not valid JSON; send the quote as a JSON object" } });
    expect((await fetch(url("/api/quote"))).status).toBe(405);
    const large = await fetch(url("/api/quote"), { method: "POST", headers, body: "x".repeat(40 * 1024) });
    expect(large.status).toBe(413);
    const port = new URL(url("/")).port;
    const viaLocalhost = await fetch(url("/api/quote"), { method: "POST", headers: { ...headers, Origin: `http://localhost:${port}` }, body: "{" });
    expect(viaLocalhost.status).toBe(400);
  });

  it("refuses to start without --watch when the content has a mistake", async () => {
    const broken = await createTempProject({ data: sampleDataDir });
    try {
      await editFile(path.join(broken.dataDir, "cities/naples.yaml"), /^cityName: Naples$/m, 'cityName: ""');
      await expect(startServer(broken, false)).rejects.toBeInstanceOf(ContentError);
    } finally {
      await broken.remove();
    }
  }, 60_000);
});

describe("flightsite serve --watch", () => {
  let project: TempProject;
  let server: DevServer;
  let events: EventStream;
  const output: string[] = [];
  const url = (pathname: string) => new URL(pathname, server.url).href;
  const naplesFile = () => path.join(project.dataDir, "cities/naples.yaml");

  beforeAll(async () => {
    project = await createTempProject({ data: sampleDataDir });
    // A card store of its own, empty: a save's new cards are never found drawn, whatever ran before on this machine.
    server = await startServer(project, true, output, diskCardStore(project.root));
    events = await openEventStream(url(eventsPath));
  }, 60_000);
  afterAll(async () => {
    events?.close();
    await server?.close();
    await project?.remove();
  });

  it("adds the reload script to the pages it sends, and never to the files it writes", async () => {
    const html = await (await fetch(url("/naples/"))).text();
    expect(load(html)(`script[src='${devClientPath}']`)).toHaveLength(1);
    expect(await readFile(path.join(project.outDir, "naples/index.html"), "utf8")).not.toContain("__flightsite");
    const script = await fetch(url(devClientPath));
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toContain("/__flightsite/events");
  });

  it("rewrites a city's pages when its file changes, reloads open pages, and says what it did", async () => {
    events.clear();
    output.length = 0;
    await editFile(naplesFile(), /^cityName: Naples$/m, "cityName: Naples Bay");
    await events.take("reload");

    expect(h1Of(await readFile(path.join(project.outDir, "naples/index.html"), "utf8"))).toBe("Medical Flights in Naples Bay, Florida");
    expect(h1Of(await (await fetch(url("/naples/"))).text())).toBe("Medical Flights in Naples Bay, Florida");
    expect(await (await fetch(url("/cities/"))).text()).toContain("Naples Bay");
    // Its pages and the two lists of cities, in English and in Spanish (the Spanish pages name the city as the English
    // do), and the share cards of its destination pages in both languages, whose titles name the city (issue 30): the
    // old ones removed with the pages; the new ones, drawn meanwhile, put in by a rebuild of their own that reloads
    // nothing (issue 38: the page is served at once, its card follows).
    await until(() => output.length >= 2);
    expect(output.join("")).toMatch(
      /^flightsite: data\/cities\/naples\.yaml changed; 10 pages and 4 other files rewritten in \d+ ms\nflightsite: share cards drawn; 0 pages and 4 other files rewritten in \d+ ms\n$/,
    );
    await expect(events.take("reload", 200), "one reload, for the pages").rejects.toThrow(/no "reload" event/);
  }, 30_000);

  it("rewrites only the pages whose content changed", async () => {
    const before = await pageTimes(project.outDir);
    events.clear();
    await editFile(naplesFile(), /^localCareOverview: .*$/m, "localCareOverview: >-\n  Naples has oncology practices close to home. Edited.");
    await events.take("reload");
    const after = await pageTimes(project.outDir);
    const rewritten = [...after].filter(([file, time]) => before.get(file) !== time).map(([file]) => file);
    expect(rewritten).toEqual(["naples/index.html"]);
  }, 30_000);

  it("shows a content mistake with its place, keeps serving the last good page, and clears it once fixed", async () => {
    events.clear();
    output.length = 0;
    const text = await readFile(naplesFile(), "utf8");
    const line = text.split("\n").findIndex((l) => l.startsWith("cityName:")) + 1;
    await editFile(naplesFile(), /^cityName: Naples Bay$/m, 'cityName: ""');
    const problem = await events.take("problem");

    expect(problem.data.message).toContain(`data/cities/naples.yaml:${line}:11 cityName: must not be empty`);
    expect(output.join("")).toContain(`data/cities/naples.yaml:${line}:11 cityName: must not be empty`);
    expect(output.join("")).toContain("Still serving the last good build.");
    const page = await fetch(url("/naples/"));
    expect(page.status).toBe(200);
    expect(h1Of(await page.text())).toBe("Medical Flights in Naples Bay, Florida");

    // A page opened while the mistake is there hears about it at once.
    const late = await openEventStream(url(eventsPath));
    try {
      expect((await late.take("problem")).data.message).toContain("cityName: must not be empty");
    } finally {
      late.close();
    }

    await editFile(naplesFile(), /^cityName: ""$/m, "cityName: Naples");
    await events.take("ok");
    await events.take("reload");
    expect(h1Of(await (await fetch(url("/naples/"))).text())).toBe("Medical Flights in Naples, Florida");
  }, 30_000);

  // The city page's heading is an interface word (client/messages/en.ts, issues 29 and 37): a template change.
  it("re-renders pages with fresh template code when a template changes", async () => {
    events.clear();
    await editFile(path.join(project.root, "client/messages/en.ts"), "`Medical Flights in ${city}, Florida`", "`Medical Flights from ${city}, Florida`");
    await events.take("reload");
    expect(h1Of(await (await fetch(url("/naples/"))).text())).toBe("Medical Flights from Naples, Florida");
  }, 30_000);

  it("shows a template's syntax error with its place, and clears it once fixed", async () => {
    const template = path.join(project.root, "client/messages/en.ts");
    events.clear();
    await editFile(template, "`Medical Flights from ${city}, Florida`", "`Medical Flights from ${city, Florida`");
    const problem = await events.take("problem");
    expect(problem.data.message).toMatch(/client\/messages\/en\.ts:\d+:\d+ /);
    expect(h1Of(await (await fetch(url("/naples/"))).text())).toBe("Medical Flights from Naples, Florida");

    await editFile(template, "`Medical Flights from ${city, Florida`", "`Medical Flights in ${city}, Florida`");
    await events.take("ok");
    await events.take("reload");
    expect(h1Of(await (await fetch(url("/naples/"))).text())).toBe("Medical Flights in Naples, Florida");
  }, 30_000);

  it("rebundles the stylesheet when it changes, points every page at the new file and removes the old one", async () => {
    const oldCss = load(await (await fetch(url("/"))).text())("link[rel=stylesheet]").attr("href")!;
    events.clear();
    const stylesheet = path.join(project.root, "templates/styles/site.css");
    await readFile(stylesheet, "utf8").then((css) => editFile(stylesheet, css, `${css}\n.test-only-rule { color: #123456; }\n`));
    await events.take("reload");

    const newCss = load(await (await fetch(url("/"))).text())("link[rel=stylesheet]").attr("href")!;
    expect(newCss).not.toBe(oldCss);
    expect(await (await fetch(url(newCss))).text()).toContain("#123456");
    expect((await fetch(url(oldCss))).status).toBe(404);
    expect(load(await readFile(path.join(project.outDir, "naples/index.html"), "utf8"))("link[rel=stylesheet]").attr("href")).toBe(newCss);
  }, 30_000);

  it("turns a burst of saves into one rebuild", async () => {
    events.clear();
    output.length = 0;
    await Promise.all(
      ["naples", "sarasota", "estero"].map((slug) =>
        // The first entry's words, not the number of entries: the Spanish list stays as long, so the translation
        // stays complete (its field is reported as behind the English) and each city's Spanish pages stay as they were.
        editFile(path.join(project.dataDir, `cities/${slug}.yaml`), /^supportDirectory:\n  - "/m, 'supportDirectory:\n  - "Burst test: '),
      ),
    );
    await events.take("reload");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(output.filter((line) => line.includes("changed;"))).toHaveLength(1);
    expect(output.join("")).toMatch(/and 1 more changed; 3 pages rewritten/);
  }, 30_000);
});

/** Modification times of every page in the output folder. */
async function pageTimes(outDir: string): Promise<Map<string, number>> {
  const { stat } = await import("node:fs/promises");
  const names = (await readdir(outDir, { recursive: true })).filter((name) => name.endsWith(".html")).sort();
  const times = new Map<string, number>();
  for (const name of names) times.set(name.split(path.sep).join("/"), (await stat(path.join(outDir, name))).mtimeMs);
  return times;
}
