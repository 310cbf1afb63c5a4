import { readFile, rename, writeFile } from "node:fs/promises";
import { LeadsError } from "../errors";
import type { Lead, LeadStore } from "./lead";

/**
 * The quotes `flightsite serve` received, one JSON object per line in `.flightsite/quotes.ndjson` (--local). They
 * have no time of receipt of their own, so their timestamp stands for it.
 */
export class LocalLeads implements LeadStore {
  constructor(readonly file: string, readonly name = file) {}

  async list(since: Date | undefined): Promise<Lead[]> {
    const leads = await this.#read();
    return since ? leads.filter((lead) => lead.received >= since) : leads;
  }

  async find(caseId: string): Promise<Lead[]> {
    const leads = (await this.#read()).filter((candidate) => candidate.quote.case_id === caseId);
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

  async #read(): Promise<Lead[]> {
    let text: string;
    try {
      text = await readFile(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      throw new LeadsError(`no ${this.name} yet: flightsite serve writes it when its form receives a quote`);
    }
    const leads: Lead[] = [];
    text.split("\n").forEach((line, index) => {
      if (!line.trim()) return;
      const quote = JSON.parse(line) as Lead["quote"];
      leads.push({ quote, received: new Date(String(quote.timestamp)), key: `line ${index + 1}` });
    });
    return leads;
  }
}

// --- internal ---

function caseIdOf(line: string): unknown {
  try {
    return (JSON.parse(line) as { case_id?: unknown }).case_id;
  } catch {
    return undefined;
  }
}
