// An in-memory S3 bucket behind a real S3Client that honours conditional writes (If-None-Match: "*" and If-Match on
// PutObject), as S3 does and s3rver does not: the deploy lock's tests need two writers to race for one key. It answers
// each command in the client's first middleware, before anything is signed or sent, with what S3 would return for
// the calls the deploy makes (GetObject, PutObject, DeleteObject, DeleteObjects, ListObjectsV2).
import { createHash } from "node:crypto";
import { S3Client } from "@aws-sdk/client-s3";

export interface ConditionalS3 {
  /** A client for the bucket `bucket`; every request stays in memory. */
  client: S3Client;
  /** The stored objects: key → body. */
  objects: Map<string, { body: Buffer; etag: string }>;
}

export function createConditionalS3(bucket: string): ConditionalS3 {
  const objects = new Map<string, { body: Buffer; etag: string }>();
  const client = new S3Client({ region: "us-east-1", credentials: { accessKeyId: "test", secretAccessKey: "test" }, maxAttempts: 1 });
  client.middlewareStack.add(
    (_next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      if (input.Bucket !== bucket) throw s3Error("NoSuchBucket", 404, "The specified bucket does not exist");
      const output = answer(context.commandName ?? "", input, objects);
      return { output: { $metadata: { httpStatusCode: 200 }, ...output } as never, response: {} };
    },
    { step: "initialize", priority: "high", name: "conditionalS3" },
  );
  return { client, objects };
}

// --- internal ---

function answer(command: string, input: Record<string, unknown>, objects: ConditionalS3["objects"]): Record<string, unknown> {
  const key = input.Key as string;
  switch (command) {
    case "GetObjectCommand": {
      const object = objects.get(key);
      if (!object) throw s3Error("NoSuchKey", 404, "The specified key does not exist.");
      return { ETag: object.etag, ContentLength: object.body.byteLength, Body: { transformToString: async () => object.body.toString("utf8") } };
    }
    case "PutObjectCommand": {
      const existing = objects.get(key);
      if (input.IfNoneMatch === "*" && existing) throw preconditionFailed();
      if (typeof input.IfMatch === "string" && existing?.etag !== input.IfMatch) throw preconditionFailed();
      const body = Buffer.from(input.Body as string | Uint8Array);
      const etag = `"${createHash("md5").update(body).digest("hex")}"`;
      objects.set(key, { body, etag });
      return { ETag: etag };
    }
    case "DeleteObjectCommand":
      objects.delete(key);
      return {};
    case "DeleteObjectsCommand": {
      const keys = ((input.Delete as { Objects: { Key: string }[] }).Objects ?? []).map((o) => o.Key);
      for (const deleted of keys) objects.delete(deleted);
      return { Deleted: keys.map((deleted) => ({ Key: deleted })) };
    }
    case "ListObjectsV2Command": {
      const prefix = (input.Prefix as string | undefined) ?? "";
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      return { Contents: keys.map((k) => ({ Key: k, Size: objects.get(k)!.body.byteLength })), KeyCount: keys.length, IsTruncated: false };
    }
    default:
      throw new Error(`conditional-s3 does not answer ${command}`);
  }
}

function preconditionFailed(): Error {
  return s3Error("PreconditionFailed", 412, "At least one of the pre-conditions you specified did not hold");
}

function s3Error(name: string, status: number, message: string): Error {
  return Object.assign(new Error(message), { name, $fault: "client", $metadata: { httpStatusCode: status } });
}
