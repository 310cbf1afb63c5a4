// A real S3 protocol server for the intake tests: s3rver on 127.0.0.1, on a free port, keeping its objects in a
// temporary folder, with one empty bucket. Fake credentials only: s3rver accepts any.
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

export const FAKE_AWS_ENV = { AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

export interface S3Server {
  /** Like http://127.0.0.1:40123, for QUOTES_S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  /** A client of the server, for the tests' own looks into the bucket. */
  client: S3Client;
  /** Every key in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = "quotes"): Promise<S3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "flightsite-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as unknown as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    forcePathStyle: true,
    region: FAKE_AWS_ENV.AWS_REGION,
    credentials: { accessKeyId: FAKE_AWS_ENV.AWS_ACCESS_KEY_ID, secretAccessKey: FAKE_AWS_ENV.AWS_SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    client,
    async keys(prefix = "") {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listing.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
