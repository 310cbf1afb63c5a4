import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  paginateListObjectsV2,
  type S3Client,
} from "@aws-sdk/client-s3";
import { parseStoredManifest, type StoredManifest } from "./stored-manifest";

/** One bucket, seen from under a prefix: keys are given and returned relative to it. */
export interface Bucket {
  client: S3Client;
  name: string;
  /** "" or a folder ending in "/". */
  prefix: string;
}

/** The manifest the last deploy stored under `key`, or undefined when there is none. */
export async function readStoredManifest(bucket: Bucket, key: string): Promise<StoredManifest | undefined> {
  const object = await getObject(bucket, key);
  return object && parseStoredManifest(object.text);
}

/** The text and ETag of the object at `key`, or undefined when there is none. */
export async function getObject(bucket: Bucket, key: string): Promise<{ text: string; etag: string } | undefined> {
  try {
    const object = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.name, Key: bucket.prefix + key }));
    return { text: await object.Body!.transformToString(), etag: object.ETag ?? "" };
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
  /** Write only if no object is there ("*" as If-None-Match), or only over the object with this ETag (If-Match). */
  condition: { ifNoneMatch?: "*"; ifMatch?: string } = {},
): Promise<string> {
  const written = await bucket.client.send(
    new PutObjectCommand({
      Bucket: bucket.name,
      Key: bucket.prefix + key,
      Body: body,
      ContentType: headers.contentType,
      CacheControl: headers.cacheControl,
      IfNoneMatch: condition.ifNoneMatch,
      IfMatch: condition.ifMatch,
    }),
  );
  return written.ETag ?? "";
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

/** Deletes `key`; with `ifMatch`, only the object with that ETag (S3 answers 412 for another, 404 for none). */
export async function deleteObject(bucket: Bucket, key: string, condition: { ifMatch?: string } = {}): Promise<void> {
  await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: bucket.prefix + key, IfMatch: condition.ifMatch }));
}
