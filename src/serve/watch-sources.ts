// The watcher of the dev server: data/, templates/ and client/ watched, each burst of changes debounced into one
// rebuild, rebuilds run one at a time, and their outcome told to the terminal and the open pages.
import { stat } from "node:fs/promises";
import path from "node:path";
import { watch } from "chokidar";
import type { DevBuild, RebuildResult } from "./dev-build";
import type { DevEvents } from "./dev-events";
import { displayPath } from "./display-path";
import { watchFolder } from "./folder-watcher";
import { UserError, formatContentWarnings, formatUserError } from "../errors";

/** What the watcher needs of the dev server's options. */
export interface WatchOptions {
  root: string;
  dataDir: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** How long the watcher waits for more changes before it rebuilds, so that a burst of saves is one rebuild. */
const quietMilliseconds = 20;

/** Watches the sources; each burst of changes becomes one rebuild, and rebuilds run one at a time. */
export async function watchSources(
  builder: DevBuild,
  events: DevEvents,
  options: WatchOptions,
  fail: (error: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // Share cards a save left to draw are stored: a rebuild puts them in, though no file changed.
  let cardsDrawn = false;
  // The translations' warnings, printed again only when they change (a save that fixes or makes one).
  let lastWarnings = formatContentWarnings(builder.content?.translationNotes.warnings ?? []);

  const rebuild = async (changed: string[]) => {
    const names = changed.map((file) => displayPath(options.root, file));
    // A save that is not atomic (truncate, then write) can be read half-written, and the watcher drops a second
    // event for a file that comes right after the first (its throttle); a file that changed while it was being read
    // is rebuilt again.
    const before = await fingerprints(changed);
    try {
      // A save's page is served at once; its share card, if it must be drawn, follows with the next rebuild.
      const result = await builder.rebuild(changed, { cardsFollow: true });
      options.stdout(formatRebuild(names, result));
      result.cardsFollowing?.then(
        () => {
          cardsDrawn = true;
          if (!running && timer === undefined) flush();
        },
        // Not drawn again now (it would fail again): the next save that needs it tries again.
        (error: unknown) => options.stderr(`flightsite: a share card could not be drawn, and the pages name it: ${String(error)}\n`),
      );
      const warnings = formatContentWarnings(builder.content?.translationNotes.warnings ?? []);
      if (warnings !== lastWarnings) options.stderr(warnings || "flightsite: no translation warnings left\n");
      lastWarnings = warnings;
      if (events.problem !== undefined) events.send({ type: "ok" });
      // Cards put in after a save change nothing a page shows: no reload for them.
      if (changed.length > 0 && (result.written.length > 0 || result.removed.length > 0)) events.send({ type: "reload" });
    } catch (error) {
      if (!(error instanceof UserError)) return fail(error);
      const message = formatUserError(error);
      options.stderr(`${message}\nStill serving the last good build.\n`);
      events.send({ type: "problem", message });
    }
    const after = await fingerprints(changed);
    changed.forEach((file, i) => after[i] !== before[i] && pending.add(file));
  };
  const flush = () => {
    timer = undefined;
    if (running || (pending.size === 0 && !cardsDrawn)) return;
    const changed = [...pending];
    pending.clear();
    cardsDrawn = false;
    running = rebuild(changed).finally(() => {
      running = undefined;
      // Changes saved during the rebuild: rebuild again now, unless more are still arriving (a timer is waiting).
      if ((pending.size > 0 || cardsDrawn) && timer === undefined) flush();
    });
  };

  // data/ by its own watcher (folder-watcher.ts), which costs nothing per file; chokidar for the code.
  const folders = [path.join(options.root, "templates"), path.join(options.root, "client")];
  // Editors' swap and backup files are not sources.
  const ignored = (file: string) => /(^|[/\\])\.[^/\\]|~$|\.sw[a-z]$/.test(path.basename(file));
  const watcher = watch(folders, { ignoreInitial: true, ignored });
  const schedule = (file: string) => {
    if (ignored(file) || builder.partOf(file) === undefined) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(flush, quietMilliseconds);
  };
  watcher.on("all", (_event, file) => schedule(path.resolve(file)));
  // chokidar filters "change": one event per file within its throttle, and none when the stat it makes after the
  // event finds the file read since it was modified. A save right after a rebuild had read that file was seen to be dropped so
  // (tests/unit/serve/serve.test.ts, beside other busy tests). The raw file-system events are not filtered, so each one
  // schedules its file too; the quiet period merges them with chokidar's own event into one rebuild.
  watcher.on("raw", (_event, name, details) => {
    const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (typeof name !== "string" || !name || !watched) return;
    schedule(path.resolve(path.basename(watched) === name ? watched : path.join(watched, name)));
  });
  const reportError = (error: unknown) => options.stderr(`flightsite: watching stopped working: ${String(error)}\n`);
  watcher.on("error", reportError);
  const dataWatcher = watchFolder(path.resolve(options.dataDir), schedule, reportError);
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));

  return {
    async close() {
      clearTimeout(timer);
      dataWatcher.close();
      await watcher.close();
      await running;
    },
  };
}

/** The line printed after a rebuild: what changed, how many pages (and other files) were rewritten, and how long it took. */
export function formatRebuild(changed: string[], result: RebuildResult): string {
  const names = changed.slice(0, 2).join(", ") + (changed.length > 2 ? ` and ${changed.length - 2} more` : "");
  const touched = [...result.written, ...result.removed];
  const pages = touched.filter((file) => file.endsWith(".html")).length;
  const others = touched.length - pages;
  const rest = others > 0 ? ` and ${others} other ${others === 1 ? "file" : "files"}` : "";
  // A rebuild after no change puts in the share cards a save left to draw.
  const what = changed.length === 0 ? "share cards drawn" : `${names} changed`;
  return `flightsite: ${what}; ${pages} ${pages === 1 ? "page" : "pages"}${rest} rewritten in ${result.milliseconds} ms\n`;
}

// --- internal ---

/** Size and modification time of each file ("gone" when it is not there), to tell whether it changed since. */
function fingerprints(files: string[]): Promise<string[]> {
  return Promise.all(files.map((file) => stat(file).then((s) => `${s.size} ${s.mtimeMs}`, () => "gone")));
}
