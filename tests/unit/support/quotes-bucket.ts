// The quotes bucket of the intake tests: s3rver on 127.0.0.1 (s3-server.ts), with a client to look into it. Fake
// credentials only: s3rver accepts any.
import { ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { startS3Server, testS3Client } from "./s3-server";

/** What the intake function finds in its environment on Lambda, faked: s3rver checks no signature. */
export const FAKE_AWS_ENV = { AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

export interface QuotesBucket {
  /** Like http://127.0.0.1:40123, for QUOTES_S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  client: S3Client;
  /** Every key in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startQuotesBucket(bucket = "quotes"): Promise<QuotesBucket> {
  const server = await startS3Server(bucket);
  const client = testS3Client(server.endpoint);
  return {
    endpoint: server.endpoint,
    bucket,
    client,
    async keys(prefix = "") {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listing.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
    },
  };
}
