import { mkdir, open } from "node:fs/promises";
import path from "node:path";
import type { Quote } from "./schema";

/** A store for the quote receiver that appends each quote as one JSON line to `file`, on disk before it resolves. */
export function appendQuoteTo(file: string): (quote: Quote) => Promise<void> {
  return async (quote) => {
    await mkdir(path.dirname(file), { recursive: true });
    const handle = await open(file, "a");
    try {
      // One write per line: appends from concurrent requests never interleave inside a line.
      await handle.write(`${JSON.stringify(quote)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
}
