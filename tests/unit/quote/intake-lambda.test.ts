// The intake function in-process (issues 13, 25): its Lambda handler gets Function URL events (payload 2.0) and
// stores in a real S3 protocol server on 127.0.0.1 (s3rver, for the wire protocol) or in the in-memory S3 that
// honours If-None-Match as AWS does (support/memory-s3.ts). It answers on the store alone: no e-mail, no SES.
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { SendEmailCommand, SESv2Client, type SendEmailCommandInput } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { en } from "../../../client/messages/en";
import { originSecretHeader } from "../../../src/quote/app";
import { createIntakeHandler, createNotifierHandler, createReconcileHandler, intakeConfigFrom, notifierConfigFrom, type LambdaSite } from "../../../src/quote/lambda";
import { createQuoteReceiver } from "../../../src/quote/receiver";
import { quoteKey, S3Quotes } from "../../../src/quote/s3-store";
import { functionUrlEvent } from "../support/function-url";
import { MemoryS3 } from "../support/memory-s3";
import { formQuote, PAGE } from "../support/quotes";
import { s3EventBody, sqsEvent } from "../support/queue-events";
import { FAKE_AWS_ENV, startQuotesBucket, type QuotesBucket } from "../support/quotes-bucket";

const SITE = "https://www.floridamedicalflights.example";
const site: LambdaSite = { origin: SITE, path: "/api/quote", phone: { display: "(877) 555-0100", tel: "+18775550100" }, noticeFields: [] };

let s3: QuotesBucket;
const ses = mockClient(SESv2Client);
let logged: string[] = [];

beforeAll(async () => {
  s3 = await startQuotesBucket();
  for (const [name, value] of Object.entries(FAKE_AWS_ENV)) vi.stubEnv(name, value);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  ses.restore();
  await s3?.close();
});
beforeEach(async () => {
  ses.reset();
  logged = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void logged.push(line));
});
afterEach(() => vi.restoreAllMocks());

/** A handler over the test bucket (s3rver keeps objects between tests: each test uses case ids of its own). */
function intakeHandler(env: Record<string, string> = { ORIGIN_SECRET: TEST_SECRET }) {
  return { handler: createIntakeHandler(site, { QUOTES_BUCKET: s3.bucket, QUOTES_S3_ENDPOINT: s3.endpoint, ...env }) };
}

/** The origin secret the tests' intake is built with, and CloudFront's header that carries it. */
const TEST_SECRET = "test-origin-secret";
const viaCloudFront = { [originSecretHeader]: TEST_SECRET };
const fromSite = { "content-type": "application/json", origin: SITE, ...viaCloudFront };
const postJson = (body: unknown, headers: Record<string, string> = fromSite) => functionUrlEvent("POST", JSON.stringify(body), headers);

async function storedObject(key: string): Promise<unknown> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return JSON.parse(await object.Body!.transformToString());
}

describe("the intake function, over the S3 wire protocol (s3rver)", () => {
  it("stores a valid JSON quote under its case id, answers 200, and sends no e-mail", async () => {
    const quote = formQuote(0.11);
    const result = await intakeHandler().handler(postJson(quote));
    expect(result).toMatchObject({ statusCode: 200 });
    expect(JSON.parse((result as { body: string }).body)).toEqual({ ok: true, case_id: quote.case_id });
    expect(await storedObject(`quotes/${quote.case_id}.json`)).toEqual(storedAs(quote));
    expect(ses.calls(), "the intake has no e-mail in its request path").toEqual([]);
  });

  it("writes only the case id, the slot and the outcome to the log, never a personal field", async () => {
    const quote = formQuote(0.12);
    await intakeHandler().handler(postJson(quote));
    expect(logged.map((line) => JSON.parse(line))).toEqual([{ case_id: quote.case_id, slot: "modal", outcome: "stored" }]);
    for (const personal of [quote.full_name, quote.phone, quote.from_location]) expect(logged.join("\n")).not.toContain(personal);
  });

  it("answers a form post (base64, as Function URLs send it) with a 303 to the configured site's thank-you page", async () => {
    const form = new URLSearchParams({
      full_name: "Ann Lee", phone: "(555) 123-4567", from_location: "Naples, FL", to_location: "Houston, TX",
      urgency: "Planned (3+ days)", mobility: "Wheelchair", consent: "yes", company: "", source_slot: "inline",
    });
    const headers = { "content-type": "application/x-www-form-urlencoded", referer: PAGE, origin: SITE, ...viaCloudFront };
    const result = (await intakeHandler().handler(functionUrlEvent("POST", Buffer.from(form.toString()).toString("base64"), headers, true))) as {
      statusCode: number;
      headers: Record<string, string>;
    };
    expect(result.statusCode).toBe(303);
    const caseId = /case=(AF\d{8}[A-Z0-9]{4})$/.exec(result.headers.location!)?.[1];
    expect(result.headers.location).toBe(`${SITE}/thank-you/?case=${caseId}`);
    const key = (await s3.keys("quotes/")).find((stored) => stored.endsWith(`/${caseId}.json`));
    expect(await storedObject(key!)).toMatchObject({ full_name: "Ann Lee", source_slot: "inline", page_url: PAGE, device: "mobile" });
  });

  it("answers 400, 413, 415, 403, 204 and 405, and stores nothing", async () => {
    const { handler } = intakeHandler();
    const before = await s3.keys();
    const invalid = (await handler(postJson({ ...formQuote(), full_name: "" }))) as { statusCode: number; body: string };
    expect(invalid.statusCode).toBe(400);
    expect(JSON.parse(invalid.body)).toEqual({ errors: { full_name: "Name is required" } });
    expect(await handler(postJson({ ...formQuote(), notes: "x".repeat(16 * 1024) }))).toMatchObject({ statusCode: 413 });
    expect(await handler(postJson(formQuote(0.13), { ...fromSite, "content-type": "text/plain" }))).toMatchObject({ statusCode: 415 });
    expect(await handler(postJson(formQuote(0.14), { ...fromSite, origin: "https://evil.example" }))).toMatchObject({ statusCode: 403 });
    expect(await handler(postJson({ ...formQuote(0.15), company: "Bot Inc" }))).toMatchObject({ statusCode: 204 });
    expect(await handler(functionUrlEvent("GET", undefined, viaCloudFront))).toMatchObject({ statusCode: 405, headers: { allow: "POST, OPTIONS" } });
    expect(await s3.keys()).toEqual(before);
  });

  it("answers 503 when the quote cannot be stored, naming the AWS error in the log", async () => {
    const result = (await createIntakeHandler(site, { QUOTES_BUCKET: "no-such-bucket", QUOTES_S3_ENDPOINT: s3.endpoint, ORIGIN_SECRET: TEST_SECRET })(postJson(formQuote()))) as {
      statusCode: number;
      body: string;
    };
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body)).toEqual({
      errors: { body: "could not be stored just now; nothing was sent. Please send it again in a moment, or call us" },
    });
    expect(JSON.parse(logged[0]!)).toMatchObject({ outcome: "store failed", error: expect.stringMatching(/^NoSuchBucket: .* \(HTTP 404\)$/) });
  });

  it("refuses with 403, storing nothing, a request without CloudFront's secret header when ORIGIN_SECRET is set", async () => {
    const { handler } = intakeHandler({ ORIGIN_SECRET: "s3cr3t-from-the-stack" });
    const quote = formQuote(0.16);
    expect(await handler(postJson(quote))).toMatchObject({ statusCode: 403 });
    expect(await handler(postJson(quote, { ...fromSite, [originSecretHeader]: "guess" }))).toMatchObject({ statusCode: 403 });
    expect(await s3.keys()).not.toContain(quoteKey(quote));
    expect(await handler(postJson(quote, { ...fromSite, [originSecretHeader]: "s3cr3t-from-the-stack" }))).toMatchObject({ statusCode: 200 });
    expect(await s3.keys()).toContain(quoteKey(quote));
  });

  // Issue 39: fail closed. An intake built without its secret would take requests that went around CloudFront.
  it("refuses every request, storing nothing, when neither ORIGIN_SECRET_ARN nor ORIGIN_SECRET is set", async () => {
    const { handler } = intakeHandler({});
    const before = await s3.keys();
    const result = (await handler(postJson(formQuote(0.17)))) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(503);
    expect(await handler(postJson(formQuote(0.18), { "content-type": "application/json", origin: SITE }))).toMatchObject({ statusCode: 503 });
    expect(await s3.keys()).toEqual(before);
    expect(logged.map((line) => JSON.parse(line))).toEqual([
      { case_id: "", slot: "", outcome: "origin check failed", error: "NoOriginSecret" },
      { case_id: "", slot: "", outcome: "origin check failed", error: "NoOriginSecret" },
    ]);
  });

  it("reads ORIGIN_SECRET_ARN's value from Secrets Manager and checks CloudFront's header against it", async () => {
    const secrets = mockClient(SecretsManagerClient);
    try {
      secrets.on(GetSecretValueCommand).rejects(new ResourceNotFoundException({ message: "no such stage", $metadata: {} }));
      secrets.on(GetSecretValueCommand, { VersionStage: "AWSCURRENT" }).resolves({ SecretString: "from-secrets-manager" });
      const { handler } = intakeHandler({ ORIGIN_SECRET_ARN: "arn:aws:secretsmanager:us-east-1:123456789012:secret:origin" });
      const quote = formQuote(0.61);
      expect(await handler(postJson(quote, { ...fromSite, [originSecretHeader]: "guess" }))).toMatchObject({ statusCode: 403 });
      expect(await s3.keys()).not.toContain(quoteKey(quote));
      expect(await handler(postJson(quote, { ...fromSite, [originSecretHeader]: "from-secrets-manager" }))).toMatchObject({ statusCode: 200 });
      expect(secrets.commandCalls(GetSecretValueCommand)[0]!.args[0].input.SecretId).toBe("arn:aws:secretsmanager:us-east-1:123456789012:secret:origin");
    } finally {
      secrets.restore();
    }
  });

  it("answers 503, storing nothing, when the origin secret cannot be read", async () => {
    const handler = createIntakeHandler(site, { QUOTES_BUCKET: s3.bucket, QUOTES_S3_ENDPOINT: s3.endpoint, ORIGIN_SECRET_ARN: "arn:secret" }, () => async () => {
      throw Object.assign(new Error("Secrets Manager is down"), { name: "InternalServiceError" });
    });
    const quote = formQuote(0.72);
    expect(await handler(postJson(quote, { ...fromSite, [originSecretHeader]: "anything" }))).toMatchObject({ statusCode: 503 });
    expect(await s3.keys()).not.toContain(quoteKey(quote));
  });

  it("checks CloudFront's header with the check it is given for ORIGIN_SECRET_ARN", async () => {
    const arns: string[] = [];
    const handler = createIntakeHandler(site, { QUOTES_BUCKET: s3.bucket, QUOTES_S3_ENDPOINT: s3.endpoint, ORIGIN_SECRET_ARN: "arn:secret" }, (arn) => {
      arns.push(arn);
      return async (value) => value === "rotated";
    });
    expect(await handler(postJson(formQuote(0.17), { ...fromSite, [originSecretHeader]: "old" }))).toMatchObject({ statusCode: 403 });
    expect(await handler(postJson(formQuote(0.17), { ...fromSite, [originSecretHeader]: "rotated" }))).toMatchObject({ statusCode: 200 });
    expect(arns).toEqual(["arn:secret"]);
  });
});

describe("the notifier and reconcile functions, over the S3 wire protocol (s3rver)", () => {
  it("mails a quote the intake stored when S3 announces it, marks it sent, and the reconcile then finds nothing to report", async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: "m" });
    const quote = formQuote(0.21);
    await intakeHandler().handler(postJson(quote));
    const env = { QUOTES_BUCKET: s3.bucket, QUOTES_S3_ENDPOINT: s3.endpoint, NOTIFY_TO: "c@floridamedicalflights.example", NOTIFY_FROM: "q@floridamedicalflights.example" };
    const notifier = createNotifierHandler({ noticeFields: ["notes"] }, env);
    expect(await notifier(sqsEvent(s3EventBody(quoteKey(quote))), { getRemainingTimeInMillis: () => 30_000 })).toEqual({ batchItemFailures: [] });
    const mails = ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input as SendEmailCommandInput);
    expect(mails.map((mail) => mail.Content!.Simple!.Subject!.Data)).toEqual([`Quote ${quote.case_id}: Planned (3+ days), Naples, FL → Houston, TX`]);
    expect(await storedObject(`notified/${quote.case_id}.json`)).toMatchObject({ state: "sent", key: quoteKey(quote) });

    logged = [];
    const result = await createReconcileHandler(env)();
    expect(result.unnotified, "stored just now: still within its 15 minutes").not.toContain(quote.case_id);
    expect(JSON.parse(logged.at(-1)!)).toMatchObject({ UnnotifiedQuotes: result.unnotified.length });
  });
});

describe("the intake's store, when S3 honours If-None-Match (in-memory S3)", () => {
  const receiverOver = (memory: MemoryS3, log: unknown[] = []) => {
    const quotes = new S3Quotes(memory.client(), "quotes");
    return createQuoteReceiver({ store: (quote) => quotes.put(quote), siteOrigin: SITE, log: (line) => log.push(line) });
  };
  const request = (quote: unknown) => new Request(`${SITE}/api/quote`, { method: "POST", body: JSON.stringify(quote), headers: { "Content-Type": "application/json", Origin: SITE } });

  it("stores the same case id posted twice once, and answers 200 both times", async () => {
    const memory = new MemoryS3();
    const log: unknown[] = [];
    const receive = receiverOver(memory, log);
    const quote = formQuote();
    expect((await receive(request(quote))).status).toBe(200);
    expect((await receive(request({ ...quote, full_name: "Someone Else" }))).status).toBe(200);
    expect(memory.keys()).toEqual([quoteKey(quote)]);
    expect(JSON.parse(memory.text(quoteKey(quote))!)).toEqual(storedAs(quote));
    expect(log).toEqual([
      { case_id: quote.case_id, slot: "modal", outcome: "stored" },
      { case_id: quote.case_id, slot: "modal", outcome: "already stored" },
    ]);
  });

  it("counts a 412 after the SDK's own retry of a PUT whose answer was lost as stored: 200, the quote in the bucket", async () => {
    const memory = new MemoryS3();
    let puts = 0;
    memory.fault = (call) => (call.method === "PUT" && ++puts === 1 ? "lose answer" : undefined);
    const log: unknown[] = [];
    const quote = formQuote();
    expect((await receiverOver(memory, log)(request(quote))).status).toBe(200);
    expect(memory.calls).toEqual([
      { method: "PUT", key: quoteKey(quote), ifNoneMatch: true },
      { method: "PUT", key: quoteKey(quote), ifNoneMatch: true },
    ]);
    expect(JSON.parse(memory.text(quoteKey(quote))!)).toEqual(storedAs(quote));
    expect(log).toEqual([{ case_id: quote.case_id, slot: "modal", outcome: "already stored" }]);
  });

  it("answers 503 when every attempt fails, and the quote is not in the bucket", async () => {
    const memory = new MemoryS3();
    memory.fault = () => "unavailable";
    const quote = formQuote();
    expect((await receiverOver(memory)(request(quote))).status).toBe(503);
    expect(memory.calls).toHaveLength(2);
    expect(memory.keys()).toEqual([]);
  });
});

describe("the intake's and notifier's configuration", () => {
  it("names the variable to set when one is missing", () => {
    expect(() => intakeConfigFrom({})).toThrow("QUOTES_BUCKET is not set; set it to the name of the bucket that keeps the quotes");
    expect(() => notifierConfigFrom({ QUOTES_BUCKET: "q" })).toThrow("NOTIFY_TO is not set; set it to the coordinators' addresses, separated by commas");
    expect(() => notifierConfigFrom({ QUOTES_BUCKET: "q", NOTIFY_TO: "a@example.org" })).toThrow(
      "NOTIFY_FROM is not set; set it to the SES-verified address the e-mails come from",
    );
  });

  it("reads a comma-separated list of coordinators' addresses and the optional configuration set", () => {
    expect(notifierConfigFrom({ QUOTES_BUCKET: "q", NOTIFY_TO: "a@example.org, b@example.org", NOTIFY_FROM: "f@example.org", SES_CONFIGURATION_SET: "quotes" })).toEqual({
      bucket: "q", s3Endpoint: undefined, to: ["a@example.org", "b@example.org"], from: "f@example.org", configurationSet: "quotes", queueUrl: undefined, sendRate: 1,
    });
  });

  // Issue 39: each of the notifier's concurrent instances sends its share of SES's rate.
  it("divides SES's sending rate among the notifier's instances, and names a rate that is not a positive number", () => {
    const env = { QUOTES_BUCKET: "q", NOTIFY_TO: "a@example.org", NOTIFY_FROM: "f@example.org", NOTICE_QUEUE_URL: "https://sqs.example/notices" };
    expect(notifierConfigFrom({ ...env, SES_SEND_RATE: "14", NOTIFIER_CONCURRENCY: "2" })).toMatchObject({ sendRate: 7, queueUrl: "https://sqs.example/notices" });
    expect(() => notifierConfigFrom({ ...env, SES_SEND_RATE: "fast" })).toThrow('SES_SEND_RATE is "fast"; set it to a positive number');
  });
});

/** The quote as the intake stores it: with the consent's words and the time received (issue 39). */
function storedAs(quote: object) {
  return { ...quote, consent_text: en.quoteForm.consent, received: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) };
}
