// Issue 39: a burst of quotes under SES's sending rate. A simulated SQS queue (receive counts, partial batch
// failures, a visibility timeout, a dead-letter queue after 5 receives), the in-memory S3 and a mocked SES that
// answers 429 above its rate (and, as when other mail of the account uses the rate, now and then at random), all on
// one simulated clock that the notifier's waits advance. Invariant: every stored quote is mailed exactly once and
// none goes to the dead-letter queue for a throttle.
import { SendEmailCommand, SESv2Client, SESv2ServiceException, type SendEmailCommandInput } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createNotifier, type NotifierLogLine } from "../../../src/quote/notifier";
import { quoteKey, S3Quotes } from "../../../src/quote/s3-store";
import { MemoryS3 } from "../support/memory-s3";
import { formQuote } from "../support/quotes";
import { s3EventBody } from "../support/queue-events";

const MAX_RECEIVES = 5;
const VISIBILITY_MS = 180_000;
/** What the notifier is given of its 30 s: Lambda's timeout less the 3 s it keeps for its answer. */
const BUDGET_MS = 27_000;

const ses = mockClient(SESv2Client);
afterAll(() => ses.restore());

interface Burst {
  quotes: number;
  /** The e-mails a second SES takes before it answers 429. */
  sesRate: number;
  /** The rate the notifier was told: right, or wrong by far. */
  configuredRate: number;
  /** The chance that SES throttles a send within its rate (the account's other mail). */
  otherMail: number;
  /** Milliseconds one SES call takes. */
  sesLatency: number;
}

interface Message {
  id: string;
  body: string;
  receives: number;
  visibleAt: number;
}

async function run(burst: Burst, random: () => number) {
  let clock = Date.UTC(2026, 10, 24, 9);
  const memory = new MemoryS3();
  memory.now = () => new Date(clock);
  const quotes = new S3Quotes(memory.client(), "quotes");
  const queue: Message[] = [];
  const deadLetters: Message[] = [];
  let messages = 0;
  const enqueue = (body: string, delayMs = 0) => queue.push({ id: `m${++messages}`, body, receives: 0, visibleAt: clock + delayMs });

  // The burst: every quote stored at once, each announced by S3.
  const stored: string[] = [];
  for (let i = 0; i < burst.quotes; i++) {
    const quote = formQuote((i % 36) / 36 + 0.001, clock + i * 36);
    await quotes.put(quote);
    stored.push(quote.case_id);
    enqueue(s3EventBody(quoteKey(quote)));
  }

  const mailed: string[] = [];
  const sentAt: number[] = [];
  ses.reset();
  ses.on(SendEmailCommand).callsFake(async (input: SendEmailCommandInput) => {
    clock += burst.sesLatency;
    const recent = sentAt.filter((at) => at > clock - 1000).length;
    if (recent >= burst.sesRate || random() < burst.otherMail) {
      throw new SESv2ServiceException({ name: "TooManyRequestsException", $fault: "client", $metadata: { httpStatusCode: 429 }, message: "Maximum sending rate exceeded." });
    }
    sentAt.push(clock);
    mailed.push(/^Quote (AF\d{8}[A-Z0-9]{4}):/.exec(input.Content!.Simple!.Subject!.Data!)![1]!);
    return { MessageId: "m" };
  });
  const log: NotifierLogLine[] = [];
  const notifier = createNotifier({
    quotes,
    ses: new SESv2Client({ region: "us-east-1" }),
    from: "quotes@floridamedicalflights.example",
    to: ["coordinators@floridamedicalflights.example"],
    fields: [],
    log: (line) => log.push(line),
    now: () => new Date(clock),
    sendRate: burst.configuredRate,
    requeue: async (body, delaySeconds) => void enqueue(body, delaySeconds * 1000),
    sleep: async (ms) => void (clock += ms),
    clock: () => clock,
  });

  for (let round = 0; queue.length > 0 && round < 20_000; round++) {
    const visible = queue.filter((message) => message.visibleAt <= clock).slice(0, 10);
    if (visible.length === 0) {
      clock = Math.min(...queue.map((message) => message.visibleAt));
      continue;
    }
    const start = clock;
    for (const message of visible) {
      message.receives++;
      message.visibleAt = start + VISIBILITY_MS;
    }
    const answer = await notifier.handle({ Records: visible.map(({ id, body }) => ({ messageId: id, body })) }, undefined, start + BUDGET_MS);
    const failed = new Set(answer.batchItemFailures.map((failure) => failure.itemIdentifier));
    for (const message of visible) {
      const at = queue.indexOf(message);
      if (!failed.has(message.id)) queue.splice(at, 1);
      else if (message.receives >= MAX_RECEIVES) deadLetters.push(...queue.splice(at, 1));
    }
    clock += 100;
  }
  return { stored, mailed, queue, deadLetters, log };
}

function expectEachMailedOnce({ stored, mailed, queue, deadLetters }: Awaited<ReturnType<typeof run>>) {
  expect(queue, "the queue drains").toEqual([]);
  expect(deadLetters.map((message) => message.body), "no quote is dead-lettered for a throttle").toEqual([]);
  expect([...mailed].sort(), "every quote mailed exactly once").toEqual([...stored].sort());
}

describe("a burst of quotes under SES's sending rate (issue 39)", () => {
  it("mails each of 500 quotes once with an empty dead-letter queue, SES taking 1 a second while the notifier was told 14", async () => {
    const result = await run({ quotes: 500, sesRate: 1, configuredRate: 14, otherMail: 0.1, sesLatency: 80 }, mulberry32(39));
    expectEachMailedOnce(result);
    expect(result.log.some((line) => line.outcome === "throttled"), "SES did throttle").toBe(true);
  }, 120_000);

  it("mails every quote once, whatever the burst, SES's rate, the rate the notifier was told and the account's other mail", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          quotes: fc.integer({ min: 100, max: 250 }),
          sesRate: fc.constantFrom(1, 2, 14),
          configuredRate: fc.constantFrom(0.5, 1, 14, 50),
          otherMail: fc.constantFrom(0, 0.05, 0.3),
          sesLatency: fc.constantFrom(20, 200, 1500),
        }),
        fc.integer(),
        async (burst, seed) => expectEachMailedOnce(await run(burst, mulberry32(seed))),
      ),
      { numRuns: 3 },
    );
  }, 240_000);
});

/** A small seeded random, so a failing run can be played again. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
