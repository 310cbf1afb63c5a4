// npm run build:intake (issues 13, 25): the three bundles the stack deploys run on their own, with nothing but Node
// and their environment, and carry what they know of the site from data/site.yaml.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildLambdas, type LambdaBundles } from "../../../scripts/build-intake";
import { functionUrlEvent } from "../support/function-url";
import { formQuote } from "../support/quotes";
import { FAKE_AWS_ENV, startQuotesBucket, type QuotesBucket } from "../support/quotes-bucket";
import { sitePhone } from "../support/data-files";
import { projectRoot } from "../support/site";

type Handler = (event: unknown, context?: unknown) => Promise<Record<string, unknown>>;
const load = async (folder: string) => ((await import(pathToFileURL(path.join(folder, "index.mjs")).href)) as { handler: Handler }).handler;

describe("npm run build:intake", () => {
  let outDir: string;
  let built: LambdaBundles;
  let s3: QuotesBucket;
  let logged: string[];

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), "flightsite-lambdas-"));
    [built, s3] = await Promise.all([buildLambdas({ root: projectRoot, outDir }), startQuotesBucket()]);
    const env = { ...FAKE_AWS_ENV, QUOTES_BUCKET: s3.bucket, QUOTES_S3_ENDPOINT: s3.endpoint, NOTIFY_TO: "a@floridamedicalflights.example", NOTIFY_FROM: "q@floridamedicalflights.example", ORIGIN_SECRET: "test-origin-secret" };
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    await s3?.close();
    await rm(outDir, { recursive: true, force: true });
  });

  it("writes intake/, notifier/ and reconcile/, each holding only index.mjs", async () => {
    expect(built).toEqual({ intake: path.join(outDir, "intake"), notifier: path.join(outDir, "notifier"), reconcile: path.join(outDir, "reconcile") });
    for (const folder of Object.values(built)) expect(await readdir(folder)).toEqual(["index.mjs"]);
  });

  it("builds an intake that stores a quote from the site's own origin (baseUrl) and refuses another", async () => {
    logged = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void logged.push(line));
    const handler = await load(built.intake);
    const quote = formQuote();
    const viaCloudFront = { "x-flightsite-origin-secret": "test-origin-secret" };
    const post = (origin: string) => functionUrlEvent("POST", JSON.stringify(quote), { "content-type": "application/json", origin, ...viaCloudFront });
    expect((await handler(post("https://evil.example"))).statusCode).toBe(403);
    expect(await s3.keys()).toEqual([]);
    expect((await handler(post("https://www.floridamedicalflights.example"))).statusCode).toBe(200);
    expect(await s3.keys()).toEqual([`quotes/${quote.case_id}.json`]);

    const refused = await handler(
      functionUrlEvent("POST", "full_name=Ann&source_slot=inline", { "content-type": "application/x-www-form-urlencoded", origin: "https://www.floridamedicalflights.example", ...viaCloudFront }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body, "the site's number, from data/site.yaml").toContain(`Or call <a href="tel:${sitePhone().tel}">${sitePhone().display}</a>`);
  });

  it("builds a notifier that takes an SQS batch and a reconcile that publishes its metric", async () => {
    logged = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void logged.push(line));
    const notifier = await load(built.notifier);
    const answer = await notifier({ Records: [{ messageId: "m-1", body: JSON.stringify({ Service: "Amazon S3", Event: "s3:TestEvent" }) }] });
    expect(answer).toEqual({ batchItemFailures: [] });
    const reconcile = await load(built.reconcile);
    expect(await reconcile({})).toEqual({ unnotified: [] });
    const metric = JSON.parse(logged.at(-1)!);
    expect(metric).toMatchObject({ UnnotifiedQuotes: 0, _aws: { CloudWatchMetrics: [{ Namespace: "Flightsite", Metrics: [{ Name: "UnnotifiedQuotes", Unit: "Count" }] }] } });
  });
});
