/**
 * The ids a search matched, kept in this process and checked row by row while a list page is read
 * in its own order. A search whose terms a few thousand posts hold (`number 42` on a site of
 * 100,000) is counted through the full-text index, but its page is read in date order, testing
 * every row's text until ten match: about 250 rows and 0.3 ms. With the ids its count has just
 * read, a row that does not match is passed over without its text being read.
 *
 * A set is made under a key the compiled list query carries (content/query.ts), and lives as long
 * as that query: both are dropped when posts change. A key whose set is not here (not made yet,
 * or pushed out) lets every row through, so the exact condition that follows still decides: the
 * set can only make a page cheaper, never change what it holds.
 */
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

export const MATCHED_FUNCTION = 'specpress_matched';

/** Bounded by count and by ids held (a set holds at most a few thousand: see fulltext.ts DENSE_POSTS). */
const sets = new LRUCache<number, Set<number>>({ max: 256, maxSize: 2_000_000, sizeCalculation: (set) => Math.max(1, set.size) });
let lastKey = 0;
/** Moves whenever a set is kept: a connection's remembered lookup is then looked up again. */
let kept = 0;

/** A key for a set not made yet (unique in this process). */
export function reserveMatchedKey(): number {
  return ++lastKey;
}

export function keepMatched(key: number, ids: number[]): void {
  sets.set(key, new Set(ids));
  kept++;
}

/** `specpress_matched(key, id)` on this connection: 1 when the set of `key` holds `id`, or when there is no such set. */
export function registerMatchedFunction(sqlite: Database.Database): void {
  // One page asks about one key for every row it reads: the set is looked up once per key.
  let lastSeenKey: unknown;
  let lastSeenKept = -1;
  let set: Set<number> | undefined;
  sqlite.function(MATCHED_FUNCTION, (key: unknown, id: unknown) => {
    if (key !== lastSeenKey || kept !== lastSeenKept) {
      lastSeenKey = key;
      lastSeenKept = kept;
      set = sets.get(Number(key));
    }
    return set === undefined || set.has(Number(id)) ? 1 : 0;
  });
}
