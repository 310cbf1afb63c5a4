// Issue 39: one quote per case id, whatever the day it is posted, and every object a case id ever had (two, when it
// was stored on two days before the fix) seen by show, resend, delete and the daily reconciliation.
import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { mockClient } from "aws-sdk-client-mock";
import { describe, expect, it } from "vitest";
import { deleteLead, showLead } from "../../../src/leads/leads";
import { resendNotice } from "../../../src/leads/resend";
import { S3Leads } from "../../../src/leads/s3-leads";
import { createQuoteReceiver } from "../../../src/quote/receiver";
import { findUnnotified } from "../../../src/quote/reconcile";
import { quoteKey, S3Quotes } from "../../../src/quote/s3-store";
import { MemoryS3 } from "../support/memory-s3";
import { formQuote } from "../support/quotes";
import { olderKeyOf } from "../support/stored-quotes";

const SITE = "https://www.floridamedicalflights.example";
const post = (quote: unknown) => new Request(`${SITE}/api/quote`, { method: "POST", body: JSON.stringify(quote), headers: { "Content-Type": "application/json", Origin: SITE } });

describe("one quote per case id (issue 39)", () => {
  it("answers a second post of a stored case id on another day like the first, and stores it nowhere", async () => {
    const memory = new MemoryS3();
    const quotes = new S3Quotes(memory.client(), "quotes");
    let now = Date.UTC(2026, 10, 7, 23, 59);
    const receive = createQuoteReceiver({ store: (quote) => quotes.put(quote), siteOrigin: SITE, now: () => now });
    const first = formQuote(0.3, Date.UTC(2026, 10, 7, 23, 59));
    const firstAnswer = await receive(post(first));
    now = Date.UTC(2026, 10, 8, 9, 0);
    const again = await receive(post({ ...first, full_name: "Someone Else", timestamp: "2026-11-08T09:00:00.000Z" }));
    expect([firstAnswer.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual(await firstAnswer.json());
    expect(memory.keys("quotes/")).toEqual([`quotes/${first.case_id}.json`]);
    expect(JSON.parse(memory.text(quoteKey(first))!)).toMatchObject({ full_name: "Ann Lee", received: "2026-11-07T23:59:00.000Z" });
  });
});

describe("a case id stored on two days before issue 39", () => {
  /** A bucket holding the case on 7 and 8 November, the first mailed (its marker names it), and one other quote. */
  function bucketWithTwice() {
    const memory = new MemoryS3();
    const quote = formQuote(0.3, Date.UTC(2026, 10, 7, 14));
    const [day1, day2] = [olderKeyOf(quote), olderKeyOf({ ...quote, timestamp: "2026-11-08T14:00:00.000Z" })];
    const put = (key: string, body: object, at: Date) => memory.objects.set(key, { body: Buffer.from(JSON.stringify(body)), lastModified: at, etag: `"${key.length}"` });
    put(day1, quote, new Date("2026-11-07T14:00:05Z"));
    put(day2, { ...quote, full_name: "Second Post" }, new Date("2026-11-08T14:00:05Z"));
    put(`notified/${quote.case_id}.json`, { state: "sent", key: day1, at: "2026-11-07T14:00:09Z" }, new Date("2026-11-07T14:00:09Z"));
    const other = formQuote(0.9, Date.UTC(2026, 10, 8, 10));
    put(quoteKey(other), other, new Date("2026-11-08T10:00:05Z"));
    put(`notified/${other.case_id}.json`, { state: "sent", key: quoteKey(other), at: "2026-11-08T10:00:09Z" }, new Date("2026-11-08T10:00:09Z"));
    return { memory, quote, day1, day2, other, leads: new S3Leads(memory.client(), "quotes") };
  }
  const io = (out: string[]) => ({ stdout: (text: string) => void out.push(text), stderr: () => {}, timeZone: "UTC" });

  it("shows both quotes of the case, oldest first", async () => {
    const { leads, quote, day1, day2 } = bucketWithTwice();
    const out: string[] = [];
    await showLead(leads, quote.case_id, io(out));
    const text = out.join("");
    expect(text.match(/^Quote \d of 2 stored with case id .*:$/gm)).toEqual([`Quote 1 of 2 stored with case id ${quote.case_id}:`, `Quote 2 of 2 stored with case id ${quote.case_id}:`]);
    expect(text.match(/^Kept as: +(.*)$/gm)!.map((line) => line.split(/ +/)[2])).toEqual([day1, day2]);
  });

  it("resends both, and deletes both with the marker, leaving the other quote", async () => {
    const { leads, memory, quote, day1, day2, other } = bucketWithTwice();
    const sqs = mockClient(SQSClient);
    try {
      sqs.on(SendMessageCommand).resolves({ MessageId: "1" });
      await resendNotice(new SQSClient({ region: "us-east-1" }), "https://sqs.example/notices", await leads.find(quote.case_id));
      expect(sqs.commandCalls(SendMessageCommand).map((call) => JSON.parse(call.args[0].input.MessageBody!))).toEqual([{ resend: { key: day1 } }, { resend: { key: day2 } }]);
    } finally {
      sqs.restore();
    }
    await deleteLead(leads, quote.case_id, true, io([]));
    expect(memory.keys()).toEqual([`notified/${other.case_id}.json`, quoteKey(other)].sort());
  });

  it("is reported by the reconciliation: its second quote was never mailed", async () => {
    const { memory, quote } = bucketWithTwice();
    expect(await findUnnotified(new S3Quotes(memory.client(), "quotes"), new Date("2026-11-08T15:00:00Z"))).toEqual([quote.case_id]);
  });
});
