// Issue 27: the pages a pull request changes, against the manifest of the live site, as the preview comment lists them.
import { describe, expect, it, vi } from "vitest";
import type { Manifest } from "../../../src/output/manifest";
import { diffPages, formatPageChanges } from "../../../src/deploy/changes";

const entry = (sha256: string) => ({ sha256, size: 1, contentType: "text/html; charset=utf-8" });

describe("the pages that changed", () => {
  const live: Manifest = {
    "index.html": entry("a"),
    "naples/index.html": entry("b"),
    "podcast/old-episode/index.html": entry("c"),
    "assets/client.AAAAAAAA.js": entry("d"),
    "sitemap.xml": entry("e"),
  };
  const preview: Manifest = {
    "index.html": entry("a"),
    "naples/index.html": entry("B"),
    "sarasota/index.html": entry("f"),
    "404.html": entry("g"),
    "assets/client.BBBBBBBB.js": entry("h"),
    "sitemap.xml": entry("E"),
  };

  it("lists added, changed and removed pages, and leaves assets and the sitemap out", () => {
    expect(diffPages(live, preview)).toEqual({
      added: ["404.html", "sarasota/index.html"],
      changed: ["naples/index.html"],
      removed: ["podcast/old-episode/index.html"],
    });
  });

  it("links each page at its address under the preview's, removed ones as plain addresses", () => {
    expect(formatPageChanges(diffPages(live, preview), "https://www.example.com/previews/pr-42")).toBe(
      [
        "4 pages differ from the live site:",
        "",
        "- changed: [/naples/](https://www.example.com/previews/pr-42/naples/)",
        "- added: [/404.html](https://www.example.com/previews/pr-42/404.html)",
        "- added: [/sarasota/](https://www.example.com/previews/pr-42/sarasota/)",
        "- removed: `/podcast/old-episode/`",
        "",
      ].join("\n"),
    );
  });

  it("says so when no page differs, and cuts a long list short", () => {
    expect(formatPageChanges(diffPages(live, live), "https://x/")).toBe("No page differs from the live site.\n");
    const many: Manifest = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`city-${i}/index.html`, entry(String(i))]));
    const text = formatPageChanges(diffPages({}, many), "https://x/", 3);
    expect(text.split("\n").filter((line) => line.startsWith("- "))).toEqual([
      "- added: [/city-0/](https://x/city-0/)",
      "- added: [/city-1/](https://x/city-1/)",
      "- added: [/city-2/](https://x/city-2/)",
      "- … and 2 more",
    ]);
    expect(text.startsWith("5 pages differ")).toBe(true);
  });
});

describe("flightsite changes", () => {
  it("compares the built site with the live site's stored manifest and prints the list", async () => {
    const { startS3Server, testS3Client } = await import("../support/s3-server");
    const { createBuiltSites, siteWithScript } = await import("../support/built-site");
    const { deploy } = await import("../../../src/deploy/deploy");
    const { main } = await import("../../../src/cli");
    const server = await startS3Server("flightsite-test");
    const sites = await createBuiltSites();
    vi.stubEnv("AWS_ACCESS_KEY_ID", "S3RVER");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "S3RVER");
    try {
      const live = await sites.write(siteWithScript("AAAAAAAA"));
      await deploy({ outDir: live, shownOutDir: "dist", bucket: "flightsite-test", s3: testS3Client(server.endpoint), log: () => {} });
      const preview = await sites.write({ ...siteWithScript("AAAAAAAA"), "about/index.html": "about, edited" });
      let out = "";
      const argv = ["changes", "--bucket", "flightsite-test", "--url", "https://www.example.com/previews/pr-42/", "--endpoint", server.endpoint, "--out", preview];
      const code = await main(argv, { stdout: (t) => void (out += t), stderr: (t) => void (out += t), cwd: process.cwd() });
      expect({ code, out }).toEqual({
        code: 0,
        out: "1 page differs from the live site:\n\n- changed: [/about/](https://www.example.com/previews/pr-42/about/)\n",
      });
    } finally {
      vi.unstubAllEnvs();
      await sites.remove();
      await server.close();
    }
  });
});
