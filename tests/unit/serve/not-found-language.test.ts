// Issue 29: a missing page under /es/ is answered with the Spanish 404 page, as the dev server and `check` serve dist/.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveBuiltSite } from "../../../src/serve/site-files";

describe("the 404 page of a language", () => {
  let outDir: string;
  let site: { origin: string; close(): Promise<void> };
  const get = async (pathname: string) => {
    const response = await fetch(`${site.origin}${pathname}`);
    return { status: response.status, text: await response.text() };
  };

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), "flightsite-404-"));
    await mkdir(path.join(outDir, "es", "about"), { recursive: true });
    await writeFile(path.join(outDir, "404.html"), "<!DOCTYPE html><html lang=en><title>Page Not Found</title></html>");
    await writeFile(path.join(outDir, "es", "404.html"), "<!DOCTYPE html><html lang=es><title>Página no encontrada</title></html>");
    await writeFile(path.join(outDir, "es", "about", "index.html"), "<!DOCTYPE html><html lang=es><title>Acerca</title></html>");
    site = await serveBuiltSite(outDir);
  });
  afterAll(async () => {
    await site?.close();
    await rm(outDir, { recursive: true, force: true });
  });

  it("answers a missing path under /es/ with es/404.html, status 404", async () => {
    for (const pathname of ["/es/nowhere/", "/es/naples/nope/", "/es/missing.pdf"]) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBe(404);
      expect(answer.text, pathname).toContain("Página no encontrada");
    }
  });

  it("answers other missing paths with 404.html, and serves the Spanish pages there are", async () => {
    for (const pathname of ["/nowhere/", "/esperanza/", "/about/es/"]) expect((await get(pathname)).text, pathname).toContain("Page Not Found");
    expect(await get("/es/about/")).toEqual({ status: 200, text: expect.stringContaining("Acerca") });
  });
});
