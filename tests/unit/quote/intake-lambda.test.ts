// The intake function in-process (issue 13): its Lambda handler gets Function URL events (payload 2.0), stores in a
// real S3 protocol server on 127.0.0.1 (s3rver), and mails through an SES client mocked by aws-sdk-client-mock.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { SendEmailCommand, SESv2Client, type SendEmailCommandInput } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { originSecretHeader } from "../../../src/quote/app";
import { createIntake, PENDING_GRACE_MS } from "../../../src/quote/intake";
import { createLambdaHandler, intakeConfigFrom } from "../../../src/quote/lambda";
import { createSesNotifier } from "../../../src/quote/notify";
import { quoteKey, S3Quotes } from "../../../src/quote/s3-store";
import { functionUrlEvent } from "../support/function-url";
import { formQuote, PAGE } from "../support/quotes";
import { FAKE_AWS_ENV, startQuotesBucket, type QuotesBucket } from "../support/quotes-bucket";

const site = { path: "/api/quote", phone: { display: "(800) 327-3004", tel: "+18003273004" } };
const NOTIFY = { NOTIFY_TO: "coordinators@floridamedicalflights.example", NOTIFY_FROM: "quotes@floridamedicalflights.example" };

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
  ses.on(SendEmailCommand).resolves({ MessageId: "message-1" });
  logged = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void logged.push(line));
  for (const key of await s3.keys()) await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
});
afterEach(() => vi.restoreAllMocks());

function intakeHandler(env: Record<string, string> = {}) {
  return createLambdaHandler(site, { QUOTES_BUCKET: s3.bucket, QUOTES_S3_ENDPOINT: s3.endpoint, ...NOTIFY, ...env });
}

const postJson = (body: unknown) => functionUrlEvent("POST", JSON.stringify(body), { "content-type": "application/json" });

async function storedObject(key: string): Promise<unknown> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return JSON.parse(await object.Body!.transformToString());
}

const mails = () => ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input as SendEmailCommandInput);

describe("the intake function", () => {
  it("stores a valid JSON quote once, under its day and case id, then mails it once, and answers 200", async () => {
    const quote = formQuote();
    const result = await intakeHandler()(postJson(quote));
    expect(result).toMatchObject({ statusCode: 200 });
    expect(JSON.parse((result as { body: string }).body)).toEqual({ ok: true, case_id: quote.case_id });
    expect(await s3.keys()).toEqual([`quotes/2025/09/07/${quote.case_id}.json`]);
    expect(await storedObject(`quotes/2025/09/07/${quote.case_id}.json`)).toEqual(quote);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toMatchObject({
      FromEmailAddress: "quotes@floridamedicalflights.example",
      Destination: { ToAddresses: ["coordinators@floridamedicalflights.example"] },
      Content: { Simple: { Subject: { Data: `Quote request ${quote.case_id}: Planned (3+ days), Naples, FL → Houston, TX` } } },
    });
  });

  it("writes only the case id, the slot and the outcome to the log, never a personal field", async () => {
    const quote = formQuote();
    await intakeHandler()(postJson(quote));
    expect(logged.map((line) => JSON.parse(line))).toEqual([
      { case_id: quote.case_id, slot: "modal", outcome: "notified" },
      { case_id: quote.case_id, slot: "modal", outcome: "stored" },
    ]);
    for (const personal of [quote.full_name, quote.phone, quote.from_location]) expect(logged.join("\n")).not.toContain(personal);
  });

  it("stores the same case id posted twice as one object (the key is the case id, whatever the store does with If-None-Match)", async () => {
    const handler = intakeHandler();
    const quote = formQuote();
    expect(await handler(postJson(quote))).toMatchObject({ statusCode: 200 });
    expect(await handler(postJson(quote))).toMatchObject({ statusCode: 200 });
    expect(await s3.keys("quotes/")).toEqual([quoteKey(quote)]);
  });

  it("answers a form post (base64, as Function URLs send it) with a 303 to the thank-you page of the site it came from", async () => {
    const form = new URLSearchParams({
      full_name: "Ann Lee", phone: "(555) 123-4567", from_location: "Naples, FL", to_location: "Houston, TX",
      urgency: "Planned (3+ days)", mobility: "Wheelchair", consent: "yes", company: "", source_slot: "inline",
    });
    const result = (await intakeHandler()(
      functionUrlEvent("POST", Buffer.from(form.toString()).toString("base64"), { "content-type": "application/x-www-form-urlencoded", referer: PAGE }, true),
    )) as { statusCode: number; headers: Record<string, string> };
    expect(result.statusCode).toBe(303);
    const caseId = /case=(AF\d{8}[A-Z0-9]{4})$/.exec(result.headers.location!)?.[1];
    expect(result.headers.location).toBe(`https://www.floridamedicalflights.example/thank-you/?case=${caseId}`);
    const [key] = await s3.keys("quotes/");
    expect(key).toMatch(new RegExp(`^quotes/\\d{4}/\\d{2}/\\d{2}/${caseId}\\.json$`));
    expect(await storedObject(key!)).toMatchObject({ full_name: "Ann Lee", source_slot: "inline", page_url: PAGE, device: "mobile" });
    expect(mails()).toHaveLength(1);
  });

  it("answers 400, 413, 204 and 405 to an invalid, an oversized, a trap-filled and a GET request, and stores and mails nothing", async () => {
    const handler = intakeHandler();
    const invalid = (await handler(postJson({ ...formQuote(), full_name: "" }))) as { statusCode: number; body: string };
    expect(invalid.statusCode).toBe(400);
    expect(JSON.parse(invalid.body)).toEqual({ errors: { full_name: "Name is required" } });
    const oversized = await handler(postJson({ ...formQuote(), notes: "x".repeat(16 * 1024) }));
    expect(oversized).toMatchObject({ statusCode: 413 });
    const trap = await handler(
      functionUrlEvent("POST", new URLSearchParams({ full_name: "Bot", company: "Bot Inc" }).toString(), { "content-type": "application/x-www-form-urlencoded" }),
    );
    expect(trap).toMatchObject({ statusCode: 204 });
    const get = await handler(functionUrlEvent("GET"));
    expect(get).toMatchObject({ statusCode: 405, headers: { allow: "POST, OPTIONS" } });
    expect(await s3.keys()).toEqual([]);
    expect(mails()).toEqual([]);
  });

  it("still stores and answers 200 when SES fails, marks the quote, and mails it on a later try", async () => {
    ses.on(SendEmailCommand).rejects(Object.assign(new Error("Throttling"), { name: "TooManyRequestsException" }));
    const quote = formQuote();
    expect(await intakeHandler()(postJson(quote))).toMatchObject({ statusCode: 200 });
    expect(await s3.keys()).toEqual([`notify-pending/${quote.case_id}.json`, quoteKey(quote)]);
    expect(logged.map((line) => JSON.parse(line))).toContainEqual({
      case_id: quote.case_id, slot: "modal", outcome: "notify failed", error: "TooManyRequestsException",
    });

    ses.on(SendEmailCommand).resolves({ MessageId: "message-2" });
    ses.resetHistory();
    // What the scheduled call does, at a time of our choosing: the marker is young now, and old enough later.
    const notifier = createSesNotifier(new SESv2Client({}), { from: NOTIFY.NOTIFY_FROM, to: [NOTIFY.NOTIFY_TO] });
    const intake = createIntake({ quotes: new S3Quotes(s3.client, s3.bucket), notifier, log: () => {} });
    expect(await intake.retryPending(5, new Date()), "a marker younger than the grace period is left alone").toBe(0);
    expect(await intake.retryPending(5, new Date(Date.now() + PENDING_GRACE_MS + 1000))).toBe(1);
    expect(mails().map((mail) => mail.Content!.Simple!.Subject!.Data)).toEqual([`Quote request ${quote.case_id}: Planned (3+ days), Naples, FL → Houston, TX`]);
    expect(await s3.keys()).toEqual([quoteKey(quote)]);
  });

  it("answers 503 when the quote cannot be stored, and mails nothing", async () => {
    const result = (await intakeHandler({ QUOTES_BUCKET: "no-such-bucket" })(postJson(formQuote()))) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body)).toEqual({
      errors: { body: "could not be stored just now; nothing was sent. Please send it again in a moment, or call us" },
    });
    expect(mails()).toEqual([]);
    expect(JSON.parse(logged[0]!)).toMatchObject({ outcome: "store failed", error: expect.stringMatching(/^NoSuchBucket/) });
  });

  it("takes an event that is not an HTTP request (the stack's schedule) as the call to send e-mails that failed before", async () => {
    expect(await intakeHandler()({ retry: "notify-pending" })).toEqual({ retried: 0 });
    expect(mails()).toEqual([]);
  });

  it("sends no e-mail when NOTIFY_TO is unset", async () => {
    const handler = createLambdaHandler(site, { QUOTES_BUCKET: s3.bucket, QUOTES_S3_ENDPOINT: s3.endpoint });
    expect(await handler(postJson(formQuote()))).toMatchObject({ statusCode: 200 });
    expect(mails()).toEqual([]);
    expect(await s3.keys("notify-pending/")).toEqual([]);
  });

  it("refuses with 403, storing nothing, a request without CloudFront's secret header when ORIGIN_SECRET is set", async () => {
    const handler = intakeHandler({ ORIGIN_SECRET: "s3cr3t-from-the-stack" });
    const quote = formQuote();
    expect(await handler(postJson(quote))).toMatchObject({ statusCode: 403 });
    const wrong = functionUrlEvent("POST", JSON.stringify(quote), { "content-type": "application/json", [originSecretHeader]: "guess" });
    expect(await handler(wrong)).toMatchObject({ statusCode: 403 });
    expect(await s3.keys()).toEqual([]);
    const right = functionUrlEvent("POST", JSON.stringify(quote), { "content-type": "application/json", [originSecretHeader]: "s3cr3t-from-the-stack" });
    expect(await handler(right)).toMatchObject({ statusCode: 200 });
    expect(await s3.keys()).toEqual([quoteKey(quote)]);
  });
});

describe("the intake's store, when S3 honours If-None-Match", () => {
  it("treats 412 Precondition Failed as already stored: success, and no second e-mail", async () => {
    const s3Mock = mockClient(S3Client);
    try {
      const preconditionFailed = new S3ServiceException({ name: "PreconditionFailed", $fault: "client", $metadata: { httpStatusCode: 412 }, message: "At least one of the pre-conditions you specified did not hold" });
      s3Mock.on(PutObjectCommand, { Key: quoteKey(formQuote()) }).rejects(preconditionFailed);
      const lines: unknown[] = [];
      let sent = 0;
      const intake = createIntake({ quotes: new S3Quotes(new S3Client({}), "quotes"), notifier: { send: async () => void sent++ }, log: (line) => lines.push(line) });
      await intake.store(formQuote());
      expect(sent).toBe(0);
      expect(lines).toEqual([{ case_id: formQuote().case_id, slot: "modal", outcome: "already stored" }]);
    } finally {
      s3Mock.restore();
    }
  });
});

describe("the quote bucket, when S3 reports a write of the same key under way", () => {
  it("tries again after 409 Conflict, and then counts 412 as already stored", async () => {
    const s3Mock = mockClient(S3Client);
    try {
      const conflict = new S3ServiceException({ name: "ConditionalRequestConflict", $fault: "client", $metadata: { httpStatusCode: 409 }, message: "conflict" });
      const preconditionFailed = new S3ServiceException({ name: "PreconditionFailed", $fault: "client", $metadata: { httpStatusCode: 412 }, message: "exists" });
      s3Mock.on(PutObjectCommand).rejectsOnce(conflict).rejectsOnce(preconditionFailed);
      expect(await new S3Quotes(new S3Client({}), "quotes").put(formQuote())).toBe("already stored");
      expect(s3Mock.commandCalls(PutObjectCommand)).toHaveLength(2);
      expect(s3Mock.commandCalls(PutObjectCommand)[0]!.args[0].input).toMatchObject({ Key: quoteKey(formQuote()), IfNoneMatch: "*" });
    } finally {
      s3Mock.restore();
    }
  });
});

describe("the intake's configuration", () => {
  it("names the variable to set when one is missing or wrong", () => {
    expect(() => intakeConfigFrom({})).toThrow("QUOTES_BUCKET is not set; set it to the name of the bucket that keeps the quotes");
    expect(() => intakeConfigFrom({ QUOTES_BUCKET: "q", NOTIFY_TO: "a@example.org" })).toThrow(
      "NOTIFY_TO is set but NOTIFY_FROM is not; set NOTIFY_FROM to the SES-verified address the e-mails come from",
    );
    expect(() => intakeConfigFrom({ QUOTES_BUCKET: "q", QUOTE_RETENTION_DAYS: "a year" })).toThrow(
      'QUOTE_RETENTION_DAYS is "a year"; set it to a whole number of days, like 365',
    );
  });

  it("reads a comma-separated list of coordinators' addresses", () => {
    expect(intakeConfigFrom({ QUOTES_BUCKET: "q", NOTIFY_TO: "a@example.org, b@example.org", NOTIFY_FROM: "f@example.org", QUOTE_RETENTION_DAYS: "365" })).toEqual({
      bucket: "q", notifyTo: ["a@example.org", "b@example.org"], notifyFrom: "f@example.org", retentionDays: 365, s3Endpoint: undefined, originSecret: undefined,
    });
  });
});
