// What the deploy tests deploy to (issue 37: it was set up again in each of them): a bucket on s3rver started afresh
// for each test, with a client that records its requests, and CloudFront as the SDK's client behind aws-sdk-client-mock.
import { CloudFrontClient } from "@aws-sdk/client-cloudfront";
import type { S3Client } from "@aws-sdk/client-s3";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll } from "vitest";
import { recordRequests } from "./built-site";
import { startS3Server, testS3Client, type S3Server } from "./s3-server";

/** The bucket every deploy test deploys into. */
export const testBucket = "flightsite-test";
/** The CloudFront distribution the deploy tests name. */
export const testDistributionId = "E2QWRUHAPOMQZL";

export interface TestBucket {
  server: S3Server;
  s3: S3Client;
  /** The S3 requests of `s3`, in order: "PutObject naples/index.html" (recordRequests). */
  requests: string[];
}

/** An empty `testBucket` on a new s3rver, and its client: start one in beforeEach, and close its server in afterEach. */
export async function startTestBucket(): Promise<TestBucket> {
  const server = await startS3Server(testBucket);
  const s3 = testS3Client(server.endpoint);
  const requests: string[] = [];
  recordRequests(s3, requests);
  return { server, s3, requests };
}

/**
 * Every CloudFrontClient mocked until the end of the file (or the describe block) that calls this: other test files
 * run in the same process (vitest.config.ts, isolate: false). Reset it in beforeEach.
 */
export function mockCloudFront() {
  const cloudFront = mockClient(CloudFrontClient);
  afterAll(() => cloudFront.restore());
  return cloudFront;
}

/** A CloudFront client with fake credentials, for DeployOptions.cloudFront (answered by mockCloudFront's mock). */
export function testCloudFrontClient(): CloudFrontClient {
  return new CloudFrontClient({ region: "us-east-1", credentials: { accessKeyId: "test", secretAccessKey: "test" } });
}

/** CloudFront's answer to CreateInvalidation: the invalidation `id`, in progress. */
export function invalidationInProgress(id: string) {
  return { Invalidation: { Id: id, Status: "InProgress", CreateTime: new Date(), InvalidationBatch: undefined } };
}
