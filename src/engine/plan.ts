// The build engine's plan (engine.ts): from the files a run produces and what the last output holds, which files to
// render, which to keep and which to remove. Pure, like src/deploy's planDeploy: the effects follow it.

/** A file the run produces, with the key it is made from (src/render/route-key.ts). */
export interface PlannedFile {
  file: string;
  /** Undefined when nothing tells it is unchanged: a file not rendered from a route, or any file without a cache. */
  key: string | undefined;
}

export interface Plan {
  /** Files to make (render, or write again): their key changed, is unknown, or the output lacks them. */
  render: string[];
  /** Files the last output holds, made from the same key: taken as they are. */
  keep: string[];
  /** Files the last output holds that this run no longer produces. */
  remove: string[];
}

/** The last good output, as the plan sees it (a Map of each file to its key will do). */
export interface LastOutput {
  /** The key `file` was made from, when the output still holds it as it was written; else undefined. */
  get(file: string): string | undefined;
  /** Every file of the output. */
  keys(): Iterable<string>;
}

/**
 * Each file of `files` (the site this run produces, each file once) is kept when `last` holds it with the same
 * defined key, else rendered; every file of `last` not produced is removed. Each list keeps the order of its input.
 */
export function plan(files: readonly PlannedFile[], last: LastOutput): Plan {
  const site = { planned: () => files };
  const { make, keep, remove } = planSources([site], last);
  return { render: make.get(site)!, keep, remove };
}

/** A source of output files as the plan sees it (output-sources.ts): the files it makes this run, with their keys. */
export interface PlannedSource {
  planned(): readonly PlannedFile[];
}

/** The plan over every source of a run: the files each one makes, and those kept and removed. */
export interface SourcesPlan<S extends PlannedSource> {
  make: Map<S, string[]>;
  keep: string[];
  remove: string[];
}

/**
 * `plan` over the files of every source. `partial`: the sources planned only part of the site (a save that changed
 * only cities plans the pages made from them), and every other file of `last` stays as it is, kept rather than removed
 * (at no cost per file but a look-up: a save of one city must not pay for the whole site), except `superseded`: files
 * of the pages planned again that they no longer show (a retitled page's old share card), which are removed.
 */
export function planSources<S extends PlannedSource>(
  sources: readonly S[],
  last: LastOutput,
  { partial = false, superseded = [] }: { partial?: boolean; superseded?: readonly string[] } = {},
): SourcesPlan<S> {
  const make = new Map<S, string[]>();
  const keep: string[] = [];
  const produced = new Set<string>();
  for (const source of sources) {
    const made: string[] = [];
    for (const { file, key } of source.planned()) {
      produced.add(file);
      if (key !== undefined && last.get(file) === key) keep.push(file);
      else made.push(file);
    }
    make.set(source, made);
  }
  const remove: string[] = [];
  // A partial plan keeps what it does not make, but for the files it is told were superseded (a page's old card).
  const gone = new Set(superseded);
  for (const file of last.keys()) if (!produced.has(file)) (partial && !gone.has(file) ? keep : remove).push(file);
  return { make, keep, remove };
}
