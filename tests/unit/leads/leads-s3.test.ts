// flightsite leads against a real S3 protocol server (s3rver on 127.0.0.1) holding 2,000 quotes stored the way the
// intake stores them (issue 26); the notice queue and the stack's outputs through aws-sdk-client-mock.
import { CloudFormationClient, DescribeStacksCommand } from "@aws-sdk/client-cloudformation";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../../src/cli";
import { testS3Client } from "../support/s3-server";
import { startS3ServerProcess } from "../support/s3rver-process";
import { keyOf, madeUpQuote } from "../support/stored-quotes";

const bucket = "quotes";
const count = 2000;
const quotes = Array.from({ length: count }, (_, n) => madeUpQuote(n));
// Hostile text a visitor could type: a spreadsheet formula, and a terminal escape that would turn the screen red.
quotes[7]!.full_name = '=HYPERLINK("http://x")';
quotes[8]!.full_name = "Eve\u001b[31m Red\u202e";
quotes[8]!.notes = "Please call after 5.\nPhone: (555) 000-0000";

let server: Awaited<ReturnType<typeof startS3ServerProcess>>;

beforeAll(async () => {
  server = await startS3ServerProcess(bucket);
  const s3 = testS3Client(server.endpoint);
  let next = 0;
  const put = async () => {
    while (next < quotes.length) {
      const quote = quotes[next++]!;
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(quote), Body: JSON.stringify(quote), ContentType: "application/json; charset=utf-8" }));
    }
  };
  await Promise.all(Array.from({ length: 16 }, put));
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: `notified/${quotes[9]!.case_id}.json`, Body: '{"state":"sent"}' }));
  // Objects that are not quotes: never listed, never deleted.
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: "notified/AF99999999ZZZZ.json", Body: "{}" }));
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** Runs `flightsite leads …` against the test server with fake credentials; its exit code and what it printed. */
async function leads(...args: string[]) {
  vi.stubEnv("AWS_ACCESS_KEY_ID", "S3RVER");
  vi.stubEnv("AWS_SECRET_ACCESS_KEY", "S3RVER");
  vi.stubEnv("AWS_MAX_ATTEMPTS", "1");
  vi.stubEnv("TZ", "UTC");
  const out: string[] = [];
  const err: string[] = [];
  try {
    const code = await main(["leads", ...args, "--bucket", bucket, "--endpoint", server.endpoint], {
      stdout: (t) => void out.push(t),
      stderr: (t) => void err.push(t),
      cwd: process.cwd(),
    });
    return { code, out: out.join(""), err: err.join("") };
  } finally {
    vi.unstubAllEnvs();
  }
}

describe("flightsite leads on the quotes bucket", () => {
  it("lists every quote, one line each, newest first, and the count; says it is reading a long listing", async () => {
    const { code, out, err } = await leads("list");
    expect(code).toBe(0);
    const lines = out.trimEnd().split("\n");
    expect(lines).toHaveLength(count + 1);
    expect(lines.at(-1)).toBe("2,000 quotes");
    expect(err).toBe(`flightsite: reading 2,000 quotes from bucket ${bucket}…\n`);
    const ids = lines.slice(0, -1).map((line) => line.split(/ {2,}/)[1]);
    expect(new Set(ids)).toEqual(new Set(quotes.map((q) => q.case_id)));
    const row = lines.find((line) => line.includes(quotes[4]!.case_id))!;
    expect(row.split(/ {2,}/).slice(1)).toEqual([quotes[4]!.case_id, "24-48 hrs", "Visitor 4", "(555) 104-0004", "Sarasota, FL → Houston, TX", "/sarasota/", "modal"]);
    expect(row).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}  /);
  }, 60_000);

  it("filters by urgency and city, and by when S3 received the quote", async () => {
    const expected = quotes.filter((q) => q.urgency === "Today" && q.city_slug === "naples").length;
    const filtered = await leads("list", "--urgency", "today", "--city", "naples");
    expect(filtered.out.trimEnd().split("\n").at(-1)).toBe(`${expected.toLocaleString("en-US")} quotes`);
    expect(filtered.out.split("\n").slice(0, -2).every((line) => line.includes("  Today  ") && line.includes("/naples/"))).toBe(true);
    // The quotes' timestamps say November 2026, but S3 received them just now: --since goes by the receipt.
    expect((await leads("list", "--since", "1d")).out.trimEnd().split("\n").at(-1)).toBe("2,000 quotes");
    expect((await leads("list", "--since", "2099-01-01")).out).toBe("0 quotes\n");
  }, 60_000);

  it("shows every field of one quote, labelled as the form labels them, with no terminal control characters", async () => {
    const { code, out } = await leads("show", quotes[8]!.case_id.toLowerCase());
    expect(code).toBe(0);
    const lines = out.trimEnd().split("\n");
    expect(lines).toContain(`Case id:                        ${quotes[8]!.case_id}`);
    expect(lines).toContain("Full name:                      Eve [31m Red");
    expect(lines).toContain("Flying from (city or facility): Tampa, FL");
    expect(lines).toContain("Equipment (if prescribed):      Oxygen, Monitor");
    expect(lines).toContain("Notes:                          Please call after 5. Phone: (555) 000-0000");
    expect(lines).toContain(`Kept as:                        ${keyOf(quotes[8]!)}`);
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
  }, 30_000);

  it("exports every quote as CSV a spreadsheet opens cleanly, with formulas made inert", async () => {
    const { code, out } = await leads("export", "--format", "csv");
    expect(code).toBe(0);
    // Issue 39: headers in words, the time in the site's zone, the phone as written and in E.164.
    expect(out.startsWith("\ufeffReceived (America/New_York),Case id,Urgency,Full name,Phone (as written),Phone (E.164),Email,")).toBe(true);
    const records = out.split("\r\n");
    expect(records.at(-1)).toBe("");
    // One record a quote, plus the header (the one note with a line break stays inside its quoted cell).
    expect(records.filter((record) => /^\d{4}-/.test(record))).toHaveLength(count);
    expect(out).toContain(`,"'=HYPERLINK(""http://x"")",`);
    expect(out).not.toMatch(/,=HYPERLINK/);
    expect(out).toContain('"Please call after 5.\nPhone: (555) 000-0000"');
  }, 60_000);

  it("exports NDJSON with every stored field, when it was received and where it is kept", async () => {
    const { out } = await leads("export", "--format", "ndjson", "--city", "sarasota");
    const rows = out.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows).toHaveLength(quotes.filter((q) => q.city_slug === "sarasota").length);
    const row = rows.find((r) => r.case_id === quotes[4]!.case_id)!;
    expect(row).toEqual({ received: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), key: keyOf(quotes[4]!), ...quotes[4] });
  }, 60_000);

  it("resends a notice through the queue named by the stack's outputs", async () => {
    const cloudFormation = mockClient(CloudFormationClient);
    const sqs = mockClient(SQSClient);
    try {
      cloudFormation.on(DescribeStacksCommand).resolves({
        Stacks: [{ StackName: "FlightsiteSite", CreationTime: new Date(), StackStatus: "UPDATE_COMPLETE", Outputs: [{ OutputKey: "NoticeQueueUrl", OutputValue: "https://sqs.us-east-1.amazonaws.com/1/notices" }] }],
      });
      sqs.on(SendMessageCommand).resolves({ MessageId: "1" });
      const { code, out } = await leads("resend", quotes[3]!.case_id, "--queue", "https://sqs.us-east-1.amazonaws.com/1/notices");
      expect(code).toBe(0);
      expect(out).toBe(`flightsite: the notice of ${quotes[3]!.case_id} is queued again; the coordinators' e-mail follows within a minute or two\n`);
      expect(sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input)).toEqual([
        { QueueUrl: "https://sqs.us-east-1.amazonaws.com/1/notices", MessageBody: JSON.stringify({ resend: { key: keyOf(quotes[3]!) } }) },
      ]);
    } finally {
      cloudFormation.restore();
      sqs.restore();
    }
  }, 30_000);

  it("deletes one quote and its markers only with --yes, and says what it removed", async () => {
    const target = quotes[9]!;
    const refused = await leads("delete", target.case_id);
    expect(refused).toEqual({ code: 1, out: "", err: `flightsite: deleting ${target.case_id} cannot be undone; run it again with --yes to delete it\n` });

    const { code, out } = await leads("delete", target.case_id, "--yes");
    expect(code).toBe(0);
    expect(out).toBe(`flightsite: deleted ${target.case_id} from bucket ${bucket}:\n  ${keyOf(target)} (1 version)\n  notified/${target.case_id}.json (1 version)\n`);
    const s3 = testS3Client(server.endpoint);
    const left = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: "notified/" }));
    expect(left.Contents?.map((o) => o.Key)).toEqual(["notified/AF99999999ZZZZ.json"]);
    await expect(s3.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(target) }))).rejects.toThrow();
    expect(await leads("show", target.case_id)).toEqual({
      code: 1,
      out: "",
      err: `flightsite: no quote with case id ${target.case_id} in bucket ${bucket}; check the id (flightsite leads list shows them)\n`,
    });
  }, 60_000);

  it("says in one line what to do about a malformed case id or a bucket that does not exist", async () => {
    expect(await leads("show", "AF123")).toEqual({
      code: 1,
      out: "",
      err: 'flightsite: "AF123" is not a case id; a case id is AF, 8 digits and 4 letters or digits, like AF12345678AB12\n',
    });
    const out: string[] = [];
    const err: string[] = [];
    vi.stubEnv("AWS_ACCESS_KEY_ID", "S3RVER");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "S3RVER");
    try {
      const code = await main(["leads", "list", "--bucket", "no-such-bucket", "--endpoint", server.endpoint], {
        stdout: (t) => void out.push(t),
        stderr: (t) => void err.push(t),
        cwd: process.cwd(),
      });
      expect(code).toBe(1);
      expect(err.join("")).toBe("flightsite: no bucket no-such-bucket; check --bucket (the stack's QuotesBucket output, infra/README.md)\n");
    } finally {
      vi.unstubAllEnvs();
    }
  }, 30_000);
});
