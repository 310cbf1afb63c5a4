// flightsite leads without a server: the dev server's file (--local), a versioned bucket and the stack's outputs
// through aws-sdk-client-mock, the filters, and the errors a coordinator can act on (issue 26).
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CloudFormationClient, DescribeStacksCommand } from "@aws-sdk/client-cloudformation";
import { DeleteObjectCommand, DeleteObjectsCommand, ListObjectsV2Command, ListObjectVersionsCommand, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { es } from "../../../client/messages/es";
import { main } from "../../../src/cli";
import { parseSince, parseUrgency } from "../../../src/leads/filters";
import { listLeads } from "../../../src/leads/leads";
import type { Lead, LeadStore } from "../../../src/leads/lead";
import { S3Leads } from "../../../src/leads/s3-leads";
import { findLeadsPlace } from "../../../src/leads/where";
import { keyOf, madeUpQuote } from "../support/stored-quotes";

describe("flightsite leads --local", () => {
  let root: string;
  const quotes = [0, 1, 2, 3].map((n) => madeUpQuote(n * 60 * 24, Date.UTC(2026, 9, 30, 12)));
  // Issue 29: the last one came from a Spanish page.
  quotes[3] = { ...quotes[3]!, lang: "es" };

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "flightsite-leads-"));
    await writeFile(path.join(root, "package.json"), JSON.stringify({ name: "flightsite" }));
    await mkdir(path.join(root, ".flightsite"));
    await writeFile(path.join(root, ".flightsite/quotes.ndjson"), quotes.map((q) => `${JSON.stringify(q)}\n`).join(""));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const run = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    vi.stubEnv("TZ", "UTC");
    try {
      const code = await main(["leads", ...args, "--local"], { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), cwd: root });
      return { code, out: out.join(""), err: err.join("") };
    } finally {
      vi.unstubAllEnvs();
    }
  };

  it("lists the dev server's quotes newest first, from a calendar day on", async () => {
    // The quotes are a day apart: 30 and 31 October, 1 and 2 November 2026, at noon UTC.
    const { code, out } = await run("list", "--since", "2026-11-01");
    expect(code).toBe(0);
    // (Made-up quotes of days ago: an urgent one is marked as waiting over 2 hours, issue 39.)
    const lines = out.trimEnd().split("\n").map(withoutUrgentMark);
    expect(lines.slice(0, -1).map((line) => line.split(/ {2,}/)[1])).toEqual([quotes[3]!.case_id, quotes[2]!.case_id]);
    expect(lines[0]!.startsWith("2026-11-02 12:00  ")).toBe(true);
    expect(lines[0]!.split(/ {2,}/).slice(-2)).toEqual(["modal", "Spanish"]);
    expect(lines[1]!.split(/ {2,}/).at(-1)).toBe("modal");
    expect(lines[2]).toBe("2 quotes");
  });

  it("shows the form's language of one quote, and exports it", async () => {
    expect((await run("show", quotes[3]!.case_id)).out).toContain("\nForm language:                  Spanish\n");
    expect((await run("show", quotes[2]!.case_id)).out).toContain("\nForm language:                  English\n");
    const csv = (await run("export", "--format", "csv")).out.split("\r\n");
    expect(csv[0]).toContain(",Form language,");
    expect(csv.filter((record) => record.includes(`,${quotes[3]!.case_id},`))[0]).toContain(",Spanish,");
  });

  // Issue 39: a quote from /es/naples/ reads like one from /naples/, and its consent is quoted in Spanish.
  it("lists, filters and shows a quote from a Spanish city page as one of that city, with the consent in Spanish", async () => {
    const spanish = { ...madeUpQuote(7, Date.UTC(2026, 10, 3, 12)), lang: "es", page_url: "https://www.example.com/es/naples/", city_slug: "naples", consent_text: es.quoteForm.consent };
    // Stored before the intake worked the city out: the browser said "es", the language's prefix.
    const older = { ...madeUpQuote(8, Date.UTC(2026, 10, 3, 12)), lang: "es", page_url: "https://www.example.com/es/naples/flights-to-md-anderson-houston/", city_slug: "es" };
    await writeFile(path.join(root, ".flightsite/quotes.ndjson"), [spanish, older].map((q) => `${JSON.stringify(q)}\n`).join(""));
    const listed = (await run("list", "--city", "naples")).out.trimEnd().split("\n").map(withoutUrgentMark);
    expect(listed.map((line) => line.split(/ {2,}/)[1])).toEqual([older.case_id, spanish.case_id, undefined]);
    expect(listed.slice(0, 2).map((line) => line.split(/ {2,}/).at(-3))).toEqual(["/naples/", "/naples/"]);
    for (const quote of [spanish, older]) {
      const shown = (await run("show", quote.case_id)).out;
      expect(shown).toContain(`\nConsent:                        yes: "${es.quoteForm.consent}"\n`);
      expect(shown).toContain("\nCity page:                      /naples/\n");
    }
    const csv = (await run("export", "--city", "naples")).out.split("\r\n");
    expect(csv.filter((row) => row.includes(older.case_id))[0]).toContain(",/naples/,");
  });

  // Issue 39: the time is the server's; a visitor's clock set in the future never puts a quote at the top.
  it("orders and filters quotes by when the server received them, never by the visitor's clock", async () => {
    const [early, late, older] = [madeUpQuote(1), madeUpQuote(2), madeUpQuote(3)];
    const lines = [
      { ...early, timestamp: "2099-01-01T00:00:00.000Z", received: "2026-11-20T10:00:00.000Z" },
      { ...late, timestamp: "2020-01-01T00:00:00.000Z", received: "2026-11-20T11:00:00.000Z" },
      // Stored before the dev server said when: its clock is in the future, so the file's last change stands for it.
      { ...older, timestamp: "2099-01-01T00:00:00.000Z" },
    ];
    const file = path.join(root, ".flightsite/quotes.ndjson");
    await writeFile(file, lines.map((q) => `${JSON.stringify(q)}\n`).join(""));
    await utimes(file, new Date("2026-11-20T12:00:00Z"), new Date("2026-11-20T12:00:00Z"));
    const listed = (await run("list")).out.trimEnd().split("\n");
    expect(listed.slice(0, 3).map((line) => line.split(/ {2,}/).slice(0, 2))).toEqual([
      ["2026-11-20 12:00", older.case_id],
      ["2026-11-20 11:00", late.case_id],
      ["2026-11-20 10:00", early.case_id],
    ]);
    expect((await run("list", "--since", "2026-11-21")).out).toBe("0 quotes\n");
    expect((await run("show", early.case_id)).out).toContain("\nSent at (visitor's clock):      2099-01-01T00:00:00.000Z\n");
  });

  it("deletes a quote from the file only with --yes, keeping the others", async () => {
    const { code, out } = await run("delete", quotes[1]!.case_id, "--yes");
    expect(code).toBe(0);
    expect(out).toBe(`flightsite: deleted ${quotes[1]!.case_id} from .flightsite/quotes.ndjson:\n  line 2 of .flightsite/quotes.ndjson\n`);
    const left = (await readFile(path.join(root, ".flightsite/quotes.ndjson"), "utf8")).trimEnd().split("\n").map((line) => JSON.parse(line).case_id);
    expect(left).toEqual([quotes[0]!.case_id, quotes[2]!.case_id, quotes[3]!.case_id]);
  });

  it("will not resend a local quote, and says why", async () => {
    expect(await run("resend", quotes[0]!.case_id)).toEqual({
      code: 1,
      out: "",
      err: "flightsite: resend needs the notice queue in AWS; the dev server's quotes are never mailed\n",
    });
  });

  it("says how the file comes to be when there is none yet", async () => {
    await rm(path.join(root, ".flightsite/quotes.ndjson"));
    expect((await run("list")).err).toBe("flightsite: no .flightsite/quotes.ndjson yet: flightsite serve writes it when its form receives a quote\n");
  });
});

describe("flightsite leads delete on a versioned bucket", () => {
  it("removes every version of the quote and of its marker, and the delete markers it leaves", async () => {
    const s3 = mockClient(S3Client);
    try {
      const quote = madeUpQuote(5);
      const key = keyOf(quote);
      const marker = `notified/${quote.case_id}.json`;
      s3.on(ListObjectsV2Command, { Prefix: "quotes/" }).resolves({ Contents: [{ Key: key, LastModified: new Date() }] });
      s3.on(ListObjectsV2Command, { Prefix: key }).resolves({ Contents: [{ Key: key, LastModified: new Date() }] });
      s3.on(ListObjectsV2Command, { Prefix: `notified/${quote.case_id}` }).resolves({ Contents: [{ Key: marker, LastModified: new Date() }] });
      s3.on(ListObjectsV2Command, { Prefix: `notify-pending/${quote.case_id}` }).resolves({ Contents: [] });
      // Only what the store reads of a body.
      s3.on(GetObjectCommand).resolves({ Body: { transformToString: async () => JSON.stringify(quote) } as never });
      s3.on(ListObjectVersionsCommand, { Prefix: key }).resolves({
        Versions: [{ Key: key, VersionId: "v2", IsLatest: false }, { Key: key, VersionId: "v1", IsLatest: false }],
        DeleteMarkers: [{ Key: key, VersionId: "d1", IsLatest: true }],
      });
      s3.on(ListObjectVersionsCommand, { Prefix: `notified/${quote.case_id}` }).resolves({
        Versions: [{ Key: marker, VersionId: "m1", IsLatest: false }],
        DeleteMarkers: [{ Key: marker, VersionId: "md", IsLatest: true }],
      });
      s3.on(ListObjectVersionsCommand, { Prefix: `notify-pending/${quote.case_id}` }).resolves({});
      s3.on(DeleteObjectsCommand).resolves({});
      s3.on(DeleteObjectCommand).resolves({});

      const store = new S3Leads(new S3Client({ region: "us-east-1", credentials: { accessKeyId: "x", secretAccessKey: "x" } }), "quotes");
      expect(await store.remove(quote.case_id)).toEqual([`${key} (2 versions)`, `${marker} (1 version)`]);
      expect(s3.commandCalls(DeleteObjectsCommand).map((call) => call.args[0].input.Delete!.Objects)).toEqual([
        [{ Key: key, VersionId: "v2" }, { Key: key, VersionId: "v1" }, { Key: key, VersionId: "d1" }],
        [{ Key: marker, VersionId: "m1" }, { Key: marker, VersionId: "md" }],
      ]);
    } finally {
      s3.restore();
    }
  });
});

describe("where the leads are", () => {
  it("takes the bucket and the queue from the stack's outputs, and names a missing stack", async () => {
    const cloudFormation = mockClient(CloudFormationClient);
    try {
      cloudFormation.on(DescribeStacksCommand, { StackName: "FlightsiteSite" }).resolves({
        Stacks: [
          {
            StackName: "FlightsiteSite",
            CreationTime: new Date(),
            StackStatus: "UPDATE_COMPLETE",
            Outputs: [
              { OutputKey: "QuotesBucket", OutputValue: "flightsite-quotes-123" },
              { OutputKey: "NoticeQueueUrl", OutputValue: "https://sqs.us-east-1.amazonaws.com/1/notices" },
            ],
          },
        ],
      });
      cloudFormation.on(DescribeStacksCommand, { StackName: "Other" }).rejects(Object.assign(new Error("Stack with id Other does not exist"), { name: "ValidationError" }));
      const client = () => new CloudFormationClient({ region: "us-east-1", credentials: { accessKeyId: "x", secretAccessKey: "x" } });
      expect(await findLeadsPlace({}, client)).toEqual({ bucket: "flightsite-quotes-123", queueUrl: "https://sqs.us-east-1.amazonaws.com/1/notices" });
      expect(await findLeadsPlace({ bucket: "mine" }, client)).toEqual({ bucket: "mine", queueUrl: undefined });
      await expect(findLeadsPlace({ stack: "Other" }, client)).rejects.toThrow(
        'no stack "Other" in this AWS account and region; pass --bucket NAME, or --stack NAME and the region (AWS_REGION)',
      );
    } finally {
      cloudFormation.restore();
    }
  });

  it("says to sign in when there are no AWS credentials", async () => {
    // Nothing anywhere in the chain, and no instance metadata to ask (that would leave this machine).
    for (const name of ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_CONTAINER_CREDENTIALS_FULL_URI", "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"]) {
      vi.stubEnv(name, undefined);
    }
    vi.stubEnv("AWS_EC2_METADATA_DISABLED", "true");
    vi.stubEnv("AWS_CONFIG_FILE", "/nonexistent/config");
    vi.stubEnv("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/credentials");
    vi.stubEnv("AWS_REGION", "us-east-1");
    const err: string[] = [];
    try {
      const code = await main(["leads", "list", "--bucket", "quotes"], { stdout: () => {}, stderr: (t) => void err.push(t), cwd: process.cwd() });
      expect(code).toBe(1);
      expect(err.join("")).toBe("flightsite: no AWS credentials found; sign in first (aws sso login, or set AWS_PROFILE), or read the dev server's quotes with --local\n");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("the leads' filters and progress", () => {
  it("reads --since as days or hours back, or a calendar day that exists", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    expect(parseSince("7d", now)).toEqual(new Date("2026-11-17T12:00:00Z"));
    expect(parseSince("36h", now)).toEqual(new Date("2026-11-23T00:00:00Z"));
    expect(parseSince("2026-11-01", now)).toEqual(new Date(2026, 10, 1));
    for (const wrong of ["2026-02-30", "7", "d7", "last week", "2026-13-01"]) expect(parseSince(wrong, now), wrong).toBeUndefined();
    expect(parseUrgency("planned (3+ days)")).toBe("Planned (3+ days)");
    expect(parseUrgency("soon")).toBeUndefined();
  });

  it("redraws one progress line on a terminal while a long listing reads", async () => {
    const leads: Lead[] = Array.from({ length: 300 }, (_, n) => ({ quote: madeUpQuote(n) as Lead["quote"], received: new Date(Date.UTC(2026, 10, 1) + n), key: `k${n}` }));
    const store: LeadStore = {
      name: "bucket quotes",
      async list(_since, progress) {
        leads.forEach((_, i) => progress?.(i + 1, leads.length));
        return leads;
      },
      find: () => Promise.reject(new Error("not used")),
      remove: () => Promise.reject(new Error("not used")),
    };
    const err: string[] = [];
    await listLeads(store, {}, { stdout: () => {}, stderr: (t) => void err.push(t), interactive: true, timeZone: "UTC" });
    expect(err[0]).toBe("flightsite: reading 300 quotes from bucket quotes…");
    expect(err.at(-1)).toBe("\rflightsite: reading quotes from bucket quotes: 300 of 300\n");
    expect(err.length).toBeLessThanOrEqual(52);
  });
});

/** A listed line without the mark of an urgent quote waiting over 2 hours. */
function withoutUrgentMark(line: string): string {
  return line.replace(/ {2,}URGENT: over 2 h, not handled$/, "").trimEnd();
}
