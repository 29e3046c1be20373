/**
 * The seam between WordPress's search (search.ts: terms, columns, LIKE-style matching and
 * relevance) and an engine's full-text index. An index only narrows the candidates: it must
 * return every post the exact condition would match (it may return more), so results and their
 * order are WordPress's whatever the engine. SQLite: FTS5 trigram (store/sqlite/fulltext.ts);
 * PostgreSQL registers its twin (pg_trgm or tsvector) the same way when it opens its database.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { SearchTerm } from './search.ts';
import { processCacheOf } from '../cache/process-cache.ts';

export interface SearchIndex {
  /** A condition on `posts.id` keeping at least every post that contains all included terms in one of `columns`; undefined when it cannot narrow (single characters only). */
  candidates(eb: ExpressionBuilder<Database, 'posts'>, terms: SearchTerm[], columns: Array<'title' | 'content' | 'excerpt'>): Expression<SqlBool> | undefined;
  /**
   * The terms worth narrowing by: those the index says few posts hold, for the count (X-WP-Total,
   * which reads every match) and for the page (which stops once `wanted` rows matched, so a term
   * held by a good share of the site is cheaper checked on the rows read in the list's order). A
   * term most posts hold would make the index list nearly every post before the exact condition
   * runs. Leaving a term out only widens the candidates, so what is found never depends on this
   * estimate.
   */
  narrowing?(db: Kysely<Database>, terms: SearchTerm[], wanted: number): Promise<{ count: SearchTerm[]; page: SearchTerm[] }>;
  /**
   * The candidates' ids themselves when they are few, or undefined (then `candidates` is used).
   * Lists keep their compiled SQL until the next write (query.ts), so the index is read once per
   * search and data version instead of on every request.
   */
  candidateIds?(db: Kysely<Database>, terms: SearchTerm[], columns: Array<'title' | 'content' | 'excerpt'>): Promise<number[] | undefined>;
}

const indexes = new WeakMap<object, SearchIndex>();

export function useSearchIndex(db: Kysely<Database>, index: SearchIndex | undefined): void {
  if (index) indexes.set(db, index);
  else indexes.delete(db);
  // Lists keep their compiled SQL (query.ts), and whole answers are kept (http/answer-cache.ts):
  // what was made with the other index goes, so that the two can be compared request by request.
  const cache = processCacheOf(db as Kysely<unknown>);
  cache?.forget('queries');
  cache?.forget('answers');
}

/** The index of this database handle (a transaction has none: it falls back to the plain scan). */
export function searchIndexOf(db: Kysely<Database>): SearchIndex | undefined {
  return indexes.get(db);
}
