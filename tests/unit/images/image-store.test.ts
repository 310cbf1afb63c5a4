import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digestName, digestOf, listedOnce, parseDigestName, writeWhole } from "../../../src/images/image-store";

// One store for cards and photos (issue 37, point 6; issue 38): files named by their hash, written whole, listed once.

describe("the image store", () => {
  it("names a file by its digest and reads the name and digest back from that name alone", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{1,20}\.[A-Z2-7]{8}$/), fc.uint8Array({ maxLength: 64 }), fc.constantFrom(".png", ".avif", ".webp"), (base, bytes, extension) => {
        const digest = digestOf(bytes);
        expect(parseDigestName(digestName(`${base}${extension}`, digest))).toEqual({ name: `${base}${extension}`, digest });
      }),
    );
  });

  it("takes no other file of the folder for a stored one: a half-written file, the builds' records, photo.json", () => {
    const stored = digestName("naples.AXLD4RT4.png", digestOf(new Uint8Array([1, 2, 3])));
    for (const name of [`${stored}.tmp-123-abc`, "used", "photo.json", "naples.AXLD4RT4.png"]) expect(parseDigestName(name), name).toBeUndefined();
  });

  it("writes a file whole, over the one before, leaving nothing else in the folder", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "flightsite-image-store-"));
    try {
      const place = path.join(folder, "card.png");
      await Promise.all([writeWhole(place, "first"), writeWhole(place, "second")]);
      expect(["first", "second"]).toContain(await readFile(place, "utf8"));
      await writeWhole(place, "third");
      expect({ names: await readdir(folder), text: await readFile(place, "utf8") }).toEqual({ names: ["card.png"], text: "third" });
      // A write that fails (its folder is gone) leaves no temporary file behind and says why.
      await expect(writeWhole(path.join(folder, "missing", "card.png"), "x")).rejects.toThrow(/ENOENT/);
      expect(await readdir(folder)).toEqual(["card.png"]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("lists a folder once, and a folder not made yet as empty", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "flightsite-image-store-"));
    try {
      expect(await listedOnce(path.join(folder, "none"))()).toEqual([]);
      const list = listedOnce(folder);
      expect(await list()).toEqual([]);
      await writeWhole(path.join(folder, "later.png"), "x");
      expect(await list()).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
