import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "../../../client/messages/en";
import { es } from "../../../client/messages/es";
import { budgets } from "../../../src/check/budgets";
import { bundleClient } from "../../../src/engine/client-bundle";
import { TemplateError } from "../../../src/errors";
import { projectRoot } from "../support/site";

describe("the browser bundle", () => {
  it("stays within its gzip budgets: 3 KB on every page, 12 KB on a page with a quote form", async () => {
    const { javascriptGzip } = await bundleClient({ root: projectRoot });
    expect(javascriptGzip.everyPage).toBeLessThanOrEqual(3 * 1024);
    expect(javascriptGzip.withForm).toBeLessThanOrEqual(budgets.javascriptWithForm);
    expect(javascriptGzip.withForm).toBeGreaterThan(javascriptGzip.everyPage);
  });

  it("carries Preact, not React, and nothing a strict Content-Security-Policy would block", async () => {
    const { files } = await bundleClient({ root: projectRoot });
    const javascript = files.filter((f) => f.file.endsWith(".js")).map((f) => new TextDecoder().decode(f.contents as Uint8Array)).join("\n");
    expect(javascript).not.toMatch(/react-dom|__SECRET_INTERNALS|react\.production/);
    expect(javascript).not.toMatch(/\beval\(|new Function\(/);
    expect(files.every((f) => f.file.startsWith("assets/"))).toBe(true);
  });

  // Issue 37: every quote form gets its words in the island's props, in the page's language, so the script that
  // runs it holds no word list of its own, English or Spanish.
  it("carries none of the quote form's words, in any language: every page hands the form its words in the island's props", async () => {
    const { files } = await bundleClient({ root: projectRoot });
    const javascript = files.filter((f) => f.file.endsWith(".js")).map((f) => new TextDecoder().decode(f.contents as Uint8Array)).join("\n");
    const words = [en.quoteForm, es.quoteForm].flatMap((text) => [
      ...Object.values(text.labels),
      ...Object.values(text.messages),
      text.hint,
      text.consent,
      text.submit,
      text.previewNotice,
    ]);
    expect(words.filter((word) => javascript.includes(word))).toEqual([]);
  });

  it("reports a mistake in client/ or the styles as a TemplateError with its place, not as a crash", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "flightsite-client-"));
    try {
      mkdirSync(path.join(root, "client"));
      mkdirSync(path.join(root, "templates/styles"), { recursive: true });
      writeFileSync(path.join(root, "client/main.ts"), "const menu = ;\n");
      writeFileSync(path.join(root, "templates/styles/site.css"), "body { color: black }\n");
      const error = await bundleClient({ root }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(TemplateError);
      expect((error as Error).message).toBe('client/main.ts:1:14 Unexpected ";"');

      writeFileSync(path.join(root, "client/main.ts"), "export {};\n");
      writeFileSync(path.join(root, "templates/styles/site.css"), "body { color: black\n\na { }\n");
      const cssError = await bundleClient({ root }).catch((thrown: unknown) => thrown);
      expect(cssError).toBeInstanceOf(TemplateError);
      expect((cssError as Error).message).toMatch(/^templates\/styles\/site\.css:\d+:\d+ /);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
