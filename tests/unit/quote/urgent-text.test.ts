// Issue 39: a quote for Today or 24-48 hrs reaches the on-call coordinators' phones: a text through AWS End User
// Messaging SMS (mocked with aws-sdk-client-mock) holding only the case id, the urgency and the call-back number.
import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from "@aws-sdk/client-pinpoint-sms-voice-v2";
import { SendEmailCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createNotifier, type NotifierLogLine } from "../../../src/quote/notifier";
import { quoteKey, S3Quotes } from "../../../src/quote/s3-store";
import { createUrgentTexter, urgentTextBody } from "../../../src/quote/urgent-text";
import { MemoryS3 } from "../support/memory-s3";
import { formQuote } from "../support/quotes";
import { s3EventBody, sqsEvent } from "../support/queue-events";

const ses = mockClient(SESv2Client);
const sms = mockClient(PinpointSMSVoiceV2Client);
afterAll(() => {
  ses.restore();
  sms.restore();
});
beforeEach(() => {
  ses.reset();
  sms.reset();
  ses.on(SendEmailCommand).resolves({ MessageId: "m" });
  sms.on(SendTextMessageCommand).resolves({ MessageId: "t" });
});

const ORIGINATION = "arn:aws:sms-voice:us-east-1:123456789012:phone-number/phone-abc";
const ON_CALL = ["+12395550001", "+12395550002"];

function setUp() {
  const memory = new MemoryS3();
  const quotes = new S3Quotes(memory.client(), "quotes");
  const log: NotifierLogLine[] = [];
  const notifier = createNotifier({
    quotes,
    ses: new SESv2Client({ region: "us-east-1" }),
    from: "q@example.org",
    to: ["c@example.org"],
    fields: [],
    log: (line) => log.push(line),
    text: createUrgentTexter({ client: new PinpointSMSVoiceV2Client({ region: "us-east-1" }), origination: ORIGINATION, to: ON_CALL }),
  });
  const store = async (quote: ReturnType<typeof formQuote>) => {
    await quotes.put(quote);
    return quoteKey(quote);
  };
  return { notifier, store, log };
}

const texts = () => sms.commandCalls(SendTextMessageCommand).map((call) => call.args[0].input);

describe("an urgent quote's text", () => {
  it("goes to every on-call number for Today and 24-48 hrs, once, with the case id, urgency and call-back number only", async () => {
    const { notifier, store, log } = setUp();
    const today = { ...formQuote(0.1), urgency: "Today" as const, phone: "(239) 555-0100", full_name: "Ann Lee" };
    const soon = { ...formQuote(0.2), urgency: "24-48 hrs" as const, phone: "+1 239 555 0101" };
    const planned = formQuote(0.3);
    const keys = [await store(today), await store(soon), await store(planned)];
    expect(await notifier.handle(sqsEvent(...keys.map(s3EventBody), s3EventBody(keys[0]!)))).toEqual({ batchItemFailures: [] });
    expect(texts()).toEqual([
      ...ON_CALL.map((number) => ({ DestinationPhoneNumber: number, OriginationIdentity: ORIGINATION, MessageType: "TRANSACTIONAL", MessageBody: `Urgent quote ${today.case_id} (Today). Call back +12395550100. Details in e-mail.` })),
      ...ON_CALL.map((number) => ({ DestinationPhoneNumber: number, OriginationIdentity: ORIGINATION, MessageType: "TRANSACTIONAL", MessageBody: `Urgent quote ${soon.case_id} (24-48 hrs). Call back +12395550101. Details in e-mail.` })),
    ]);
    expect(log.filter((line) => line.outcome === "texted").map((line) => line.case_id)).toEqual([today.case_id, soon.case_id]);
  });

  it("logs a text that could not be sent as text failed (the stack alarms on it), and the e-mail stands", async () => {
    const { notifier, store, log } = setUp();
    sms.on(SendTextMessageCommand).rejects(Object.assign(new Error("no"), { name: "ValidationException", $metadata: { httpStatusCode: 400 } }));
    const key = await store({ ...formQuote(0.4), urgency: "Today" });
    expect(await notifier.handle(sqsEvent(s3EventBody(key)))).toEqual({ batchItemFailures: [] });
    expect(log.map((line) => line.outcome)).toEqual(["sent", "text failed"]);
    expect(log.at(-1)!.error).toBe("ValidationException (HTTP 400)");
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });

  it("carries nothing else a visitor typed: a number that does not read as one keeps only its digits", () => {
    const body = urgentTextBody({ case_id: "AF12345678AB12", urgency: "Today", phone: "call 555-0100 https://evil.example" });
    expect(body).toBe("Urgent quote AF12345678AB12 (Today). Call back 5550100. Details in e-mail.");
  });
});

describe("leads list and urgent quotes (issue 39)", () => {
  it("marks an urgent quote over 2 hours old that nobody resent, and no other", async () => {
    const { listLeads } = await import("../../../src/leads/leads");
    const { S3Leads } = await import("../../../src/leads/s3-leads");
    const memory = new MemoryS3();
    const now = new Date("2026-11-24T15:00:00Z");
    const put = (key: string, body: object, at: string) => memory.objects.set(key, { body: Buffer.from(JSON.stringify(body)), lastModified: new Date(at), etag: `"${key.length}"` });
    const waiting = { ...formQuote(0.1), urgency: "Today" as const };
    const resent = { ...formQuote(0.2), urgency: "24-48 hrs" as const };
    const fresh = { ...formQuote(0.3), urgency: "Today" as const };
    const planned = formQuote(0.4);
    put(quoteKey(waiting), waiting, "2026-11-24T12:00:00Z");
    put(quoteKey(resent), resent, "2026-11-24T11:00:00Z");
    put(`notified/${resent.case_id}.json`, { state: "sent", key: quoteKey(resent), at: "2026-11-24T13:00:00Z", resent: true }, "2026-11-24T13:00:00Z");
    put(quoteKey(fresh), fresh, "2026-11-24T14:00:00Z");
    put(quoteKey(planned), planned, "2026-11-24T08:00:00Z");
    const out: string[] = [];
    await listLeads(new S3Leads(memory.client(), "quotes"), {}, { stdout: (t) => void out.push(t), stderr: () => {}, timeZone: "UTC", now: () => now });
    const marked = out.join("").split("\n").filter((line) => line.endsWith("URGENT: over 2 h, not handled"));
    expect(marked.map((line) => line.split(/ {2,}/)[1])).toEqual([waiting.case_id]);
  });
});
