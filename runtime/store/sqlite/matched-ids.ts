/**
 * The ids a search matched, kept in this process and checked row by row while a list page is read
 * in its own order. A search whose terms a few thousand posts hold (`number 42` on a site of
 * 100,000) is counted through the full-text index, but its page is read in date order, testing
 * every row's text until ten match: about 500 rows. With the ids its count has just read, a row
 * that does not match is passed over without its text being read.
 *
 * The ids are kept as a map of bytes, one per id (1: matched), and the page's condition reads its
 * row's byte with SQLite's own `substr`: `specpress_matched(key)` is deterministic, so SQLite calls
 * it once per execution of the page, not once per row. Calling a JavaScript function for each of
 * 500 rows cost about 135 µs; reading bytes, 90 (at 100,000 posts, most of it the index walk).
 *
 * A map is made under a key the compiled list query carries (content/query.ts), and lives as long
 * as that query: both are dropped when posts change. It holds the ids the count found with every
 * condition of the page, so a row it holds is a match and its text is not tested again. A
 * key whose map is not here (not made yet, pushed out, or too large to keep) falls back to the
 * exact condition on every row: the map can only make a page cheaper, never change what it holds.
 */
import type Database from 'better-sqlite3';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { LRUCache } from 'lru-cache';

const MATCHED_FUNCTION = 'specpress_matched';

/** A map is one byte per id up to the highest matched id: past this many, none is kept. */
const MAX_MAP_BYTES = 8 * 1024 * 1024;
/** All maps together, in bytes. */
const maps = new LRUCache<number, Buffer>({ max: 256, maxSize: 64 * 1024 * 1024, sizeCalculation: (map) => Math.max(1, map.length) });
let lastKey = 0;

/** A key for a map not made yet (unique in this process). */
export function reserveMatchedKey(): number {
  return ++lastKey;
}

export function keepMatched(key: number, ids: number[]): void {
  let highest = 0;
  for (const id of ids) if (id > highest) highest = id;
  if (highest + 1 > MAX_MAP_BYTES) {
    maps.delete(key);
    return;
  }
  const map = Buffer.alloc(highest + 1);
  for (const id of ids) if (id > 0) map[id] = 1;
  maps.set(key, map);
}

/** On a row of `posts`, from its id alone: the id is in the map of `key`, or there is no such map. */
export function matchedCondition(key: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`coalesce(substr(${sql.raw(MATCHED_FUNCTION)}(${key}), ${sql.ref('posts.id')} + 1, 1), x'01') = x'01'`;
}

/** A map of `key` is kept, so `matchedCondition` alone decided the row. */
export function matchedDecided(key: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.raw(MATCHED_FUNCTION)}(${key}) is not null`;
}

/** `specpress_matched(key)` on this connection: the map of `key`, or NULL when there is none. */
export function registerMatchedFunction(sqlite: Database.Database): void {
  sqlite.function(MATCHED_FUNCTION, { deterministic: true }, (key: unknown) => maps.get(Number(key)) ?? null);
}
