import { mkdir, open, readFile } from "node:fs/promises";
import path from "node:path";
import type { Quote } from "./schema";

/**
 * A store for the quote receiver that appends each quote as one JSON line to `file`, on disk before it resolves.
 * One quote per case id, as in the bucket (issue 39): a case id the file holds already is "already stored".
 */
export function appendQuoteTo(file: string): (quote: Quote) => Promise<"stored" | "already stored"> {
  // One store at a time, so that two posts of one case id at once cannot both find it missing.
  let queue: Promise<unknown> = Promise.resolve();
  return (quote) => {
    const stored = queue.then(() => append(file, quote));
    queue = stored.catch(() => {});
    return stored;
  };
}

// --- internal ---

async function append(file: string, quote: Quote): Promise<"stored" | "already stored"> {
  await mkdir(path.dirname(file), { recursive: true });
  if ((await caseIdsIn(file)).has(quote.case_id)) return "already stored";
  const handle = await open(file, "a");
  try {
    // One write per line: appends from concurrent requests never interleave inside a line.
    await handle.write(`${JSON.stringify(quote)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return "stored";
}

async function caseIdsIn(file: string): Promise<Set<string>> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Set();
    throw error;
  }
  const ids = new Set<string>();
  for (const line of text.split("\n")) {
    try {
      const id = (JSON.parse(line) as { case_id?: unknown }).case_id;
      if (typeof id === "string") ids.add(id);
    } catch {
      // A line that is not JSON (a cut-off write) names no case id.
    }
  }
  return ids;
}
