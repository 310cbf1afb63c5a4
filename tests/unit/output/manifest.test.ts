import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createManifest, manifestFile, manifestOf, manifestText } from "../../../src/output/manifest";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("the build's deploy manifest", () => {
  it("records each file's SHA-256, size and Content-Type, in path order", () => {
    const files = [
      { file: "naples/index.html", contents: "<!doctype html><h1>Naples</h1>" },
      { file: "downloads/checklist.pdf", contents: new Uint8Array([37, 80, 68, 70]) },
      { file: "podcast/feed.xml", contents: "<rss/>" },
    ];
    const manifest = createManifest(files);
    expect(Object.keys(manifest)).toEqual(["downloads/checklist.pdf", "naples/index.html", "podcast/feed.xml"]);
    expect(manifest["naples/index.html"]).toEqual({
      sha256: sha256("<!doctype html><h1>Naples</h1>"),
      size: 30,
      contentType: "text/html; charset=utf-8",
    });
    expect(manifest["downloads/checklist.pdf"]).toEqual({ sha256: sha256("%PDF"), size: 4, contentType: "application/pdf" });
    expect(manifest["podcast/feed.xml"]?.contentType).toBe("application/rss+xml");
  });

  it("counts bytes, not characters, so a page with an accent still has its size", () => {
    expect(createManifest([{ file: "a/index.html", contents: "é" }])["a/index.html"]?.size).toBe(2);
  });

  it("is written as a dot file the deploy does not take for a page, and never lists itself", () => {
    expect(manifestFile).toBe(".deploy-manifest.json");
    expect(Object.keys(createManifest([{ file: "index.html", contents: "x" }, { file: manifestFile, contents: "{}" }]))).toEqual(["index.html"]);
    const written = new Map([[manifestFile, { sha256: sha256("{}"), size: 2 }], ["index.html", { sha256: sha256("x"), size: 1 }]]);
    expect(manifestOf(written)).toEqual({ "index.html": { sha256: sha256("x"), size: 1, contentType: "text/html; charset=utf-8" } });
  });

  // Issue 38: written entry by entry and without indentation (12 MB indented at 30,000 pages, for programs only).
  it("is written as one line of JSON, the same bytes as the manifest object's JSON, in path order, never listing itself", () => {
    const written = new Map([
      ["naples/index.html", { sha256: sha256("a"), size: 30 }],
      [manifestFile, { sha256: sha256("{}"), size: 2 }],
      ['assets/photos/say-\u00e9-"hi".avif', { sha256: sha256("b"), size: 5 }],
      ["assets/cards/naples.png", { sha256: sha256("c"), size: 7 }],
      ["downloads/checklist.pdf", { sha256: sha256("d"), size: 4 }],
    ]);
    const text = manifestText(written);
    expect(text).toBe(`${JSON.stringify(manifestOf(written))}\n`);
    expect(text.indexOf("\n")).toBe(text.length - 1);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(["assets/cards/naples.png", 'assets/photos/say-\u00e9-"hi".avif', "downloads/checklist.pdf", "naples/index.html"]);
    expect((JSON.parse(text) as Record<string, unknown>)["naples/index.html"]).toEqual({ sha256: sha256("a"), size: 30, contentType: "text/html; charset=utf-8" });
  });

  it("is an empty object for an output without files", () => {
    expect(manifestText(new Map())).toBe("{}\n");
  });
});
