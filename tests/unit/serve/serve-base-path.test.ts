// `flightsite serve --base-path` (issue 27): the site is served under the path it was built for, as CloudFront serves
// a preview; "/" leads there, and nothing outside it is the site.
import { load } from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/serve/serve";
import { formQuote } from "../support/quotes";
import { serveProject } from "../support/serve-project";
import { createTempProject, type TempProject } from "../support/temp-project";

describe("flightsite serve under a base path", () => {
  let project: TempProject;
  let server: DevServer;
  const origin = () => new URL(server.url).origin;
  const get = (pathname: string) => fetch(`${origin()}${pathname}`, { redirect: "manual" });

  beforeAll(async () => {
    project = await createTempProject();
    server = await serveProject(project, { watch: false, basePath: "/previews/pr-42/" });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await project?.remove();
  });

  it("gives the site's address under the base path", () => {
    expect(server.url).toBe(`${origin()}/previews/pr-42/`);
  });

  it("serves the pages and their assets under the base path", async () => {
    const about = await get("/previews/pr-42/about/");
    expect(about.status).toBe(200);
    const $ = load(await about.text());
    const stylesheet = $("link[rel=stylesheet]").attr("href")!;
    expect(stylesheet).toMatch(/^\/previews\/pr-42\/assets\/site\.[A-Z0-9]+\.css$/);
    expect((await get(stylesheet)).status).toBe(200);
    expect((await get("/previews/pr-42/")).status).toBe(200);
  });

  it("redirects the root, and the base path without its slash, to the base path", async () => {
    for (const pathname of ["/", "/previews/pr-42"]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(302);
      expect(response.headers.get("location"), pathname).toBe("/previews/pr-42/");
    }
  });

  it("answers a page's path outside the base path with the 404 page, status 404", async () => {
    const about = await get("/about/");
    expect(about.status).toBe(404);
    expect(load(await about.text())("a[href='/previews/pr-42/']").length).toBeGreaterThan(0);
    expect((await get("/previews/pr-42/nowhere/")).status).toBe(404);
  });

  it("receives quotes at the base path's /api/quote, where the pages' forms post", async () => {
    const page = load(await (await get("/previews/pr-42/contact/")).text());
    expect(page("form").first().attr("action")).toBe("/previews/pr-42/api/quote");
    const response = await fetch(`${origin()}/previews/pr-42/api/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin() },
      body: JSON.stringify(formQuote()),
    });
    expect(response.status).toBe(200);
    expect((await get("/api/quote")).status).toBe(404);
  });
});
