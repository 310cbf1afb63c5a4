// Issue 25: the notifier takes S3's announcements of stored quotes from the queue and mails each case once.
import { SendEmailCommand, SESv2Client, SESv2ServiceException, type SendEmailCommandInput } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { NoticeField } from "../../../src/quote/email";
import { createNotifier, replyToAddress, type NotifierLogLine } from "../../../src/quote/notifier";
import { markerKey, quoteKey, S3Quotes } from "../../../src/quote/s3-store";
import { MemoryS3 } from "../support/memory-s3";
import { formQuote } from "../support/quotes";
import { s3EventBody, sqsEvent, testEventBody } from "../support/queue-events";

const ses = mockClient(SESv2Client);
afterAll(() => ses.restore());
beforeEach(() => {
  ses.reset();
  ses.on(SendEmailCommand).resolves({ MessageId: "m" });
});

const mails = () => ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input as SendEmailCommandInput);
const sesError = (status: number, name = status === 400 ? "BadRequestException" : "InternalFailure") =>
  new SESv2ServiceException({ name, $fault: status < 500 ? "client" : "server", $metadata: { httpStatusCode: status }, message: "refused" });

/** SES's answer to an address it cannot take. */
const addressRefused = () =>
  new SESv2ServiceException({ name: "BadRequestException", $fault: "client", $metadata: { httpStatusCode: 400 }, message: "Missing final '@domain'" });

function setUp(fields: NoticeField[] = []) {
  const memory = new MemoryS3();
  const quotes = new S3Quotes(memory.client(), "quotes");
  const log: NotifierLogLine[] = [];
  const notifier = createNotifier({
    quotes,
    ses: new SESv2Client({ region: "us-east-1" }),
    from: "quotes@floridamedicalflights.example",
    to: ["coordinators@floridamedicalflights.example"],
    configurationSet: "quote-notices",
    fields,
    log: (line) => log.push(line),
    now: () => new Date("2025-09-07T14:31:00Z"),
    // A throttle's waits pass at once.
    sleep: async () => {},
  });
  const store = async (quote = formQuote()) => {
    await quotes.put(quote);
    return quoteKey(quote);
  };
  const marker = (caseId: string) => JSON.parse(memory.text(markerKey(caseId)) ?? "null");
  return { memory, quotes, notifier, log, store, marker };
}

describe("the notifier", () => {
  it("mails a stored quote once from S3's event, with Reply-To the visitor, and marks it sent", async () => {
    const { notifier, store, marker } = setUp();
    const quote = { ...formQuote(), email: "ann@example.com" };
    const key = await store(quote);
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [] });
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toMatchObject({
      FromEmailAddress: "quotes@floridamedicalflights.example",
      Destination: { ToAddresses: ["coordinators@floridamedicalflights.example"] },
      ReplyToAddresses: ["ann@example.com"],
      ConfigurationSetName: "quote-notices",
      Content: { Simple: { Subject: { Data: `Quote ${quote.case_id}: Planned (3+ days), Naples, FL → Houston, TX`, Charset: "UTF-8" } } },
    });
    expect(marker(quote.case_id)).toEqual({ state: "sent", key, at: "2025-09-07T14:31:00.000Z" });
    expect(Object.keys(marker(quote.case_id))).not.toContain("token");
  });

  it("mails the same case id once, however often S3 announces it, in one batch or later ones", async () => {
    const { notifier, store, log } = setUp();
    const key = await store();
    const first = await notifier.handle(sqsEvent(s3EventBody(key), s3EventBody(key)));
    const again = await notifier.handle(sqsEvent(s3EventBody(key)));
    expect(mails()).toHaveLength(1);
    expect(again).toEqual({ batchItemFailures: [] });
    // The twin in the same batch found the claim of a send under way: it comes back later, and then finds "sent".
    expect(first.batchItemFailures.length).toBeLessThanOrEqual(1);
    expect(log.map((line) => line.outcome)).toContain("already sent");
  });

  it("ignores S3's test event", async () => {
    const { notifier } = setUp();
    expect(await notifier.handle(sqsEvent(testEventBody))).toEqual({ batchItemFailures: [] });
    expect(mails()).toEqual([]);
  });

  it("sends again on a resend request, whatever the marker says, and marks it resent", async () => {
    const { notifier, store, marker } = setUp();
    const key = await store();
    await notifier.handle(sqsEvent(s3EventBody(key)));
    expect(await notifier.handle(sqsEvent(JSON.stringify({ resend: { key } })))).toEqual({ batchItemFailures: [] });
    expect(mails()).toHaveLength(2);
    expect(marker(formQuote().case_id)).toMatchObject({ state: "sent", resent: true });
  });

  it("fails only the record whose e-mail SES refused, and frees its claim so that the queue's next delivery sends it", async () => {
    const { notifier, store, marker } = setUp();
    const failing = formQuote(0.1);
    const fine = formQuote(0.9);
    const [failingKey, fineKey] = [await store(failing), await store(fine)];
    ses.on(SendEmailCommand).callsFake(async (input: SendEmailCommandInput) => {
      if (input.Content?.Simple?.Subject?.Data?.includes(failing.case_id)) throw sesError(500);
      return { MessageId: "m" };
    });
    expect(await notifier.handle(sqsEvent(s3EventBody(failingKey), s3EventBody(fineKey)))).toEqual({ batchItemFailures: [{ itemIdentifier: "message-1" }] });
    expect(marker(failing.case_id)).toBeNull();
    expect(marker(fine.case_id)).toMatchObject({ state: "sent" });
    ses.on(SendEmailCommand).resolves({ MessageId: "m" });
    expect(await notifier.handle(sqsEvent(s3EventBody(failingKey)))).toEqual({ batchItemFailures: [] });
    expect(marker(failing.case_id)).toMatchObject({ state: "sent" });
  });

  it("keeps the claim when nobody knows whether SES sent it (a timeout): no second e-mail, the record fails until the dead-letter queue", async () => {
    const { notifier, store, marker, log } = setUp();
    const key = await store();
    ses.on(SendEmailCommand).rejectsOnce(Object.assign(new Error("timed out"), { name: "TimeoutError" }));
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [{ itemIdentifier: "message-1" }] });
    expect(marker(formQuote().case_id)).toMatchObject({ state: "claimed" });
    ses.on(SendEmailCommand).resolves({ MessageId: "m" });
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [{ itemIdentifier: "message-1" }] });
    expect(mails()).toHaveLength(1);
    expect(log.map((line) => line.outcome)).toEqual(["send unknown", "claimed elsewhere"]);
  });

  it("knows its own claim when S3's answer to it was lost and the SDK's retry met 412, and sends", async () => {
    const { notifier, store, memory, marker } = setUp();
    const key = await store();
    let claims = 0;
    memory.fault = (call) => (call.method === "PUT" && call.key.startsWith("notified/") && ++claims === 1 ? "lose answer" : undefined);
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [] });
    expect(mails()).toHaveLength(1);
    expect(marker(formQuote().case_id)).toMatchObject({ state: "sent" });
  });

  it("frees its own claim by the ETag S3 gave it, also one it knew again by its token after a lost answer", async () => {
    const { notifier, store, memory, marker } = setUp();
    const key = await store();
    let claims = 0;
    memory.fault = (call) => (call.method === "PUT" && call.key.startsWith("notified/") && ++claims === 1 ? "lose answer" : undefined);
    ses.on(SendEmailCommand).rejectsOnce(sesError(503));
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [{ itemIdentifier: "message-1" }] });
    expect(memory.calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
    expect(marker(formQuote().case_id)).toBeNull();
  });

  it("removes in a release only its own claim: a marker written since stays, and a claim already gone is no error", async () => {
    const { quotes, marker } = setUp();
    const caseId = formQuote().case_id;
    const claim = await quotes.claim(caseId, { state: "claimed", key: "k", at: "2025-09-07T14:31:00Z", token: "ours" });
    if (claim === "taken") throw new Error("the marker was free");
    // S3's answer to our delete was lost, and another invocation claimed and sent the quote before the SDK's retry.
    await quotes.release(caseId, claim.etag);
    await quotes.mark(caseId, { state: "sent", key: "k", at: "2025-09-07T14:31:01Z" });
    await quotes.release(caseId, claim.etag);
    expect(marker(caseId)).toMatchObject({ state: "sent" });
    await quotes.release("AF00000000ZZZZ", claim.etag);
  });

  it("drops from Reply-To an address SES would refuse, and sends all the same", async () => {
    const { notifier, store } = setUp();
    const key = await store({ ...formQuote(), email: "jösé@example.com" });
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [] });
    expect(mails()[0]!.ReplyToAddresses).toBeUndefined();
    expect(mails()[0]!.Content!.Simple!.Body!.Text!.Data).toContain("The visitor's e-mail address could not be used for replies: see it in the stored request.");
  });

  it("sends again without Reply-To when SES refuses the address (400)", async () => {
    const { notifier, store, log } = setUp();
    const key = await store({ ...formQuote(), email: "ann@example.com" });
    ses.on(SendEmailCommand).rejectsOnce(addressRefused()).resolves({ MessageId: "m" });
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [] });
    expect(mails().map((mail) => mail.ReplyToAddresses)).toEqual([["ann@example.com"], undefined]);
    expect(log.map((line) => line.outcome)).toEqual(["reply-to dropped", "sent"]);
  });

  // Issue 39: only an address rejection drops the Reply-To; another 400 (or a rate limit) fails the record as it is.
  it("keeps the Reply-To when SES refuses the request for anything but an address", async () => {
    for (const refusal of [sesError(400), new SESv2ServiceException({ name: "Throttling", $fault: "client", $metadata: { httpStatusCode: 400 }, message: "Maximum sending rate exceeded." })]) {
      ses.reset();
      const { notifier, store, log, memory } = setUp();
      const key = await store({ ...formQuote(), email: "ann@example.com" });
      ses.on(SendEmailCommand).rejects(refusal);
      expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [{ itemIdentifier: "message-1" }] });
      expect(mails().every((mail) => mail.ReplyToAddresses?.[0] === "ann@example.com"), refusal.name).toBe(true);
      expect(log.map((line) => line.outcome)).not.toContain("reply-to dropped");
      expect(memory.keys("notified/"), "the claim is freed: SES answered").toEqual([]);
    }
  });

  it("claims nothing when the quote cannot be read (S3 silent): the next delivery sends it", async () => {
    const { notifier, store, memory } = setUp();
    const key = await store();
    memory.fault = (call) => (call.method === "GET" ? "hang" : undefined);
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [{ itemIdentifier: "message-1" }] });
    expect(memory.keys("notified/")).toEqual([]);
    memory.fault = () => undefined;
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [] });
    expect(mails()).toHaveLength(1);
  });

  it("fails a record it cannot read, or whose quote is not there, claiming nothing", async () => {
    const { notifier, memory } = setUp();
    const missing = quoteKey(formQuote());
    const answer = await notifier.handle(sqsEvent("not json", JSON.stringify({ hello: 1 }), s3EventBody(missing), s3EventBody("quotes/elsewhere.json")));
    expect(answer.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(["message-1", "message-2", "message-3", "message-4"]);
    expect(memory.keys("notified/")).toEqual([]);
    expect(mails()).toEqual([]);
  });

  it("logs case ids and outcomes, never a field the visitor typed", async () => {
    const { notifier, store, log } = setUp();
    const quote = { ...formQuote(), email: "ann@example.com" };
    await notifier.handle(sqsEvent(s3EventBody(await store(quote))));
    expect(log).toEqual([{ case_id: quote.case_id, outcome: "sent" }]);
  });
});

// Issue 39: a burst stays within SES's rate, and a throttle never costs one of a record's receives.
describe("the notifier under SES's sending rate", () => {
  const throttle = () => new SESv2ServiceException({ name: "TooManyRequestsException", $fault: "client", $metadata: { httpStatusCode: 429 }, message: "Maximum sending rate exceeded." });
  function paced(requeued: { body: string; delaySeconds: number }[] = [], requeue?: (body: string, delaySeconds: number) => Promise<void>) {
    const memory = new MemoryS3();
    const quotes = new S3Quotes(memory.client(), "quotes");
    let clock = 0;
    const sentAt: number[] = [];
    ses.on(SendEmailCommand).callsFake(async () => void sentAt.push(clock));
    const log: NotifierLogLine[] = [];
    const notifier = createNotifier({
      quotes, ses: new SESv2Client({ region: "us-east-1" }), from: "q@example.org", to: ["c@example.org"], fields: [], log: (line) => log.push(line),
      sendRate: 2,
      requeue: requeue ?? (async (body, delaySeconds) => void requeued.push({ body, delaySeconds })),
      sleep: async (ms) => void (clock += ms),
      clock: () => clock,
    });
    const store = async (random: number) => {
      const quote = formQuote(random);
      await quotes.put(quote);
      return quoteKey(quote);
    };
    return { notifier, store, sentAt, log, memory, requeued, later: (ms: number) => (clock += ms) };
  }

  it("sends a batch one e-mail at a time, spaced by its sending rate", async () => {
    const { notifier, store, sentAt } = paced();
    const keys = [await store(0.1), await store(0.2), await store(0.3)];
    expect(await notifier.handle(sqsEvent(...keys.map(s3EventBody)))).toEqual({ batchItemFailures: [] });
    expect(sentAt).toEqual([0, 500, 1000]);
  });

  it("tries a throttled e-mail again after a second, and the record succeeds", async () => {
    const { notifier, store, log, sentAt } = paced();
    const key = await store(0.1);
    ses.on(SendEmailCommand).rejectsOnce(throttle()).callsFake(async () => void sentAt.push(0));
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [] });
    expect(log.map((line) => line.outcome)).toEqual(["throttled", "sent"]);
    expect(mails()).toHaveLength(2);
  });

  it("puts a record still throttled back on the queue as a new message, freed of its claim, and does not fail it", async () => {
    const { notifier, store, log, requeued, memory } = paced();
    const key = await store(0.1);
    ses.on(SendEmailCommand).rejects(throttle());
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [] });
    expect(requeued).toEqual([{ body: s3EventBody(key), delaySeconds: 60 }]);
    expect(log.map((line) => line.outcome)).toEqual(["throttled", "throttled", "throttled", "throttled", "deferred"]);
    expect(memory.keys("notified/"), "no claim left: the next delivery sends it").toEqual([]);
  });

  it("fails the record when it cannot be put back, so the queue brings it again", async () => {
    const { notifier, store, log } = paced([], async () => {
      throw Object.assign(new Error("refused"), { name: "AccessDenied" });
    });
    const key = await store(0.1);
    ses.on(SendEmailCommand).rejects(throttle());
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [{ itemIdentifier: "message-1" }] });
    expect(log.at(-1)).toEqual({ case_id: formQuote(0.1).case_id, outcome: "not deferred", error: "AccessDenied" });
  });

  it("puts back untouched the records it has no time left for", async () => {
    const { notifier, store, requeued, sentAt, later } = paced();
    const keys = [await store(0.1), await store(0.2)];
    // SES takes a second to answer: after the first record, 11.4 s are left, under what a record may take.
    ses.on(SendEmailCommand).callsFake(async () => void sentAt.push(later(1000) - 1000));
    expect(await notifier.handle(sqsEvent(...keys.map(s3EventBody)), undefined, 12_400)).toEqual({ batchItemFailures: [] });
    expect(sentAt).toEqual([0]);
    expect(requeued).toEqual([{ body: s3EventBody(keys[1]!), delaySeconds: 60 }]);
  });
});

describe("the visitor's address as Reply-To", () => {
  it.each([
    ["ann@example.com", "ann@example.com"],
    [" ann@example.com ", "ann@example.com"],
    ["ann@bücher.example", "ann@xn--bcher-kva.example"],
    ["jösé@example.com", "dropped"],
    ["ann lee at gmail", "dropped"],
    ["", "none"],
  ])("%j → %j", (email, expected) => {
    expect(replyToAddress(email)).toBe(expected);
  });
});
