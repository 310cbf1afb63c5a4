import { S3Client } from "@aws-sdk/client-s3";
import { SESv2Client } from "@aws-sdk/client-sesv2";
import { handle, type LambdaContext, type LambdaEvent } from "hono/aws-lambda";
import { createQuoteApp } from "./app";
import { createIntake, type Intake, type IntakeLogLine } from "./intake";
import { createSesNotifier } from "./notify";
import { S3Quotes } from "./s3-store";

/** The intake function's settings, read from its environment (README in this folder: every variable). */
export interface IntakeConfig {
  bucket: string;
  /** Coordinators' addresses; none: no e-mail is attempted. */
  notifyTo: string[];
  notifyFrom?: string;
  retentionDays?: number;
  /** An S3-compatible endpoint, addressed path-style (tests, other stores); unset: AWS S3. */
  s3Endpoint?: string;
  originSecret?: string;
}

/** What the built function knows of the site: where the forms post, and the number a refused visitor can call. */
export interface IntakeSite {
  path: string;
  phone?: { display: string; tel: string };
}

/** The environment → IntakeConfig; throws, naming the variable, when one is missing or wrong. */
export function intakeConfigFrom(env: Record<string, string | undefined>): IntakeConfig {
  const value = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);
  const bucket = value("QUOTES_BUCKET");
  if (!bucket) throw new Error("QUOTES_BUCKET is not set; set it to the name of the bucket that keeps the quotes");
  const notifyTo = (value("NOTIFY_TO") ?? "").split(",").map((address) => address.trim()).filter(Boolean);
  const notifyFrom = value("NOTIFY_FROM");
  if (notifyTo.length > 0 && !notifyFrom) {
    throw new Error("NOTIFY_TO is set but NOTIFY_FROM is not; set NOTIFY_FROM to the SES-verified address the e-mails come from");
  }
  const retention = value("QUOTE_RETENTION_DAYS");
  const retentionDays = retention === undefined ? undefined : Number(retention);
  if (retentionDays !== undefined && !(Number.isInteger(retentionDays) && retentionDays > 0)) {
    throw new Error(`QUOTE_RETENTION_DAYS is "${retention}"; set it to a whole number of days, like 365`);
  }
  return { bucket, notifyTo, notifyFrom, retentionDays, s3Endpoint: value("QUOTES_S3_ENDPOINT"), originSecret: value("ORIGIN_SECRET") };
}

/**
 * The Lambda handler of the intake function. A Function URL event (payload 2.0) goes through the quote app
 * (hono/aws-lambda); any other event (a schedule) sends the e-mails that failed before. The configuration and the
 * AWS clients are made on the first call and kept while the instance lives. Each log line is one JSON object with
 * a case id, a slot and an outcome.
 */
export function createLambdaHandler(site: IntakeSite, env: Record<string, string | undefined> = process.env) {
  let ready: { http: ReturnType<typeof handle>; intake: Intake } | undefined;
  const setUp = () => {
    const config = intakeConfigFrom(env);
    const s3 = new S3Client(config.s3Endpoint ? { endpoint: config.s3Endpoint, forcePathStyle: true } : {});
    const notifier =
      config.notifyTo.length > 0 ? createSesNotifier(new SESv2Client({}), { from: config.notifyFrom!, to: config.notifyTo }) : undefined;
    const intake = createIntake({ quotes: new S3Quotes(s3, config.bucket), notifier, log: logLine });
    const app = createQuoteApp({ path: site.path, phone: site.phone, originSecret: config.originSecret, store: intake.store, log: logLine });
    return { http: handle(app), intake };
  };

  return async (event: LambdaEvent | Record<string, unknown>, context?: LambdaContext) => {
    ready ??= setUp();
    if (isHttpEvent(event)) return ready.http(event, context);
    return { retried: await ready.intake.retryPending(25) };
  };
}

// --- internal ---

function logLine(line: IntakeLogLine): void {
  console.log(JSON.stringify(line));
}

function isHttpEvent(event: LambdaEvent | Record<string, unknown>): event is LambdaEvent {
  return typeof event === "object" && event !== null && "requestContext" in event && "headers" in event;
}
