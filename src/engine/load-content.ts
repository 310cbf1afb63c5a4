import type { z } from "zod";
import { SourceFileReader, imageFileNames, loadSourceFiles, sourceFileNames } from "../content/load";
import { parseDataFile, parsedElsewhere, type ParseResult } from "../content/parse";
import type { RenderPool } from "../render/pool";
import type { SiteContent, SourceFile } from "../content/types";
import { schemaForFile } from "../translation/file-schemas";
import { SiteValidator } from "../translation/site-validator";
import { validateSite } from "../translation/validate-site";
import type { StageTimer } from "./stages";

/**
 * The first stage of the build engine (engine.ts): data/ read and validated into the site's content. It works in one
 * of two ways, chosen once:
 * - `keepsSources` (the dev server, which runs again after each save): the files read and their parse results are
 *   kept from one run to the next, and a run reads and checks again only the files named as changed;
 * - otherwise (`flightsite build`, one run per process): every file is read once, parsed on the render threads too
 *   when there are some, and its text let go once the content is made.
 */
export class ContentLoader {
  readonly #kept: { reader: SourceFileReader; validator: SiteValidator } | undefined;

  constructor(
    readonly options: { root: string; dataDir: string },
    keepsSources: boolean,
  ) {
    this.#kept = keepsSources ? { reader: new SourceFileReader(options.dataDir, options.root), validator: new SiteValidator() } : undefined;
  }

  /**
   * The content of data/; `changed`: the files changed since the last run (absolute paths; every file when left out),
   * `names`: the data files' names when already listed. Throws ContentError with every problem found.
   */
  async load(changed: string[] | undefined, timer: StageTimer, names?: string[], threads?: RenderPool): Promise<SiteContent> {
    const { root, dataDir } = this.options;
    // Listed each run: a photo added or removed changes what the content may name.
    const images = new Set(await imageFileNames(dataDir));
    if (this.#kept) {
      const sources = await this.#kept.reader.load(changed);
      timer.lap("load");
      const content = this.#kept.validator.validate(sources, images);
      timer.lap("validate");
      return content;
    }
    const sources = await loadSourceFiles(dataDir, root, names ?? (await sourceFileNames(dataDir)));
    timer.lap("load");
    const content = validateSite(sources, threads ? await parseOnThreads(threads, sources) : undefined, images);
    timer.lap("validate");
    return content;
  }
}

// --- internal ---

/**
 * validateContent's `parse`, with the data files parsed here and on the threads at once, in chunks each takes in
 * turn: parsing is most of validating a large site, and the threads are idle until rendering. This thread parses a
 * chunk, then lets the threads' replies in and hands them new chunks, until none are left; on a small site the
 * threads are hardly started by then, and this thread has parsed nearly everything itself.
 */
async function parseOnThreads(threads: RenderPool, sources: SourceFile[]): Promise<typeof parseDataFile> {
  const chunks: SourceFile[][] = [];
  for (let i = 0; i < sources.length; i += parseChunk) chunks.push(sources.slice(i, i + parseChunk));
  const elsewhere = threads.parse(() => chunks.shift());
  // Each file's schema is the one validateContent will give it.
  const here = new Map<string, ParseResult<unknown>>();
  for (;;) {
    // A turn of the event loop before each chunk: a worker that is ready asks for its chunks before this thread takes one.
    await new Promise((resolve) => setImmediate(resolve));
    const chunk = chunks.shift();
    if (!chunk) break;
    for (const file of chunk) {
      const schema = schemaForFile(file.path);
      if (schema) here.set(file.path, parseDataFile(file, schema));
    }
  }
  const outcomes = await elsewhere;
  return <T>(file: SourceFile, schema: z.ZodType<T>): ParseResult<T> => {
    const parsed = here.get(file.path);
    if (parsed) return parsed as ParseResult<T>;
    const outcome = outcomes.get(file.path);
    if (!outcome) return parseDataFile(file, schema);
    return outcome.ok ? { ok: true, parsed: parsedElsewhere(file, outcome.data as T) } : outcome;
  };
}

/** Files per chunk of parsing: some tens of milliseconds of work. */
const parseChunk = 64;
