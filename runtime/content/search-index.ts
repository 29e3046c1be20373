/**
 * The seam between WordPress's search (search.ts: terms, columns, LIKE-style matching and
 * relevance) and the engine's full-text index, which the store attaches to the database when it
 * opens it (store/fulltext-index.ts, where the index's contract is written). Here the content
 * layer reads it, and swaps it (tests compare the two request by request) together with what
 * was made with the previous one.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { attachFullTextIndex, fullTextIndexOf, type SearchIndex } from '../store/fulltext-index.ts';
import { processCacheOf } from '../cache/process-cache.ts';

export type { SearchIndex } from '../store/fulltext-index.ts';

export function useSearchIndex(db: Kysely<Database>, index: SearchIndex | undefined): void {
  attachFullTextIndex(db, index);
  // Lists keep their compiled SQL (query.ts), and whole answers are kept (http/answer-cache.ts):
  // what was made with the other index goes, so that the two can be compared request by request.
  const cache = processCacheOf(db as Kysely<unknown>);
  cache?.forget('queries');
  cache?.forget('answers');
}

/** The index of this database handle (a transaction has none: it falls back to the plain scan). */
export function searchIndexOf(db: Kysely<Database>): SearchIndex | undefined {
  return fullTextIndexOf(db);
}
