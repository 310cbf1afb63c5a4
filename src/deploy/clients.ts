import { CloudFrontClient } from "@aws-sdk/client-cloudfront";
import { S3Client } from "@aws-sdk/client-s3";

/**
 * The AWS clients of a deploy. Credentials and region come from the standard AWS chain (environment, AWS_PROFILE,
 * the role CI assumes). The SDK's standard retry mode tries again, with backoff, when S3 throttles (503 SlowDown) or
 * a request fails on the way; AWS_MAX_ATTEMPTS sets how many tries (3 by default). Not its adaptive mode: after one
 * throttled request that one paces every later request, down to one every two seconds. With `endpoint` (S3-compatible storage, the tests' server,
 * LocalStack) every client goes there, CloudFront too: S3's addresses are path-style and the region is AWS_REGION or
 * us-east-1. (AWS_ENDPOINT_URL_S3 and AWS_ENDPOINT_URL_CLOUDFRONT, the SDK's own settings, work as well.)
 */
export function createClients(options: { endpoint?: string; region?: string }): { s3: S3Client; cloudFront: CloudFrontClient } {
  const s3 = new S3Client({
    retryMode: "standard",
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true, region: options.region ?? "us-east-1" } : {}),
  });
  // CloudFront is a global service, reached through us-east-1 whatever region the bucket is in.
  const cloudFront = new CloudFrontClient({ region: "us-east-1", retryMode: "standard", ...(options.endpoint ? { endpoint: options.endpoint } : {}) });
  return { s3, cloudFront };
}
