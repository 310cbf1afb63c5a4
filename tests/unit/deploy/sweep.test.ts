// Issue 36: the scheduled sweep removes the previews whose pull request is closed (one closed with merge conflicts
// gets no pull_request event, so no teardown), and nothing else: open ones, the previews' 404 page, a preview whose
// state GitHub could not tell, one being deployed right now.
import { beforeEach, describe, expect, it } from "vitest";
import { deploy } from "../../../src/deploy/deploy";
import { lockFile } from "../../../src/deploy/lock";
import { sweepPreviews } from "../../../src/deploy/sweep";
import { createBuiltSites, previewBuild, siteWithScript } from "../support/built-site";
import { MemoryS3 } from "../support/memory-s3";

const bucket = "flightsite-previews";

describe("the sweep of closed pull requests' previews", () => {
  let memory: MemoryS3;
  beforeEach(() => {
    memory = new MemoryS3({ bucket });
  });

  it("tears down the previews of closed pull requests only, and leaves one that is locked for the next sweep", async () => {
    const sites = await createBuiltSites();
    try {
      for (const number of [3, 7, 12, 40]) {
        const prefix = `previews/pr-${number}/`;
        await deploy({ outDir: await sites.write(siteWithScript("AAAAAAAA"), previewBuild(prefix)), shownOutDir: "dist-preview", bucket, prefix, s3: memory.client(1), log: () => {} });
      }
      memory.objects.set("previews/404.html", { body: Buffer.from("not in this preview"), etag: '"404"', lastModified: new Date() });
      const lock = JSON.stringify({ by: "GitHub Actions run https://github.com/o/r/actions/runs/9", at: new Date().toISOString(), expires: new Date(Date.now() + 300_000).toISOString(), token: "t" });
      memory.objects.set(`previews/pr-40/${lockFile}`, { body: Buffer.from(lock), etag: '"lock"', lastModified: new Date() });
      const open = new Set([7]);
      const lines: string[] = [];
      const removed = await sweepPreviews({ bucket, s3: memory.client(1), isOpen: async (n) => open.has(n), log: (line) => lines.push(line) });
      expect(removed).toEqual(["previews/pr-3/", "previews/pr-12/"]);
      expect(memory.keys("previews/pr-3/")).toEqual([]);
      expect(memory.keys("previews/pr-12/")).toEqual([]);
      expect(memory.keys("previews/pr-7/")).toContain("previews/pr-7/index.html");
      expect(memory.keys("previews/pr-40/")).toContain("previews/pr-40/index.html");
      expect(memory.objects.has("previews/404.html")).toBe(true);
      expect(lines[0]).toBe(`flightsite: pull request 3 is closed: removed 4 objects of its preview s3://${bucket}/previews/pr-3/`);
      expect(lines[2]).toMatch(/^flightsite: left the preview of pull request 40 for the next sweep: s3:\/\/flightsite-previews\/previews\/pr-40\/ is locked by GitHub Actions run /);
    } finally {
      await sites.remove();
    }
  });
});
