/**
 * An engine's full-text index, as the store offers it to the search above it (content/search.ts
 * and content/query.ts): it only narrows the candidates. It must return every post the exact
 * condition would match (it may return more), so results and their order are WordPress's
 * whatever the engine. SQLite: FTS5 trigram (./sqlite/fulltext.ts); PostgreSQL: pg_trgm
 * (./postgres/fulltext.ts). The engine's index is attached to the database handle when the
 * store opens it (open-database.ts); the content layer reads it through content/search-index.ts.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from './schema.ts';

/** One term of a search as the index sees it: its text, and whether posts must not hold it. */
export interface IndexedTerm {
  text: string;
  exclude: boolean;
}

export type IndexedColumn = 'title' | 'content' | 'excerpt';

export interface SearchIndex {
  /** A condition on `posts.id` keeping at least every post that contains all included terms in one of `columns`; undefined when it cannot narrow (single characters only). */
  candidates(eb: ExpressionBuilder<Database, 'posts'>, terms: IndexedTerm[], columns: IndexedColumn[]): Expression<SqlBool> | undefined;
  /**
   * The terms worth narrowing by: those the index says few posts hold, for the count (X-WP-Total,
   * which reads every match) and for the page (which stops once `wanted` rows matched, so a term
   * held by a good share of the site is cheaper checked on the rows read in the list's order). A
   * term most posts hold would make the index list nearly every post before the exact condition
   * runs. Leaving a term out only widens the candidates, so what is found never depends on this
   * estimate.
   */
  narrowing?(db: Kysely<Database>, terms: IndexedTerm[], wanted: number): Promise<{ count: IndexedTerm[]; page: IndexedTerm[] }>;
  /**
   * The candidates' ids themselves when they are few, or undefined (then `candidates` is used).
   * Lists keep their compiled SQL until the next write (content/query.ts), so the index is read
   * once per search and data version instead of on every request.
   */
  candidateIds?(db: Kysely<Database>, terms: IndexedTerm[], columns: IndexedColumn[]): Promise<number[] | undefined>;
}

const indexes = new WeakMap<object, SearchIndex>();

/** Sets (or, with undefined, removes) the index of this database handle. */
export function attachFullTextIndex(db: Kysely<Database>, index: SearchIndex | undefined): void {
  if (index) indexes.set(db, index);
  else indexes.delete(db);
}

/** The index of this database handle (a transaction has none: it falls back to the plain scan). */
export function fullTextIndexOf(db: Kysely<Database>): SearchIndex | undefined {
  return indexes.get(db);
}
