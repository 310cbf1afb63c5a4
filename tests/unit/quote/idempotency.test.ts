// Issue 25: the same case id sent twice is stored once and mailed once, against a store that honours
// If-None-Match as AWS documents it (s3rver ignores it, and there the same case id twice was mailed twice).
import { SendEmailCommand, SESv2Client, type SendEmailCommandInput } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, describe, expect, it } from "vitest";
import { createNotifier } from "../../../src/quote/notifier";
import { createQuoteReceiver } from "../../../src/quote/receiver";
import { quoteKey, quotesPrefix, S3Quotes } from "../../../src/quote/s3-store";
import { MemoryS3 } from "../support/memory-s3";
import { formQuote } from "../support/quotes";
import { s3EventBody, sqsEvent } from "../support/queue-events";

const SITE = "https://www.floridamedicalflights.example";
const ses = mockClient(SESv2Client);
afterAll(() => ses.restore());

describe("the same case id sent twice", () => {
  it("is stored once and mailed once, even when S3 announces it more than once", async () => {
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: "m" });
    const memory = new MemoryS3();
    const quotes = new S3Quotes(memory.client(), "quotes");
    const receive = createQuoteReceiver({ store: (quote) => quotes.put(quote), siteOrigin: SITE });
    const notifier = createNotifier({ quotes, ses: new SESv2Client({ region: "us-east-1" }), from: "q@example.org", to: ["c@example.org"], fields: [], log: () => {} });
    const quote = formQuote();
    const announced: string[] = [];
    for (const body of [quote, { ...quote, full_name: "Someone Else" }]) {
      const before = new Set(memory.keys(quotesPrefix));
      const response = await receive(new Request(`${SITE}/api/quote`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Origin: SITE } }));
      expect(response.status).toBe(200);
      announced.push(...memory.keys(quotesPrefix).filter((key) => !before.has(key)));
    }
    expect(announced, "the second PUT created nothing: S3 announces one object").toEqual([quoteKey(quote)]);
    expect(JSON.parse(memory.text(quoteKey(quote))!)).toMatchObject(quote);
    await notifier.handle(sqsEvent(s3EventBody(quoteKey(quote))));
    await notifier.handle(sqsEvent(s3EventBody(quoteKey(quote)), s3EventBody(quoteKey(quote))));
    const mails = ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input as SendEmailCommandInput);
    expect(mails).toHaveLength(1);
  });
});
