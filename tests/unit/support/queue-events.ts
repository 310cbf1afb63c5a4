// Shared by the notifier, reconcile and fault-injection tests: S3 events and SQS records as AWS delivers them.
import type { SqsEvent } from "../../../src/quote/notifier";

/** The body S3 puts on the queue for a stored object (one record per message). */
export function s3EventBody(key: string): string {
  return JSON.stringify({
    Records: [
      {
        eventVersion: "2.1",
        eventSource: "aws:s3",
        awsRegion: "us-east-1",
        eventTime: "2025-09-07T14:30:00.000Z",
        eventName: "ObjectCreated:Put",
        s3: { s3SchemaVersion: "1.0", bucket: { name: "quotes", arn: "arn:aws:s3:::quotes" }, object: { key: encodeURIComponent(key).replace(/%2F/g, "/"), size: 700 } },
      },
    ],
  });
}

export const testEventBody = JSON.stringify({ Service: "Amazon S3", Event: "s3:TestEvent", Time: "2025-09-07T14:30:00.000Z", Bucket: "quotes" });

export function sqsEvent(...bodies: string[]): SqsEvent {
  return { Records: bodies.map((body, i) => ({ messageId: `message-${i + 1}`, body })) };
}
