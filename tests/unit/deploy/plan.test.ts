// Issue 27: what the plan may delete, for any bucket: only keys the stored manifest owns, never a file of the site,
// never an asset within its grace period; and every file of the site is either uploaded or unchanged.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Manifest } from "../../../src/output/manifest";
import { planDeploy, uploadPhaseOf } from "../../../src/deploy/plan";

const day = 24 * 60 * 60 * 1000;
const now = new Date("2026-03-10T00:00:00Z");
const keys = ["index.html", "a/index.html", "b/index.html", "sitemap.xml", "assets/client.AAAAAAAA.js", "assets/client.BBBBBBBB.js", "downloads/x.pdf", "backups/y.txt"];
const entry = (sha256: string) => ({ sha256, size: 1, contentType: "x" });
const manifestOf = fc.dictionary(fc.constantFrom(...keys), fc.constantFrom("1", "2").map(entry)) as fc.Arbitrary<Manifest>;
const retiredOf = fc.dictionary(fc.constantFrom(...keys), fc.integer({ min: 0, max: 20 }).map((days) => new Date(now.getTime() - days * day).toISOString()));

describe("the deploy plan", () => {
  it("deletes only owned keys the site lacks, assets only past their grace period, and accounts for every file", () => {
    fc.assert(
      fc.property(manifestOf, manifestOf, retiredOf, fc.subarray(keys), fc.integer({ min: 0, max: 10 }), (local, files, retired, listed, keepAssetsDays) => {
        const plan = planDeploy({ local, stored: { version: 2, files, retired, pending: [] }, listed, now, keepAssetsDays });
        const owned = new Set([...Object.keys(files), ...Object.keys(retired)]);
        for (const key of plan.delete) {
          expect(owned.has(key) && listed.includes(key) && !(key in local), key).toBe(true);
          if (uploadPhaseOf(key) === "assets") expect(Date.parse(plan.retired[key]!) + keepAssetsDays * day).toBeLessThanOrEqual(now.getTime());
        }
        for (const key of plan.foreign) expect(owned.has(key)).toBe(false);
        expect([...plan.upload, ...plan.unchanged].sort()).toEqual(Object.keys(local).sort());
        expect([...plan.delete, ...plan.keep].sort()).toEqual(Object.keys(plan.retired).sort());
        for (const key of plan.unchanged) expect(files[key]?.sha256 === local[key]!.sha256 && listed.includes(key)).toBe(true);
      }),
    );
  });
});
