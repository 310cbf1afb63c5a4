import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  paginateListObjectsV2,
  ListObjectVersionsCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { LeadsError } from "../errors";
import { explainAwsError } from "./aws-errors";
import { overdue, parseQuote, type Lead, type LeadStore, type Unreadable } from "./lead";

/** How many quotes are read at once: enough to hide S3's latency, few enough for a laptop on hotel Wi-Fi. */
const READ_CONCURRENCY = 16;

/**
 * The quotes bucket as the intake fills it (src/quote/README.md): `quotes/YYYY/MM/DD/<case id>.json`, the day from
 * the quote's own timestamp, and the notifier's markers under `notified/`.
 */
export class S3Leads implements LeadStore {
  readonly name: string;

  constructor(
    readonly client: S3Client,
    readonly bucket: string,
  ) {
    this.name = `bucket ${bucket}`;
  }

  async list(since: Date | undefined, progress?: (done: number, total: number) => void, unreadable: Unreadable = () => {}): Promise<Lead[]> {
    // Every key is listed (a thousand a request) and the time S3 received each decides: the day in a key comes
    // from the visitor's clock, which may be days off.
    const objects = (await this.#listKeys("quotes/")).filter((object) => object.key.endsWith(".json") && (!since || object.received >= since));
    const leads: Lead[] = [];
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < objects.length) {
        const object = objects[next++]!;
        const lead = await this.#lead(object, unreadable);
        if (lead) leads.push(lead);
        progress?.(++done, objects.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, objects.length) }, worker));
    // An urgent quote over 2 hours old: has anyone acted on it (leads resend)? Its marker says. Few are urgent.
    const now = Date.now();
    for (const lead of leads) {
      if (overdue(lead, new Date(now))) lead.handled = await this.#resent(String(lead.quote.case_id));
    }
    return leads;
  }

  async find(caseId: string, unreadable: Unreadable = () => {}): Promise<Lead[]> {
    const objects = await this.#objectsOf(caseId);
    const leads = (await Promise.all(objects.map((object) => this.#lead(object, unreadable)))).filter((lead) => lead !== undefined);
    if (leads.length === 0) throw new LeadsError(`the quote of case id ${caseId} cannot be read (${objects.map((o) => o.key).join(", ")}); delete it with flightsite leads delete ${caseId} --yes, or read it with aws s3 cp`);
    return leads.sort((a, b) => a.received.getTime() - b.received.getTime());
  }

  async remove(caseId: string): Promise<string[]> {
    // By its keys, not its contents: a quote that cannot be read is deleted all the same.
    const objects = await this.#objectsOf(caseId);
    const removed: string[] = [];
    // Every quote of the case, and the notifier's markers (the older intake's pending mark too): every version of each.
    for (const prefix of [...objects.map((object) => object.key), `notified/${caseId}`, `notify-pending/${caseId}`]) {
      const versions = await this.#removeEveryVersion(prefix);
      for (const [key, count] of versions) removed.push(`${key} (${count === 1 ? "1 version" : `${count} versions`})`);
    }
    return removed;
  }

  /** Deletes every object under `prefix` with all its versions and delete markers; returns key → versions removed. */
  async #removeEveryVersion(prefix: string): Promise<Map<string, number>> {
    const removed = new Map<string, number>();
    // First the current objects: on a store that keeps no versions (s3rver, MinIO without versioning) this is all.
    for (const { key } of await this.#listKeys(prefix)) {
      await this.#aws(this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
      removed.set(key, 1);
    }
    // Then, on a versioned bucket, every version and the delete markers the deletes above just left.
    const versions = await this.#listVersions(prefix);
    const kept = new Map<string, number>();
    for (const version of versions) if (!version.deleteMarker) kept.set(version.key, (kept.get(version.key) ?? 0) + 1);
    for (let start = 0; start < versions.length; start += 1000) {
      const batch = versions.slice(start, start + 1000);
      const answer = await this.#aws(this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((v) => ({ Key: v.key, VersionId: v.versionId })), Quiet: true } }),
      ));
      const failed = answer.Errors ?? [];
      if (failed.length > 0) throw new LeadsError(`S3 kept ${failed.length} versions of ${failed[0]!.Key} (${failed[0]!.Code}); run the delete again`);
    }
    for (const [key, count] of kept) removed.set(key, count);
    return removed;
  }

  /** The quote's marker says it was sent again by `leads resend`; false when it has none or cannot be read. */
  async #resent(caseId: string): Promise<boolean> {
    try {
      const marker = parseQuote(await this.#read(`notified/${caseId}.json`));
      return "quote" in marker && marker.quote.resent === true;
    } catch {
      return false;
    }
  }

  /**
   * Every object of the case: a case id does not say its day (its digits are the time modulo about 28 hours), and a
   * quote stored before issue 39 is under a day's folder, so the listing decides.
   */
  async #objectsOf(caseId: string): Promise<{ key: string; received: Date }[]> {
    const objects = (await this.#listKeys("quotes/")).filter((candidate) => candidate.key === `quotes/${caseId}.json` || candidate.key.endsWith(`/${caseId}.json`));
    if (objects.length === 0) throw new LeadsError(`no quote with case id ${caseId} in ${this.name}; check the id (flightsite leads list shows them)`);
    return objects;
  }

  /** The object as a lead, or undefined (told to `unreadable`) when it is not a quote or has gone since the listing. */
  async #lead(object: { key: string; received: Date }, unreadable: Unreadable): Promise<Lead | undefined> {
    let text: string;
    try {
      text = await this.#read(object.key);
    } catch (error) {
      // No credentials, no access, no answer: every object would fail alike, so that is the error to show.
      if (error instanceof LeadsError || !(error instanceof Error)) throw error;
      unreadable(object.key, (error as { Code?: string }).Code ?? error.name);
      return undefined;
    }
    const parsed = parseQuote(text);
    if ("why" in parsed) {
      unreadable(object.key, parsed.why);
      return undefined;
    }
    return { quote: parsed.quote, received: object.received, key: object.key };
  }

  async #listKeys(prefix: string): Promise<{ key: string; received: Date }[]> {
    return this.#aws(
      (async () => {
        const found: { key: string; received: Date }[] = [];
        for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix })) {
          for (const object of page.Contents ?? []) found.push({ key: object.Key!, received: object.LastModified ?? new Date(0) });
        }
        return found;
      })(),
    );
  }

  async #listVersions(prefix: string): Promise<{ key: string; versionId: string; deleteMarker: boolean }[]> {
    const found: { key: string; versionId: string; deleteMarker: boolean }[] = [];
    let keyMarker: string | undefined;
    let versionMarker: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListObjectVersionsCommand({ Bucket: this.bucket, Prefix: prefix, KeyMarker: keyMarker, VersionIdMarker: versionMarker }));
      } catch (error) {
        // An S3-compatible store without versions (s3rver) refuses the call: the plain deletes removed everything.
        if (error instanceof Error && (error.name === "MethodNotAllowed" || error.name === "NotImplemented")) return [];
        throw explainAwsError(error, this.name);
      }
      for (const v of page.Versions ?? []) {
        if (v.Key && v.VersionId && v.VersionId !== "null") found.push({ key: v.Key, versionId: v.VersionId, deleteMarker: false });
      }
      for (const m of page.DeleteMarkers ?? []) {
        if (m.Key && m.VersionId && m.VersionId !== "null") found.push({ key: m.Key, versionId: m.VersionId, deleteMarker: true });
      }
      [keyMarker, versionMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextVersionIdMarker] : [undefined, undefined];
    } while (keyMarker);
    return found;
  }

  async #read(key: string): Promise<string> {
    const object = await this.#aws(this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
    return object.Body!.transformToString("utf-8");
  }

  /** The AWS call's answer, or its error as a LeadsError when it is one a coordinator can act on. */
  async #aws<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      throw explainAwsError(error, this.name);
    }
  }

}
