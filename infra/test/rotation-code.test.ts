// The rotation function's bundle (issue 25): one ES module that exports the handler Secrets Manager calls.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundleOriginSecretRotation } from "../lib/rotation-code";

const folder = mkdtempSync(path.join(os.tmpdir(), "flightsite-rotation-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the origin secret's rotation bundle", () => {
  it("exports a handler that asks for the distribution it rotates the header of", async () => {
    const directory = await bundleOriginSecretRotation(folder);
    const { handler } = (await import(pathToFileURL(path.join(directory, "index.mjs")).href)) as { handler: (event: unknown) => Promise<void> };
    const saved = process.env.DISTRIBUTION_ID;
    delete process.env.DISTRIBUTION_ID;
    try {
      expect(() => handler({ SecretId: "s", ClientRequestToken: "t", Step: "createSecret" })).toThrow(
        "DISTRIBUTION_ID is not set; set it to the distribution whose origin header carries the secret",
      );
    } finally {
      if (saved !== undefined) process.env.DISTRIBUTION_ID = saved;
    }
  });
});
