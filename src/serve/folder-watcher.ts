import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";

/**
 * Reports every change under `folder` (a file written, added, deleted or renamed; a folder added or removed) by its
 * absolute path, from the file system's own events: one fs.watch per folder, and nothing read until a folder comes or
 * goes. This is for data/, which may hold thousands of files in one folder: chokidar answers every event in a folder
 * by listing it again and taking the metadata of each file in it, which for thousands of files costs more than the
 * rebuild the save asked for. A path reported may be a folder, or gone; the reader of data/ then lists it again.
 */
export function watchFolder(folder: string, onChange: (file: string) => void, onError: (error: unknown) => void): { close(): void } {
  const watchers = new Map<string, FSWatcher>();

  const add = (dir: string) => {
    if (watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (event, name) => {
        // Without a name the event could be anything in the folder: report the folder, which is then listed again.
        const file = name ? path.join(dir, name.toString()) : dir;
        if (event === "rename" && file !== dir) refresh(file);
        onChange(file);
      });
    } catch (error) {
      if (isGone(error)) return;
      return onError(error);
    }
    watcher.on("error", (error) => {
      remove(dir);
      if (!isGone(error)) onError(error);
    });
    watchers.set(dir, watcher);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // gone since: its parent reports that
    }
    for (const entry of entries) if (entry.isDirectory()) add(path.join(dir, entry.name));
  };

  /** A path that appeared or went: a folder there is watched afresh (with what is under it), a folder gone no longer. */
  const refresh = (file: string) => {
    remove(file);
    let isFolder = false;
    try {
      isFolder = statSync(file).isDirectory();
    } catch {
      // gone
    }
    if (isFolder) add(file);
  };

  const remove = (dir: string) => {
    for (const [watched, watcher] of watchers) {
      if (watched !== dir && !watched.startsWith(dir + path.sep)) continue;
      watcher.close();
      watchers.delete(watched);
    }
  };

  add(folder);
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

// --- internal ---

function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
