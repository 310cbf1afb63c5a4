// Issue 39: an export a coordinator can open. The XLSX is read back with read-excel-file: headers in words, the
// time in the site's zone as a time, the consent in the visitor's words, phones as written and in E.164, every cell
// typed. The CSV has the same headers; nothing a visitor typed reaches the terminal as an escape sequence; a line
// or object that cannot be read is named, and every other quote still lists, exports and deletes.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import readXlsxFile from "read-excel-file/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { en } from "../../../client/messages/en";
import { es } from "../../../client/messages/es";
import { main } from "../../../src/cli";
import { deleteLead, listLeads } from "../../../src/leads/leads";
import { S3Leads } from "../../../src/leads/s3-leads";
import { MemoryS3 } from "../support/memory-s3";
import { keyOf, madeUpQuote } from "../support/stored-quotes";

let root: string;
const file = () => path.join(root, ".flightsite/quotes.ndjson");
const osc8 = "\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007";
const osc52 = "\u001b]52;c;cm0gLXJmIH4=\u0007";
const quotes = [
  { ...madeUpQuote(1), full_name: '=HYPERLINK("http://x","y")', phone: "+1 239 555 0100", received: "2026-11-24T14:05:00.000Z", consent_text: en.quoteForm.consent, preferred_date: "2026-12-01" },
  { ...madeUpQuote(2), lang: "es", phone: "(239) 555-0101", received: "2026-11-24T15:30:00.000Z", consent_text: es.quoteForm.consent, notes: `Hola${osc8}${osc52}\u009b31m` },
];

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "flightsite-export-"));
  await writeFile(path.join(root, "package.json"), JSON.stringify({ name: "flightsite" }));
  await mkdir(path.join(root, ".flightsite"));
  await writeFile(file(), quotes.map((q) => `${JSON.stringify(q)}\n`).join(""));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.stubEnv("TZ", "UTC");
  try {
    const code = await main(["leads", ...args, "--local"], { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), cwd: root });
    return { code, out: out.join(""), err: err.join("") };
  } finally {
    vi.unstubAllEnvs();
  }
}

const HEADERS = [
  "Received (America/New_York)", "Case id", "Urgency", "Full name", "Phone (as written)", "Phone (E.164)", "Email",
  "Flying from (city or facility)", "Flying to (city or facility)", "Preferred date", "Mobility", "Equipment (if prescribed)",
  "Notes", "Consent", "Form language", "City page", "Destination", "Page", "Page title", "Form", "Campaign source",
  "Campaign medium", "Campaign name", "Device", "Sent at (visitor's clock)",
];

describe("leads export --format xlsx (issue 39)", () => {
  it("writes a workbook whose headers are words, times the site's, consent the visitor's words and phones E.164", async () => {
    const { code, err } = await run("export", "--format", "xlsx", "--out", "leads.xlsx");
    expect(code).toBe(0);
    expect(err).toBe(`flightsite: wrote 2 quotes to ${path.join(root, "leads.xlsx")}\n`);
    const bytes = await readFile(path.join(root, "leads.xlsx"));
    expect((await stat(path.join(root, "leads.xlsx"))).mode & 0o777).toBe(0o600);
    const [sheet] = await readXlsxFile(bytes);
    expect(sheet!.sheet).toBe("Quotes");
    const [header, spanish, english] = sheet!.data;
    expect(header).toEqual(HEADERS);
    const column = (name: string) => HEADERS.indexOf(name);
    // 15:30 UTC on 24 November is 10:30 in Florida (EST): the cell is that time, as a time.
    // (A spreadsheet keeps a time as a fraction of a day: read back, it is within a millisecond.)
    const time = (cell: unknown) => new Date(Math.round((cell as Date).getTime() / 1000) * 1000).toISOString();
    expect(time(spanish![column("Received (America/New_York)")])).toBe("2026-11-24T10:30:00.000Z");
    expect(time(english![column("Received (America/New_York)")])).toBe("2026-11-24T09:05:00.000Z");
    expect(time(english![column("Preferred date")])).toBe("2026-12-01T00:00:00.000Z");
    expect([english![column("Phone (as written)")], english![column("Phone (E.164)")]]).toEqual(["+1 239 555 0100", "+12395550100"]);
    expect(spanish![column("Phone (E.164)")]).toBe("+12395550101");
    expect(english![column("Consent")]).toBe(`Yes: ${en.quoteForm.consent}`);
    expect(spanish![column("Consent")]).toBe(`Yes: ${es.quoteForm.consent}`);
    expect(spanish![column("Form language")]).toBe("Spanish");
    // Text, never a formula, and no apostrophe in front.
    expect(english![column("Full name")]).toBe('=HYPERLINK("http://x","y")');
    const sheetXml = strFromU8(unzipSync(new Uint8Array(bytes))["xl/worksheets/sheet1.xml"]!);
    expect(sheetXml).not.toContain("<f>");
  });

  it("is a file only: to the screen it says to name one", async () => {
    expect(await run("export", "--format", "xlsx")).toEqual({ code: 1, out: "", err: "flightsite: an XLSX export is a file: name it with --out, like --out leads.xlsx\n" });
  });
});

describe("leads export --format csv and ndjson (issue 39)", () => {
  it("has the spreadsheet's headers, and keeps its formula guard", async () => {
    const { out } = await run("export", "--format", "csv");
    const lines = out.split("\r\n");
    expect(lines[0]).toBe(`\ufeff${HEADERS.map((h) => (h.includes(",") ? `"${h}"` : h)).join(",")}`);
    expect(out).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(lines.slice(1, 3).map((line) => line.slice(0, 17))).toEqual(["2026-11-24 10:30,", "2026-11-24 09:05,"]);
  });

  it("writes no control or escape character a visitor typed to the terminal; NDJSON keeps them as JSON escapes", async () => {
    for (const format of ["csv", "ndjson"]) {
      const { out } = await run("export", "--format", format);
      expect(out, format).not.toMatch(/[\u001b\u0007\u009b]/);
    }
    const ndjson = (await run("export", "--format", "ndjson")).out.trimEnd().split("\n").map((line) => JSON.parse(line));
    expect(ndjson.find((row) => row.lang === "es").notes).toBe(quotes[1]!.notes);
  });
});

describe("a line or object that cannot be read (issue 39)", () => {
  it("is named with its line, and every other quote still lists, exports and deletes", async () => {
    const [first, second] = quotes.map((q) => JSON.stringify(q));
    await writeFile(file(), `${first}\n{"full_name":"Cut off\n${second}\n`);
    const listed = await run("list");
    expect(listed.code).toBe(0);
    expect(listed.err).toBe("flightsite: could not read line 2 of .flightsite/quotes.ndjson (not JSON: cut off, or not a quote); left out, every other quote is here\n");
    expect(listed.out.trimEnd().split("\n").at(-1)).toBe("2 quotes");
    expect((await run("export", "--format", "csv")).out.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect((await run("delete", quotes[0]!.case_id, "--yes")).code).toBe(0);
    expect((await readFile(file(), "utf8")).split("\n").filter(Boolean)).toEqual(['{"full_name":"Cut off', second]);
  });

  it("is named with its key in the bucket, and deleted by its case id though it cannot be read", async () => {
    const memory = new MemoryS3();
    const good = madeUpQuote(5);
    const broken = madeUpQuote(6);
    memory.objects.set(keyOf(good), { body: Buffer.from(JSON.stringify(good)), lastModified: new Date(), etag: '"1"' });
    memory.objects.set(keyOf(broken), { body: Buffer.from('{"case_id":'), lastModified: new Date(), etag: '"2"' });
    const store = new S3Leads(memory.client(), "quotes");
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), timeZone: "UTC" };
    expect((await listLeads(store, {}, io)).map((lead) => lead.quote.case_id)).toEqual([good.case_id]);
    expect(err).toEqual([`flightsite: could not read ${keyOf(broken)} (not JSON: cut off, or not a quote); left out, every other quote is here\n`]);
    await deleteLead(store, broken.case_id, true, io);
    expect(memory.keys()).toEqual([keyOf(good)]);
  });
});
