import { randomUUID } from "node:crypto";
import { SendEmailCommand, type SESv2Client } from "@aws-sdk/client-sesv2";
import { isValidEmail } from "../../client/quote/rules";
import { quoteEmail, type NoticeField } from "./email";
import { caseIdOfKey, describeError as describe, statusOf, type Marker, type S3Quotes } from "./s3-store";
import type { Quote } from "./schema";
import { isUrgent } from "./urgent-text";

// The notifier function: S3 announces every stored quote (an event on the queue); the notifier reads the quote,
// claims it with a conditional marker, has SES send the coordinators' e-mail, and marks it sent. What cannot be
// done now is left to the queue: a record that fails comes back later, and after a few receives goes to the
// dead-letter queue, which raises an alarm. docs/quotes.md, "How a quote travels", tells the whole story.

/** The part of an SQS event the notifier reads. */
export interface SqsEvent {
  Records: { messageId: string; body: string }[];
}

export interface SqsBatchResponse {
  batchItemFailures: { itemIdentifier: string }[];
}

/** One line of the notifier's log: a case id and what happened; `error` names the AWS error, never a visitor's field. */
export interface NotifierLogLine {
  case_id: string;
  outcome:
    | "sent"
    | "resent"
    | "already sent"
    | "claimed elsewhere"
    | "send failed"
    | "send unknown"
    | "not marked"
    | "not released"
    | "reply-to dropped"
    | "throttled"
    | "deferred"
    | "not deferred"
    | "texted"
    | "text failed"
    | "read failed"
    | "test event"
    | "unreadable message";
  error?: string;
}

export interface NotifierOptions {
  quotes: S3Quotes;
  ses: SESv2Client;
  from: string;
  to: string[];
  /** The SES configuration set whose bounces and complaints the stack alarms on. */
  configurationSet?: string;
  /** quote.notice.fields of data/site.yaml. */
  fields: readonly NoticeField[];
  log: (line: NotifierLogLine) => void;
  now?: () => Date;
  /**
   * E-mails a second this function sends at most: SES's sending rate for the account, shared by the notifier's
   * concurrent instances (lambda.ts divides it). Unlimited when left out.
   */
  sendRate?: number;
  /**
   * Puts a record's body back on the notice queue as a new message, received again after `delaySeconds`: a record
   * SES throttled waits there without costing one of its 5 receives (issue 39). Without it, such a record fails.
   */
  requeue?: (body: string, delaySeconds: number) => Promise<void>;
  /** Waits `ms` (tests: a simulated clock), and the clock it paces by, in milliseconds. */
  sleep?: (ms: number) => Promise<void>;
  clock?: () => number;
  /**
   * Texts the on-call coordinators about a quote for Today or 24-48 hrs (urgent-text.ts), once its e-mail is out;
   * off when left out. A failure is logged as "text failed", which the stack alarms on.
   */
  text?: (quote: Quote, signal?: AbortSignal) => Promise<void>;
}

/** How often a throttled record is tried again within one invocation (each wait twice the last, from one second) before it is requeued. */
export const THROTTLE_RETRIES = 3;
/** How long a requeued record waits on the queue: SES's sending rate is per second, its quota per day. */
export const REQUEUE_DELAY_SECONDS = 60;
/** What one record may take at most (S3 reads and writes, one SES call): a record is not started with less time left. */
export const RECORD_RESERVE_MS = 12_000;

/**
 * SES refused an address of the request (400: "Missing final '@domain'", "Illegal address", "Domain contains
 * illegal character", …): the one the notifier can leave out is the visitor's Reply-To. A 400 for anything else (a
 * configuration set, a rate, a quota) is not the address's fault (issue 39).
 */
export function isAddressRejection(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  return (
    statusOf(error) === 400 &&
    !isThrottle(error) &&
    (name === "BadRequestException" || name === "InvalidParameterValue") &&
    /address|domain|mailbox|@/i.test(message ?? "")
  );
}

/** SES refused the request for its sending rate or quota (429, or the Throttling names of its APIs): nothing went out. */
export function isThrottle(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return statusOf(error) === 429 || name === "TooManyRequestsException" || name === "Throttling" || name === "ThrottlingException";
}

/**
 * The SQS batch handler: each record is an S3 event announcing stored quotes (s3:TestEvent is ignored) or
 * `{"resend":{"key":…}}`. Each record succeeds or fails alone (partial batch failure): a failed one is reported in
 * batchItemFailures, so that only it comes back. `signal` gives up on every AWS call (the function's deadline).
 * At most one e-mail per case id: a quote is claimed (notified/<case_id>.json created only if absent) before its
 * e-mail is sent and marked "sent" after. A claim whose send failed for certain (SES answered with an error) is
 * removed (that claim only, by its ETag), so the next delivery sends it; one whose outcome is unknown (a timeout, a crash) is kept, and that
 * quote's record ends in the dead-letter queue rather than risk a second e-mail: the reconcile reports it too.
 */
export function createNotifier({
  quotes,
  ses,
  from,
  to,
  configurationSet,
  fields,
  log,
  now = () => new Date(),
  sendRate = Number.POSITIVE_INFINITY,
  requeue,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  clock = Date.now,
  text,
}: NotifierOptions) {
  let nextSendAt = 0;
  /** Waits for this send's turn: sends are spaced 1/sendRate seconds apart, so a burst stays within SES's rate. */
  async function pace(): Promise<void> {
    const at = Math.max(clock(), nextSendAt);
    nextSendAt = at + 1000 / sendRate;
    if (at > clock()) await sleep(at - clock());
  }

  /** The stored quote; a failure is logged and fails the record before anything is claimed. */
  function read(key: string, caseId: string, signal?: AbortSignal): Promise<Quote> {
    return quotes.readQuote(key, signal).catch((error: unknown) => {
      log({ case_id: caseId, outcome: "read failed", error: describe(error) });
      throw error;
    });
  }

  async function send(quote: Quote, caseId: string, signal?: AbortSignal): Promise<void> {
    const replyTo = replyToAddress(typeof quote.email === "string" ? quote.email : "");
    const mail = async (reply: string | undefined, state: "set" | "dropped" | "none") => {
      await pace();
      const { subject, text } = quoteEmail(quote, { fields, replyTo: state });
      return ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: to },
          ReplyToAddresses: reply ? [reply] : undefined,
          ConfigurationSetName: configurationSet,
          Content: { Simple: { Subject: { Data: subject, Charset: "UTF-8" }, Body: { Text: { Data: text, Charset: "UTF-8" } } } },
        }),
        { abortSignal: signal },
      );
    };
    const reply = replyTo === "none" || replyTo === "dropped" ? undefined : replyTo;
    if (replyTo === "dropped") log({ case_id: caseId, outcome: "reply-to dropped" });
    try {
      await mail(reply, reply ? "set" : (replyTo as "none" | "dropped"));
    } catch (error) {
      // SES refused the visitor's address: send it without, rather than not at all. Any other refusal stands.
      if (!reply || !isAddressRejection(error)) throw error;
      log({ case_id: caseId, outcome: "reply-to dropped", error: describe(error) });
      await mail(undefined, "dropped");
    }
  }

  async function notify(key: string, signal?: AbortSignal): Promise<void> {
    const caseId = caseIdOfKey(key);
    if (!caseId) throw new Unreadable();
    const quote = await read(key, caseId, signal);
    const marker = (state: Marker["state"]): Marker => ({ state, key, at: now().toISOString() });
    const token = randomUUID();
    let claim = await quotes.claim(caseId, { ...marker("claimed"), token }, signal);
    if (claim === "taken") {
      const existing = await quotes.readMarker(caseId, signal);
      if (existing?.state === "sent") return log({ case_id: caseId, outcome: "already sent" });
      // Our own claim, whose answer was lost before the SDK's retry met 412: it is ours to send.
      if (existing?.token !== token) {
        // Being sent by another invocation this moment, or by one that died mid-way: the queue brings it back later.
        log({ case_id: caseId, outcome: "claimed elsewhere" });
        throw new Error("claimed elsewhere");
      }
      claim = { etag: existing.etag };
    }
    const { etag } = claim;
    try {
      await send(quote, caseId, signal);
    } catch (error) {
      const certain = statusOf(error) !== undefined;
      log({ case_id: caseId, outcome: isThrottle(error) ? "throttled" : certain ? "send failed" : "send unknown", error: describe(error) });
      if (certain) {
        await quotes.release(caseId, etag, signal).catch((released: unknown) => log({ case_id: caseId, outcome: "not released", error: describe(released) }));
      }
      throw error;
    }
    log({ case_id: caseId, outcome: "sent" });
    // The e-mail is out: a failure here only leaves "claimed", which the reconcile reports; never a second e-mail.
    await quotes.mark(caseId, marker("sent"), signal).catch((error: unknown) => log({ case_id: caseId, outcome: "not marked", error: describe(error) }));
    // Once, with the e-mail (a resend does not text): a failed text alarms, and the e-mail has the quote.
    if (text && isUrgent(quote)) {
      await text(quote, signal).then(
        () => log({ case_id: caseId, outcome: "texted" }),
        (error: unknown) => log({ case_id: caseId, outcome: "text failed", error: describe(error) }),
      );
    }
  }

  async function resend(key: string, signal?: AbortSignal): Promise<void> {
    const caseId = caseIdOfKey(key);
    if (!caseId) throw new Unreadable();
    const quote = await read(key, caseId, signal);
    try {
      await send(quote, caseId, signal);
    } catch (error) {
      log({ case_id: caseId, outcome: isThrottle(error) ? "throttled" : statusOf(error) !== undefined ? "send failed" : "send unknown", error: describe(error) });
      throw error;
    }
    log({ case_id: caseId, outcome: "resent" });
    await quotes
      .mark(caseId, { state: "sent", key, at: now().toISOString(), resent: true }, signal)
      .catch((error: unknown) => log({ case_id: caseId, outcome: "not marked", error: describe(error) }));
  }

  async function handleRecord(body: string, signal?: AbortSignal): Promise<void> {
    const message = parseMessage(body);
    if (message === "test event") return log({ case_id: "", outcome: "test event" });
    if (message === undefined) {
      log({ case_id: "", outcome: "unreadable message" });
      throw new Unreadable();
    }
    if ("resend" in message) return resend(message.resend, signal);
    for (const key of message.created) await notify(key, signal);
  }

  /** Puts the record back on the queue as a new message; false when it could not (the record then fails). */
  async function putBack(body: string, why: string): Promise<boolean> {
    if (!requeue) return false;
    try {
      await requeue(body, REQUEUE_DELAY_SECONDS);
      log({ case_id: caseIdOfBody(body), outcome: "deferred", error: why });
      return true;
    } catch (error) {
      log({ case_id: caseIdOfBody(body), outcome: "not deferred", error: describe(error) });
      return false;
    }
  }

  /**
   * One record, tried again after a throttle (waits doubling from one second: the throttle freed its claim, so nothing went out)
   * and, still throttled, put back on the queue: true when it is done with, false when it fails.
   */
  async function handleWithBackoff(body: string, signal: AbortSignal | undefined, deadline: number): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      try {
        await handleRecord(body, signal);
        return true;
      } catch (error) {
        if (!isThrottle(error)) return false;
        const wait = 1000 * 2 ** attempt;
        if (attempt >= THROTTLE_RETRIES || clock() + wait + RECORD_RESERVE_MS > deadline) return putBack(body, describe(error));
        await sleep(wait);
      }
    }
  }

  return {
    /**
     * The batch, one record at a time (sends are paced to SES's rate). `deadline` (the clock's milliseconds): a
     * record not started when too little time is left for it is put back on the queue untouched.
     */
    async handle(event: SqsEvent, signal?: AbortSignal, deadline = Number.POSITIVE_INFINITY): Promise<SqsBatchResponse> {
      const failures: { itemIdentifier: string }[] = [];
      for (const record of event.Records) {
        const done = clock() + RECORD_RESERVE_MS > deadline || signal?.aborted ? await putBack(record.body, "no time left") : await handleWithBackoff(record.body, signal, deadline);
        if (!done) failures.push({ itemIdentifier: record.messageId });
      }
      return { batchItemFailures: failures };
    },
  };
}

/**
 * The visitor's address as SES takes it in Reply-To, "none" when they gave none, or "dropped" when SES would
 * refuse it: SES wants 7-bit ASCII, so a domain in another script is written in Punycode and a local part in one
 * is dropped (the address stays in the stored quote).
 */
export function replyToAddress(email: string): string | "none" | "dropped" {
  const address = email.trim();
  if (!address) return "none";
  if (!isValidEmail(address)) return "dropped";
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at);
  let domain: string;
  try {
    domain = new URL(`http://${address.slice(at + 1)}/`).hostname;
  } catch {
    return "dropped";
  }
  const atext = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
  const label = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
  const labels = domain.split(".");
  return atext.test(local) && labels.length >= 2 && labels.every((part) => label.test(part)) ? `${local}@${domain}` : "dropped";
}

// --- internal ---

/** The case id a queue message is about, for the log ("" when it names none). */
function caseIdOfBody(body: string): string {
  const message = parseMessage(body);
  const key = message === undefined || message === "test event" ? undefined : "resend" in message ? message.resend : message.created[0];
  return (key && caseIdOfKey(key)) ?? "";
}

class Unreadable extends Error {
  override name = "UnreadableMessage";
}

/** A queue message's body → the quote keys S3 announced, a resend request, the test event, or undefined. */
function parseMessage(body: string): { created: string[] } | { resend: string } | "test event" | undefined {
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof message !== "object" || message === null) return undefined;
  const record = message as { Event?: unknown; Records?: unknown; resend?: { key?: unknown } };
  if (record.Event === "s3:TestEvent") return "test event";
  if (typeof record.resend?.key === "string") return { resend: record.resend.key };
  if (!Array.isArray(record.Records)) return undefined;
  const created: string[] = [];
  for (const entry of record.Records as { eventName?: unknown; s3?: { object?: { key?: unknown } } }[]) {
    const key = entry?.s3?.object?.key;
    if (typeof entry?.eventName !== "string" || typeof key !== "string") return undefined;
    // S3 writes the key form-encoded in its events (a space as "+").
    if (entry.eventName.startsWith("ObjectCreated:")) created.push(decodeURIComponent(key.replace(/\+/g, " ")));
  }
  return { created };
}
