import { S3Client } from "@aws-sdk/client-s3";
import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { SESv2Client } from "@aws-sdk/client-sesv2";
import { SQSClient } from "@aws-sdk/client-sqs";
import { PinpointSMSVoiceV2Client } from "@aws-sdk/client-pinpoint-sms-voice-v2";

// Every AWS call of the quote functions is bounded, so a slow S3 or SES ends in an error the function handles (a
// 503 for the visitor, a failed record for the queue) well before Lambda's own timeout stops the function
// mid-way. The SDK's default is to wait for ever: no connection or request timeout.

/** How long one AWS client may take: per attempt, a connection and a request timeout; and how many attempts. */
export interface ClientTimeouts {
  connectionTimeout: number;
  requestTimeout: number;
  maxAttempts: number;
}

/**
 * S3: two attempts, so that an answer lost on the way is retried by the SDK (the intake's If-None-Match then
 * gets 412: docs/quotes.md, "412 after a retry").
 */
export const s3Timeouts: ClientTimeouts = { connectionTimeout: 1000, requestTimeout: 2000, maxAttempts: 2 };

/**
 * SES: one attempt. A send that timed out may have been delivered all the same, and the SDK's retry would then
 * mail the coordinators twice; the notifier decides instead (notifier.ts).
 */
export const sesTimeouts: ClientTimeouts = { connectionTimeout: 1000, requestTimeout: 5000, maxAttempts: 1 };

/** The longest one call can take with these settings: every attempt timing out, plus the SDK's backoff between them. */
export function longestCallMs({ connectionTimeout, requestTimeout, maxAttempts }: ClientTimeouts): number {
  return maxAttempts * (connectionTimeout + requestTimeout) + (maxAttempts - 1) * maxBackoffMs;
}

/** The quotes bucket's client; `endpoint`: an S3-compatible store addressed path-style (tests, QUOTES_S3_ENDPOINT). */
export function createS3Client(endpoint?: string, timeouts = s3Timeouts): S3Client {
  return new S3Client({ ...(endpoint ? { endpoint, forcePathStyle: true } : {}), ...clientSettings(timeouts) });
}

/** The SES client; `endpoint` only for tests. */
export function createSesClient(timeouts = sesTimeouts, endpoint?: string): SESv2Client {
  return new SESv2Client({ ...(endpoint ? { endpoint } : {}), ...clientSettings(timeouts) });
}

/** Secrets Manager, for the origin secret's values: bounded like S3, well under the intake's own timeout. */
export function createSecretsClient(timeouts = s3Timeouts): SecretsManagerClient {
  return new SecretsManagerClient(clientSettings(timeouts));
}

/** SQS, for the notifier's requeue of a throttled record: bounded like S3 (a lost answer's retry only adds a twin, which the marker makes harmless). */
export function createSqsClient(timeouts = s3Timeouts): SQSClient {
  return new SQSClient(clientSettings(timeouts));
}

/** AWS End User Messaging SMS, for the urgent texts: one attempt, like SES (a retry after a timeout could text twice). */
export function createSmsClient(timeouts = sesTimeouts): PinpointSMSVoiceV2Client {
  return new PinpointSMSVoiceV2Client(clientSettings(timeouts));
}

// --- internal ---

/** The longest the SDK's standard retry waits before a second attempt (its base delay, doubled, with jitter). */
const maxBackoffMs = 1000;

function clientSettings({ connectionTimeout, requestTimeout, maxAttempts }: ClientTimeouts) {
  // Without throwOnRequestTimeout the handler only logs a warning when the request timeout passes, and waits on.
  return { maxAttempts, requestHandler: { connectionTimeout, requestTimeout, throwOnRequestTimeout: true } };
}
