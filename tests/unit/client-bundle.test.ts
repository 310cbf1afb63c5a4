import { describe, expect, it } from "vitest";
import { bundleClient } from "../../src/build/client-bundle";
import { projectRoot } from "./support/site";

describe("the browser bundle", () => {
  it("stays within its gzip budgets: 3 KB on every page, 12 KB on a page with a quote form", async () => {
    const { javascriptGzip } = await bundleClient({ root: projectRoot });
    expect(javascriptGzip.everyPage).toBeLessThanOrEqual(3 * 1024);
    expect(javascriptGzip.withForm).toBeLessThanOrEqual(12 * 1024);
    expect(javascriptGzip.withForm).toBeGreaterThan(javascriptGzip.everyPage);
  });

  it("carries Preact, not React, and nothing a strict Content-Security-Policy would block", async () => {
    const { files } = await bundleClient({ root: projectRoot });
    const javascript = files.filter((f) => f.file.endsWith(".js")).map((f) => new TextDecoder().decode(f.contents as Uint8Array)).join("\n");
    expect(javascript).not.toMatch(/react-dom|__SECRET_INTERNALS|react\.production/);
    expect(javascript).not.toMatch(/\beval\(|new Function\(/);
    expect(files.every((f) => f.file.startsWith("assets/"))).toBe(true);
  });
});
