import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  paginateListObjectsV2,
  type S3Client,
} from "@aws-sdk/client-s3";
import type { Manifest } from "../engine/manifest";

/** One bucket, seen from under a prefix: keys are given and returned relative to it. */
export interface Bucket {
  client: S3Client;
  name: string;
  /** "" or a folder ending in "/". */
  prefix: string;
}

/** The manifest the last deploy stored under `key`, or undefined when there is none. */
export async function readStoredManifest(bucket: Bucket, key: string): Promise<Manifest | undefined> {
  try {
    const object = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.name, Key: bucket.prefix + key }));
    return JSON.parse(await object.Body!.transformToString()) as Manifest;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as Error).name === "NoSuchKey") return undefined;
    throw error;
  }
}

/** Every key under the prefix, relative to it. */
export async function listKeys(bucket: Bucket): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of paginateListObjectsV2({ client: bucket.client }, { Bucket: bucket.name, Prefix: bucket.prefix })) {
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(bucket.prefix.length));
  }
  return keys;
}

export async function putObject(
  bucket: Bucket,
  key: string,
  body: Uint8Array | string,
  headers: { contentType: string; cacheControl: string },
): Promise<void> {
  await bucket.client.send(
    new PutObjectCommand({
      Bucket: bucket.name,
      Key: bucket.prefix + key,
      Body: body,
      ContentType: headers.contentType,
      CacheControl: headers.cacheControl,
    }),
  );
}

/** Deletes `keys`, a thousand per request (S3's limit); fails when S3 reports any key it could not delete. */
export async function deleteObjects(bucket: Bucket, keys: string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 1000) {
    const batch = keys.slice(start, start + 1000);
    const result = await bucket.client.send(
      new DeleteObjectsCommand({
        Bucket: bucket.name,
        Delete: { Objects: batch.map((key) => ({ Key: bucket.prefix + key })), Quiet: true },
      }),
    );
    const failed = result.Errors ?? [];
    if (failed.length > 0) throw new Error(`S3 did not delete ${failed.map((e) => `${e.Key} (${e.Code}: ${e.Message})`).join(", ")}`);
  }
}
