import { handle, type LambdaContext, type LambdaEvent } from "hono/aws-lambda";
import { createQuoteApp, fixedOriginSecret } from "./app";
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { createS3Client, createSecretsClient, createSesClient, createSmsClient, createSqsClient } from "./aws";
import type { NoticeField } from "./email";
import { createOriginSecretCheck } from "./origin-secret";
import { createNotifier, type NotifierLogLine, type SqsEvent } from "./notifier";
import type { QuoteLogLine } from "./receiver";
import { findUnnotified, unnotifiedMetric, type ReconcileLogLine } from "./reconcile";
import { S3Quotes } from "./s3-store";
import { createUrgentTexter } from "./urgent-text";

// The three functions of the quote intake on AWS Lambda, each bundled by scripts/build-intake.ts with what it
// knows of the site baked in, and configured by its environment (README in this folder: every variable).

/** What the bundles know of the site, from data/site.yaml at bundle time. */
export interface LambdaSite {
  /** The site's origin, baseUrl: the only origin the intake accepts, and where its 303s go. */
  origin: string;
  /** Where the forms post: /api/quote. */
  path: string;
  /** The path the site is served under (basePath in data/site.yaml; "/" when left out): a page's city follows it. */
  basePath?: string;
  /** The number a refused visitor can call. */
  phone?: { display: string; tel: string };
  /** quote.notice.fields: what the e-mail may carry beyond a call-back's needs. */
  noticeFields: NoticeField[];
  /** quote.urgent: the on-call numbers a quote for Today or 24-48 hrs texts (none: no texts). */
  urgentNumbers?: string[];
}

/** How long the intake waits for S3 at most, whatever the SDK's attempts: well under its 8 s function timeout. */
export const INTAKE_STORE_DEADLINE_MS = 6000;

/** The intake's settings; throws, naming the variable, when one is missing. */
export function intakeConfigFrom(env: Env) {
  return {
    bucket: required(env, "QUOTES_BUCKET", "the name of the bucket that keeps the quotes"),
    s3Endpoint: value(env, "QUOTES_S3_ENDPOINT"),
    originSecret: value(env, "ORIGIN_SECRET"),
    originSecretArn: value(env, "ORIGIN_SECRET_ARN"),
  };
}

export function notifierConfigFrom(env: Env) {
  const to = (value(env, "NOTIFY_TO") ?? "").split(",").map((address) => address.trim()).filter(Boolean);
  if (to.length === 0) throw new Error("NOTIFY_TO is not set; set it to the coordinators' addresses, separated by commas");
  return {
    bucket: required(env, "QUOTES_BUCKET", "the name of the bucket that keeps the quotes"),
    s3Endpoint: value(env, "QUOTES_S3_ENDPOINT"),
    to,
    from: required(env, "NOTIFY_FROM", "the SES-verified address the e-mails come from"),
    configurationSet: value(env, "SES_CONFIGURATION_SET"),
    queueUrl: value(env, "NOTICE_QUEUE_URL"),
    textOrigination: value(env, "URGENT_TEXT_ORIGINATION"),
    sendRate: positive(env, "SES_SEND_RATE", 1) / positive(env, "NOTIFIER_CONCURRENCY", 1),
  };
}

/**
 * The intake function: Function URL events (payload 2.0) through the quote app (hono/aws-lambda). It validates,
 * stores with a conditional write and answers: nothing else runs while the visitor waits. `originCheckFor` turns
 * ORIGIN_SECRET_ARN into the check of CloudFront's header (src/quote/origin-secret.ts).
 */
export function createIntakeHandler(
  site: LambdaSite,
  env: Env = process.env,
  originCheckFor: (secretArn: string) => (headerValue: string | undefined) => Promise<boolean> = (secretId) =>
    createOriginSecretCheck({ client: createSecretsClient(), secretId }),
) {
  let http: ReturnType<typeof handle> | undefined;
  const setUp = () => {
    const config = intakeConfigFrom(env);
    const quotes = new S3Quotes(createS3Client(config.s3Endpoint), config.bucket);
    const app = createQuoteApp({
      path: site.path,
      siteOrigin: site.origin,
      basePath: site.basePath,
      phone: site.phone,
      // Fail closed (issue 39): an intake built without its secret refuses every request, with a 503 the
      // IntakeServerErrors alarm sees, rather than take requests that went around CloudFront.
      checkOrigin: config.originSecret ? fixedOriginSecret(config.originSecret) : config.originSecretArn ? originCheckFor(config.originSecretArn) : noOriginSecret,
      store: (quote) => quotes.put(quote, AbortSignal.timeout(INTAKE_STORE_DEADLINE_MS)),
      log: logLine<QuoteLogLine>,
    });
    return handle(app);
  };
  // Typed loosely: Lambda hands over plain JSON, which hono/aws-lambda reads as a Function URL event.
  return async (event: LambdaEvent | Record<string, unknown>, context?: LambdaContext) => {
    http ??= setUp();
    return http(event as LambdaEvent, context);
  };
}

/** The notifier function: SQS batches of S3 events and resend requests (notifier.ts), with partial batch failures. */
export function createNotifierHandler(site: Pick<LambdaSite, "noticeFields" | "urgentNumbers">, env: Env = process.env, smsClient = createSmsClient) {
  let notifier: ReturnType<typeof createNotifier> | undefined;
  return async (event: SqsEvent, context?: { getRemainingTimeInMillis(): number }) => {
    if (!notifier) {
      const config = notifierConfigFrom(env);
      notifier = createNotifier({
        quotes: new S3Quotes(createS3Client(config.s3Endpoint), config.bucket),
        ses: createSesClient(),
        from: config.from,
        to: config.to,
        configurationSet: config.configurationSet,
        fields: site.noticeFields,
        log: logLine<NotifierLogLine>,
        sendRate: config.sendRate,
        requeue: config.queueUrl ? requeueOn(config.queueUrl) : undefined,
        // Texts go out only with both halves: the numbers from data/site.yaml, the origination identity from the stack.
        text:
          config.textOrigination && site.urgentNumbers?.length
            ? createUrgentTexter({ client: smsClient(), origination: config.textOrigination, to: site.urgentNumbers })
            : undefined,
      });
    }
    // Give up on every call shortly before Lambda would stop the function, so the batch's answer still gets out.
    const remaining = context?.getRemainingTimeInMillis();
    const budget = remaining ? Math.max(remaining - 3000, 1000) : undefined;
    return notifier.handle(event, budget ? AbortSignal.timeout(budget) : undefined, budget ? Date.now() + budget : undefined);
  };
}

/** The reconcile function (a daily schedule): logs each quote not notified and publishes their number as a metric. */
export function createReconcileHandler(env: Env = process.env) {
  return async () => {
    const quotes = new S3Quotes(createS3Client(value(env, "QUOTES_S3_ENDPOINT")), required(env, "QUOTES_BUCKET", "the name of the bucket that keeps the quotes"));
    const now = new Date();
    const unnotified = await findUnnotified(quotes, now, logLine<ReconcileLogLine>);
    console.log(unnotifiedMetric(unnotified.length, now));
    return { unnotified };
  };
}

// --- internal ---

async function noOriginSecret(): Promise<boolean> {
  throw Object.assign(new Error("neither ORIGIN_SECRET_ARN nor ORIGIN_SECRET is set"), { name: "NoOriginSecret" });
}

/** A new message on the notice queue with the same body, received after a delay: a fresh count of receives. */
function requeueOn(queueUrl: string) {
  const sqs = createSqsClient();
  return async (body: string, delaySeconds: number) => {
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body, DelaySeconds: delaySeconds }));
  };
}

/** A positive number from the environment, or `fallback` when unset; throws, naming the variable, for anything else. */
function positive(env: Env, name: string, fallback: number): number {
  const text = value(env, name);
  if (text === undefined) return fallback;
  const number = Number(text);
  if (!(number > 0)) throw new Error(`${name} is "${text}"; set it to a positive number`);
  return number;
}

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  return env[name]?.trim() ? env[name]!.trim() : undefined;
}

function required(env: Env, name: string, what: string): string {
  const found = value(env, name);
  if (!found) throw new Error(`${name} is not set; set it to ${what}`);
  return found;
}

/** One JSON object per line: a case id, an outcome, and an error naming the AWS error; never a field the visitor typed. */
function logLine<T>(line: T): void {
  console.log(JSON.stringify(line));
}
