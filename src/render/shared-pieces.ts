// Shared-part identity, in one place. A part many pages show (templates/Once.tsx) is rendered once per thread, and
// its links and ids are one FoundLinks object, marked `shared`, on every page of that thread that shows it. What is
// made of such a piece — its ids joined, its links resolved, its number in the build cache or on its way between
// threads — is kept here by that identity, once. A page's own pieces are new objects each time: they are never kept,
// so they never fill a weak map the garbage collector must then go through. The link check, the build cache and the
// render worker use this through PieceMemo; none of them holds a WeakMap of its own.
import type { FoundLinks } from "./scan-links";

/** What was made of each shared piece, by its identity. */
export interface PieceMemo<T> {
  /** What was made of `piece`; undefined for a page's own piece, or a shared one nothing was made of yet. */
  get(piece: FoundLinks): T | undefined;
  /** Keeps `value` as what was made of `piece` when it is shared; a page's own piece keeps nothing. */
  set(piece: FoundLinks, value: T): void;
  /** What was made of `piece`: `make(piece)` once for a shared piece, and each time for a page's own. */
  of(piece: FoundLinks, make: (piece: FoundLinks) => T): T;
}

export function pieceMemo<T>(): PieceMemo<T> {
  const made = new WeakMap<FoundLinks, T>();
  return {
    get: (piece) => (piece.shared ? made.get(piece) : undefined),
    set(piece, value) {
      if (piece.shared) made.set(piece, value);
    },
    of(piece, make) {
      if (!piece.shared) return make(piece);
      let value = made.get(piece);
      if (value === undefined) made.set(piece, (value = make(piece)));
      return value;
    },
  };
}
