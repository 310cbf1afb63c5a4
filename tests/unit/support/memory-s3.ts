// An in-memory S3 bucket behind the real SDK client (its serializers, error parsing and retries): it plugs in as the
// client's HTTP handler. Unlike s3rver it honours conditional writes and deletes as AWS documents: a PUT with
// If-None-Match: * on a key that exists, or a PUT or DELETE with an If-Match that is not the object's ETag, fails with
// 412 PreconditionFailed and leaves the object as it was (a conditional DELETE of a missing key: 404). The quote tests need that for idempotency, the deploy lock's for two writers racing for one
// key. It answers what the intake, the notifier, the leads command and the deploy call: PutObject, GetObject,
// DeleteObject, DeleteObjects and ListObjectsV2. Faults can be injected per request, to play what the network and
// S3 do on a bad day.
import { Readable } from "node:stream";
import { S3Client } from "@aws-sdk/client-s3";

export interface StoredObject {
  body: Buffer;
  lastModified: Date;
  etag: string;
  /** The Content-Type it was stored with. */
  contentType?: string;
}

/**
 * What happens to one request: "unavailable" — S3 answers 503 and does nothing; "lose answer" — S3 does the work
 * but the answer never arrives (the connection is reset: the SDK retries); "hang" — no answer at all, until the
 * client's request timeout (played at once) gives up.
 */
export type S3Fault = "unavailable" | "lose answer" | "hang";

export interface S3Call {
  method: string;
  key: string;
  /** Set for a PUT: whether it asked If-None-Match: *. */
  ifNoneMatch?: boolean;
}

export class MemoryS3 {
  /** `bucket`: the one bucket this store is (a request for another gets NoSuchBucket); any name when left out. */
  constructor(readonly options: { bucket?: string } = {}) {}

  readonly objects = new Map<string, StoredObject>();
  /** Every request that reached "S3", in order. */
  readonly calls: S3Call[] = [];
  /** Decides each request's fate; undefined: it goes through. */
  fault: (call: S3Call) => S3Fault | undefined = () => undefined;
  /** Holds a call until the promise it returns settles: a test orders two clients' calls without timing. */
  pause: (call: S3Call) => Promise<void> | undefined = () => undefined;
  /** The clock of LastModified. */
  now: () => Date = () => new Date();
  #etags = 0;

  /** An SDK client for bucket `bucket` of this store; `maxAttempts` as the functions' clients have (aws.ts). */
  client(maxAttempts = 2): S3Client {
    return new S3Client({
      endpoint: "http://s3.memory.test",
      forcePathStyle: true,
      region: "us-east-1",
      credentials: { accessKeyId: "MEMORY", secretAccessKey: "MEMORY" },
      maxAttempts,
      requestHandler: { handle: (request: HttpRequestLike) => this.#handle(request), updateHttpClientConfig() {}, httpHandlerConfigs: () => ({}) },
    });
  }

  keys(prefix = ""): string[] {
    return [...this.objects.keys()].filter((key) => key.startsWith(prefix)).sort();
  }

  text(key: string): string | undefined {
    return this.objects.get(key)?.body.toString("utf8");
  }

  async #handle(request: HttpRequestLike): Promise<{ response: ResponseLike }> {
    const [, bucket, ...rest] = request.path.split("/");
    const key = rest.map(decodeURIComponent).join("/");
    const method = request.method.toUpperCase();
    if (this.options.bucket !== undefined && bucket !== this.options.bucket) return answer(404, errorXml("NoSuchBucket", "The specified bucket does not exist"));
    const ifNoneMatch = method === "PUT" ? headerOf(request, "if-none-match") === "*" : undefined;
    const call: S3Call = { method, key, ...(ifNoneMatch === undefined ? {} : { ifNoneMatch }) };
    this.calls.push(call);
    await this.pause(call);
    const fault = this.fault(call);
    if (fault === "unavailable") return answer(503, errorXml("ServiceUnavailable", "Please reduce your request rate."));
    if (fault === "hang") throw Object.assign(new Error("a request has exceeded the configured requestTimeout"), { name: "TimeoutError", code: "ETIMEDOUT" });
    const response = this.#do(method, key, request, await bodyOf(request.body));
    if (fault === "lose answer") throw Object.assign(new Error("socket hang up"), { name: "Error", code: "ECONNRESET" });
    return response;
  }

  #do(method: string, key: string, request: HttpRequestLike, body: Buffer): { response: ResponseLike } {
    if (method === "PUT") {
      const existing = this.objects.get(key);
      if (headerOf(request, "if-none-match") === "*" && existing) return preconditionFailed("If-None-Match");
      const ifMatch = headerOf(request, "if-match");
      if (ifMatch !== undefined && existing?.etag !== ifMatch) return preconditionFailed("If-Match");
      const etag = `"${++this.#etags}"`;
      const contentType = headerOf(request, "content-type");
      this.objects.set(key, { body, lastModified: this.now(), etag, ...(contentType === undefined ? {} : { contentType }) });
      return answer(200, "", { etag });
    }
    if (method === "POST" && key === "" && request.query && "delete" in request.query) return this.#deleteObjects(body.toString("utf8"));
    if (method === "GET" && key === "") return this.#list(request);
    if (method === "GET") {
      const object = this.objects.get(key);
      if (!object) return answer(404, errorXml("NoSuchKey", "The specified key does not exist."));
      return answer(200, object.body, { etag: object.etag, "content-type": object.contentType ?? "application/octet-stream", "last-modified": object.lastModified.toUTCString() });
    }
    if (method === "DELETE") {
      // A conditional delete (If-Match: an ETag, or * for "exists"): 404 when the key has no object, 412 when its ETag differs.
      const ifMatch = headerOf(request, "if-match");
      if (ifMatch !== undefined && !this.objects.has(key)) return answer(404, errorXml("NoSuchKey", "The specified key does not exist."));
      if (ifMatch !== undefined && ifMatch !== "*" && this.objects.get(key)!.etag !== ifMatch) return preconditionFailed("If-Match");
      this.objects.delete(key);
      return answer(204, "");
    }
    return answer(405, errorXml("MethodNotAllowed", "The specified method is not allowed against this resource."));
  }

  /** DeleteObjects: every key of the request's <Delete> deleted (a missing one too, as S3 does), each named in the answer. */
  #deleteObjects(xml: string): { response: ResponseLike } {
    const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map(([, key]) => unescapeXml(key!));
    for (const key of keys) this.objects.delete(key);
    const deleted = keys.map((key) => `<Deleted><Key>${escapeXml(key)}</Key></Deleted>`).join("");
    return answer(200, `<?xml version="1.0" encoding="UTF-8"?><DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deleted}</DeleteResult>`);
  }

  /** ListObjectsV2, a page of at most max-keys (1000) keys; the continuation token is the last key given. */
  #list(request: HttpRequestLike): { response: ResponseLike } {
    const query = request.query ?? {};
    const prefix = String(query.prefix ?? "");
    const after = String(query["continuation-token"] ?? "");
    const max = Number(query["max-keys"] ?? 1000);
    const keys = this.keys(prefix).filter((key) => key > after);
    const page = keys.slice(0, max);
    const truncated = keys.length > max;
    const contents = page
      .map((key) => {
        const object = this.objects.get(key)!;
        return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${escapeXml(object.etag)}</ETag><Size>${Buffer.byteLength(object.body)}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join("");
    const next = truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : "";
    return answer(
      200,
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>quotes</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
      { "content-type": "application/xml" },
    );
  }
}

// --- internal ---

interface HttpRequestLike {
  method: string;
  path: string;
  query?: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}

interface ResponseLike {
  statusCode: number;
  headers: Record<string, string>;
  body: Readable;
}

function headerOf(request: HttpRequestLike, name: string): string | undefined {
  return Object.entries(request.headers).find(([header]) => header.toLowerCase() === name)?.[1];
}

function answer(statusCode: number, body: string | Buffer, headers: Record<string, string> = {}): { response: ResponseLike } {
  const type: Record<string, string> = typeof body === "string" && body.startsWith("<?xml") && !headers["content-type"] ? { "content-type": "application/xml" } : {};
  return { response: { statusCode, headers: { "x-amz-request-id": "memory", ...type, ...headers }, body: Readable.from([Buffer.from(body)]) } };
}

function preconditionFailed(condition: string): { response: ResponseLike } {
  return answer(412, errorXml("PreconditionFailed", "At least one of the pre-conditions you specified did not hold", `<Condition>${condition}</Condition>`));
}

function errorXml(code: string, message: string, extra = ""): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message>${extra}<RequestId>memory</RequestId></Error>`;
}

async function bodyOf(body: unknown): Promise<Buffer> {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === "string") return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function unescapeXml(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (!entity.startsWith("#")) return named[entity.toLowerCase()]!;
    return String.fromCodePoint(entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
  });
}
