// npm run build:intake (issue 13): the bundle the stack deploys runs on its own, with nothing but Node and its
// environment, and the zip holds exactly that bundle.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildIntake, type IntakeBuild } from "../../../scripts/build-intake";
import { functionUrlEvent } from "../support/function-url";
import { formQuote } from "../support/quotes";
import { FAKE_AWS_ENV, startQuotesBucket, type QuotesBucket } from "../support/quotes-bucket";
import { projectRoot } from "../support/site";

describe("npm run build:intake", () => {
  let outDir: string;
  let built: IntakeBuild;
  let s3: QuotesBucket;

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), "flightsite-intake-"));
    [built, s3] = await Promise.all([buildIntake({ root: projectRoot, outDir }), startQuotesBucket()]);
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    await s3?.close();
    await rm(outDir, { recursive: true, force: true });
  });

  it("writes build/intake/index.mjs and build/intake.zip holding only that file", async () => {
    expect(built.file).toBe(path.join(outDir, "intake/index.mjs"));
    const zipped = unzipSync(await readFile(built.zip));
    expect(Object.keys(zipped)).toEqual(["index.mjs"]);
    expect(Buffer.from(zipped["index.mjs"]!).equals(await readFile(built.file))).toBe(true);
  });

  it("exports a handler that stores a quote with its configuration taken from the environment", async () => {
    for (const [name, value] of Object.entries({ ...FAKE_AWS_ENV, QUOTES_BUCKET: s3.bucket, QUOTES_S3_ENDPOINT: s3.endpoint })) vi.stubEnv(name, value);
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { handler } = (await import(pathToFileURL(built.file).href)) as { handler: (event: unknown) => Promise<{ statusCode: number; body: string }> };
    const quote = formQuote();
    const answer = await handler(functionUrlEvent("POST", JSON.stringify(quote), { "content-type": "application/json" }));
    expect(answer.statusCode).toBe(200);
    expect(await s3.keys()).toEqual([`quotes/2025/09/07/${quote.case_id}.json`]);

    const refused = await handler(functionUrlEvent("POST", "full_name=Ann&source_slot=inline", { "content-type": "application/x-www-form-urlencoded" }));
    expect(refused.statusCode).toBe(400);
    expect(refused.body, "the site's number, from data/site.yaml").toContain('Or call <a href="tel:+18003273004">(800) 327-3004</a>');
  });
});
