import { readFile, rename, stat, writeFile } from "node:fs/promises";
import { LeadsError } from "../errors";
import { parseQuote, type Lead, type LeadStore, type Unreadable } from "./lead";

/**
 * The quotes `flightsite serve` received, one JSON object per line in `.flightsite/quotes.ndjson` (--local), each
 * with the time the dev server received it (`received`, issue 39).
 */
export class LocalLeads implements LeadStore {
  constructor(readonly file: string, readonly name = file) {}

  async list(since: Date | undefined, _progress?: unknown, unreadable?: Unreadable): Promise<Lead[]> {
    const leads = await this.#read(unreadable);
    return since ? leads.filter((lead) => lead.received >= since) : leads;
  }

  async find(caseId: string, unreadable?: Unreadable): Promise<Lead[]> {
    const leads = (await this.#read(unreadable)).filter((candidate) => candidate.quote.case_id === caseId);
    if (leads.length === 0) throw new LeadsError(`no quote with case id ${caseId} in ${this.name}; check the id (flightsite leads list --local shows them)`);
    return leads;
  }

  async remove(caseId: string): Promise<string[]> {
    const leads = await this.find(caseId);
    const text = await readFile(this.file, "utf8");
    const kept = text.split("\n").filter((line) => line.trim() && caseIdOf(line) !== caseId);
    // Written beside the file and renamed over it: a crash in between leaves the old file whole, never half of it.
    await writeFile(`${this.file}.tmp`, kept.map((line) => `${line}\n`).join(""));
    await rename(`${this.file}.tmp`, this.file);
    return leads.map((lead) => `${lead.key} of ${this.name}`);
  }

  async #read(unreadable: Unreadable = () => {}): Promise<Lead[]> {
    let text: string;
    try {
      text = await readFile(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      throw new LeadsError(`no ${this.name} yet: flightsite serve writes it when its form receives a quote`);
    }
    // A line from before the dev server said when it received a quote: the file's last change is after it.
    const written = (await stat(this.file)).mtime;
    const leads: Lead[] = [];
    text.split("\n").forEach((line, index) => {
      if (!line.trim()) return;
      const parsed = parseQuote(line);
      if ("why" in parsed) return unreadable(`line ${index + 1} of ${this.name}`, parsed.why);
      const { quote } = parsed;
      leads.push({ quote, received: receivedOf(quote, written), key: `line ${index + 1}` });
    });
    return leads;
  }
}

// --- internal ---

/**
 * When the dev server received the quote: its `received`; for an older line, the visitor's clock, never later than
 * the file's last change, so that a clock set in the future cannot keep a quote at the top for ever.
 */
function receivedOf(quote: Lead["quote"], written: Date): Date {
  const received = new Date(String(quote.received));
  if (!Number.isNaN(received.getTime())) return received;
  const sent = new Date(String(quote.timestamp));
  return Number.isNaN(sent.getTime()) || sent > written ? written : sent;
}

function caseIdOf(line: string): unknown {
  try {
    return (JSON.parse(line) as { case_id?: unknown }).case_id;
  } catch {
    return undefined;
  }
}
