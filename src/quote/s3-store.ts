import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { CASE_ID_PATTERN } from "../../client/quote/rules";
import type { Quote } from "./schema";

// The quotes bucket's layout (docs/quotes.md): quotes/<case_id>.json, written once by the intake;
// notified/<case_id>.json, the notifier's marker of what became of that quote's e-mail. Quotes stored before
// issue 39 are under quotes/YYYY/MM/DD/<case_id>.json, the day of the visitor's clock.

/**
 * Where a quote is kept: its case id alone (issue 39). The conditional write on it is what makes one quote per case
 * id: a key with a day in it let the same case id posted on two days (or across midnight) be stored twice.
 */
export function quoteKey(quote: Pick<Quote, "case_id">): string {
  return `${quotesPrefix}${quote.case_id}.json`;
}

/** The case id a quote's key names (quotes/<id>.json, or an older quotes/YYYY/MM/DD/<id>.json), or undefined when the key is not a quote's. */
export function caseIdOfKey(key: string): string | undefined {
  const match = /^quotes\/(?:\d{4}\/\d{2}\/\d{2}\/)?([^/]+)\.json$/.exec(key);
  return match && CASE_ID_PATTERN.test(match[1]!) ? match[1] : undefined;
}

export function markerKey(caseId: string): string {
  return `${markersPrefix}${caseId}.json`;
}

export const quotesPrefix = "quotes/";
export const markersPrefix = "notified/";

/**
 * What the notifier has done with a quote's e-mail. "claimed": an invocation took it and is about to send (or
 * died while sending: nobody knows whether SES has it, so nobody sends it again by itself). "sent": SES took it.
 */
export interface Marker {
  state: "claimed" | "sent";
  key: string;
  at: string;
  /** Set when `flightsite leads resend` asked for the e-mail again. */
  resent?: boolean;
  /** A claim's own random token: the claimant knows its claim again when S3's answer to it was lost and the retry met 412. */
  token?: string;
}

/** A conditional write S3 refused because the object exists: 412 Precondition Failed. */
export function isConditionFailed(error: unknown): boolean {
  return statusOf(error) === 412;
}

/** The HTTP status S3 answered with, when it answered. */
export function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

/** The error's name and HTTP status only, for the logs: an AWS message may quote an address, and the log names no one. */
export function describeError(error: unknown): string {
  const status = statusOf(error);
  return `${error instanceof Error ? error.name : "unknown error"}${status ? ` (HTTP ${status})` : ""}`;
}

/**
 * The quotes bucket. The intake only puts quotes; the notifier reads them and keeps its markers; the reconcile
 * lists both. Each call may be given a signal that gives up on it (a deadline).
 */
export class S3Quotes {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
  ) {}

  /**
   * Stores the quote only if no object has its key yet (If-None-Match: *). "already stored": S3 answered 412, the
   * key exists. The key is the quote's case id, made once per submission by the visitor's browser, so the object
   * there is this quote: sent before by the browser (on whatever day), or stored by our own first attempt whose
   * answer was lost before the SDK's retry asked again (docs/quotes.md, "412 after a retry").
   */
  async put(quote: Quote, signal?: AbortSignal): Promise<"stored" | "already stored"> {
    const put = new PutObjectCommand({
      Bucket: this.bucket,
      Key: quoteKey(quote),
      Body: JSON.stringify(quote),
      ContentType: "application/json; charset=utf-8",
      IfNoneMatch: "*",
    });
    for (let attempt = 1; ; attempt++) {
      try {
        await this.client.send(put, { abortSignal: signal });
        return "stored";
      } catch (error) {
        if (isConditionFailed(error)) return "already stored";
        // 409: the same key was being written at that moment (the same submission, twice at once); S3 asks to try again.
        if (statusOf(error) !== 409 || attempt === 3) throw error;
      }
    }
  }

  async readQuote(key: string, signal?: AbortSignal): Promise<Quote> {
    return JSON.parse(await this.#read(key, signal)) as Quote;
  }

  /**
   * Creates the quote's marker as "claimed" only if it has none, and gives the claim's ETag (what `release` removes):
   * "taken" when another marker was there first.
   */
  async claim(caseId: string, marker: Marker, signal?: AbortSignal): Promise<{ etag: string } | "taken"> {
    try {
      return { etag: await this.#write(caseId, marker, signal, "*") };
    } catch (error) {
      // 409: another invocation is writing the same marker this instant; it is theirs.
      if (isConditionFailed(error) || statusOf(error) === 409) return "taken";
      throw error;
    }
  }

  async mark(caseId: string, marker: Marker, signal?: AbortSignal): Promise<void> {
    await this.#write(caseId, marker, signal);
  }

  /**
   * Removes a claim whose e-mail certainly did not go, so that the queue's next delivery sends it: only that claim,
   * the object with its ETag (If-Match). When S3's answer to the delete is lost, the SDK deletes again, and by then
   * another invocation may have claimed the quote or marked it sent; an unconditional delete would remove that
   * marker, and the next delivery would mail the quote a second time. 404: our claim is gone already (our first
   * attempt took it); 412: the marker there is another's. Neither is ours to remove: done.
   */
  async release(caseId: string, etag: string, signal?: AbortSignal): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: markerKey(caseId), IfMatch: etag }), { abortSignal: signal });
    } catch (error) {
      if (statusOf(error) !== 404 && !isConditionFailed(error)) throw error;
    }
  }

  /** The quote's marker and its ETag, or undefined when it has none. */
  async readMarker(caseId: string, signal?: AbortSignal): Promise<(Marker & { etag: string }) | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: markerKey(caseId) }), { abortSignal: signal });
      return { ...(JSON.parse(await object.Body!.transformToString("utf-8")) as Marker), etag: object.ETag! };
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  /** Every object under `prefix`, page by page, with when it was written. */
  async *list(prefix: string, signal?: AbortSignal): AsyncGenerator<{ key: string; lastModified: Date }> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }), { abortSignal: signal });
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified) yield { key: object.Key, lastModified: object.LastModified };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** Writes the marker; its ETag. */
  async #write(caseId: string, marker: Marker, signal: AbortSignal | undefined, ifNoneMatch?: "*"): Promise<string> {
    const written = await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: markerKey(caseId),
        Body: JSON.stringify(marker),
        ContentType: "application/json",
        IfNoneMatch: ifNoneMatch,
      }),
      { abortSignal: signal },
    );
    return written.ETag!;
  }

  async #read(key: string, signal?: AbortSignal): Promise<string> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal: signal });
    return object.Body!.transformToString("utf-8");
  }
}
