import { writeFile } from "node:fs/promises";
import { LeadsError } from "../errors";
import { matchesFilter, type LeadFilter } from "./filters";
import { formatLead, formatLeadList, forTerminal, leadsToCsv, leadsToNdjson } from "./format";
import { checkCaseId, newestFirst, type Lead, type LeadStore, type Unreadable } from "./lead";

export interface LeadsIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** stderr is a terminal: the progress line is redrawn in place. */
  interactive?: boolean;
  /** The zone times are shown in; the computer's by default. */
  timeZone?: string;
  /** The time now (tests): an urgent quote over 2 hours old and not handled is marked. */
  now?: () => Date;
}

/** From this many quotes up a listing says how far it has read: each one is a request to S3. */
const LONG_LISTING = 200;

/** `leads list`: the leads that pass the filter, newest first, one line each, then the count. */
export async function listLeads(store: LeadStore, filter: LeadFilter, io: LeadsIo): Promise<Lead[]> {
  const leads = await readLeads(store, filter, io);
  io.stdout(`${formatLeadList(leads, io.timeZone, io.now?.() ?? new Date())}\n`);
  return leads;
}

/** `leads show CASEID`: every field of the lead; of each, when the case id was stored more than once. */
export async function showLead(store: LeadStore, caseIdText: string, io: LeadsIo): Promise<void> {
  const caseId = checkCaseId(caseIdText);
  const leads = await store.find(caseId, reportUnreadable(io));
  const heading = (i: number) => (leads.length === 1 ? "" : `Quote ${i + 1} of ${leads.length} stored with case id ${caseId}:\n`);
  io.stdout(leads.map((lead, i) => `${heading(i)}${formatLead(lead, io.timeZone)}\n`).join("\n"));
}

/** `leads export`: the leads that pass the filter, as CSV, XLSX (a file only) or NDJSON, to a file or stdout. */
export async function exportLeads(
  store: LeadStore,
  filter: LeadFilter,
  format: "csv" | "ndjson" | "xlsx",
  out: string | undefined,
  io: LeadsIo & { exportTimeZone?: string },
): Promise<number> {
  if (format === "xlsx" && !out) throw new LeadsError("an XLSX export is a file: name it with --out, like --out leads.xlsx");
  const leads = await readLeads(store, filter, io);
  if (!out) {
    // A terminal runs the escape sequences a visitor may have typed: none reaches it.
    io.stdout(forTerminal(format === "csv" ? leadsToCsv(leads, io.exportTimeZone) : leadsToNdjson(leads), format === "csv" ? "csv" : "ndjson"));
    return leads.length;
  }
  const { leadTable } = await import("./table");
  const content = format === "xlsx" ? await (await import("./xlsx")).leadsToXlsx(leadTable(leads, io.exportTimeZone)) : format === "csv" ? leadsToCsv(leads, io.exportTimeZone) : leadsToNdjson(leads);
  // The file holds names and phone numbers: readable by its owner only.
  await writeFile(out, content, { mode: 0o600 });
  io.stderr(`flightsite: wrote ${leads.length.toLocaleString("en-US")} ${leads.length === 1 ? "quote" : "quotes"} to ${out}\n`);
  return leads.length;
}

/** `leads delete CASEID --yes`: the lead and everything kept about it, for a visitor who asked. */
export async function deleteLead(store: LeadStore, caseIdText: string, confirmed: boolean, io: LeadsIo): Promise<string[]> {
  const caseId = checkCaseId(caseIdText);
  if (!confirmed) throw new LeadsError(`deleting ${caseId} cannot be undone; run it again with --yes to delete it`);
  const removed = await store.remove(caseId);
  io.stdout(`flightsite: deleted ${caseId} from ${store.name}:\n${removed.map((line) => `  ${line}\n`).join("")}`);
  return removed;
}

// --- internal ---

/** Says where a line or object could not be read: the rest goes on (issue 39). */
function reportUnreadable(io: LeadsIo): Unreadable {
  return (place, why) => io.stderr(`flightsite: could not read ${forTerminal(place, "csv")} (${why}); left out, every other quote is here\n`);
}

async function readLeads(store: LeadStore, filter: LeadFilter, io: LeadsIo): Promise<Lead[]> {
  let shown = 0;
  const progress = (done: number, total: number) => {
    if (total < LONG_LISTING) return;
    if (done === 1) io.stderr(`flightsite: reading ${total.toLocaleString("en-US")} quotes from ${store.name}…${io.interactive ? "" : "\n"}`);
    if (!io.interactive) return;
    // Redrawn every few percent, not on every quote: a terminal is slower than S3 here.
    if (done === total || done - shown >= total / 50) {
      shown = done;
      io.stderr(`\rflightsite: reading quotes from ${store.name}: ${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}${done === total ? "\n" : ""}`);
    }
  };
  const leads = await store.list(filter.since, progress, reportUnreadable(io));
  return leads.filter((lead) => matchesFilter(lead, filter)).sort(newestFirst);
}
