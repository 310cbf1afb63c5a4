import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3ServiceException, type S3Client } from "@aws-sdk/client-s3";
import type { Quote } from "./schema";

/** Where a quote is kept in the bucket: its own day (from the quote's timestamp, so a retry lands on the same key) and case id. */
export function quoteKey(quote: Pick<Quote, "timestamp" | "case_id">): string {
  const day = new Date(quote.timestamp).toISOString().slice(0, 10).replaceAll("-", "/");
  return `quotes/${day}/${quote.case_id}.json`;
}

/** Where a quote whose e-mail is not yet sent is marked, until the e-mail goes out. */
export function pendingKey(caseId: string): string {
  return `${pendingPrefix}${caseId}.json`;
}

/**
 * The quotes bucket: one JSON object per quote, written only if no object has that key yet (If-None-Match: *), so
 * the same case id posted twice is stored once; plus the markers of quotes whose e-mail is still to be sent.
 */
export class S3Quotes {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
  ) {}

  /** Stores the quote; "already stored" when an object with its key exists (a retry of the same submission). */
  async put(quote: Quote): Promise<"stored" | "already stored"> {
    const put = new PutObjectCommand({
      Bucket: this.bucket,
      Key: quoteKey(quote),
      Body: JSON.stringify(quote),
      ContentType: "application/json; charset=utf-8",
      IfNoneMatch: "*",
    });
    for (let attempt = 1; ; attempt++) {
      try {
        await this.client.send(put);
        return "stored";
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        if (status === 412) return "already stored";
        // 409: the same key was being written at that moment (the same submission, twice at once); S3 asks to try again.
        if (status !== 409 || attempt === 3) throw error;
      }
    }
  }

  /** Marks the quote as waiting for its e-mail; the marker holds the quote's key. */
  async markPending(quote: Quote): Promise<void> {
    const body = JSON.stringify({ key: quoteKey(quote) });
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: pendingKey(quote.case_id), Body: body, ContentType: "application/json" }));
  }

  async clearPending(caseId: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: pendingKey(caseId) }));
  }

  /**
   * The case ids of up to `limit` quotes whose e-mail has been waiting since before `markedBefore` (younger markers
   * may belong to a send still under way in another invocation), in the order S3 lists them (by key).
   */
  async pendingCaseIds(limit: number, markedBefore: Date): Promise<string[]> {
    const listing = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: pendingPrefix, MaxKeys: 1000 }));
    return (listing.Contents ?? [])
      .filter(({ LastModified }) => LastModified !== undefined && LastModified < markedBefore)
      .slice(0, limit)
      .map(({ Key }) => Key!.slice(pendingPrefix.length, -".json".length));
  }

  /** The stored quote a pending marker points at. */
  async pendingQuote(caseId: string): Promise<Quote> {
    const marker = JSON.parse(await this.#read(pendingKey(caseId))) as { key: string };
    return JSON.parse(await this.#read(marker.key)) as Quote;
  }

  async #read(key: string): Promise<string> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return object.Body!.transformToString("utf-8");
  }
}

// --- internal ---

const pendingPrefix = "notify-pending/";
