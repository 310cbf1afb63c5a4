import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createManifest, manifestFile, manifestOf } from "../../../src/output/manifest";

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
});
