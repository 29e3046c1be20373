/**
 * How a search is read fast, whatever it finds: the engine's full-text index narrows the rows
 * first (by the terms it says are rare), the exact condition (search.ts, WordPress's rule)
 * decides. Which terms narrow the count and which the page, whether the candidates' ids are read
 * once, and the order a row's terms are tested in are choices of speed only: what is found is
 * WordPress's in every case.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { searchCondition, searchedColumns, type SearchTerm } from '../search.ts';
import { searchIndexOf } from '../search-index.ts';
import { processCacheOf } from '../../cache/process-cache.ts';
import { openToReader, pageWindow, searchTermsOf, type Eb, type ListQueryInput, type Query } from '../query-rules.ts';

export interface SearchQueries {
  /** The page's query, before its order and window. */
  page: Query;
  /** The count's query: every condition the page has (see SearchIndex.narrowing). */
  count: Query;
  /** The matches may be kept by the process (kept-lists.ts), read once per data version. */
  keepMatches?: boolean;
  /** The list is a search. */
  searching?: boolean;
}

/**
 * The list's search, on `q` (every other condition of the list): the page and the count, each
 * narrowed by the index as it pays. Without a search both are `q`.
 */
export async function searched(db: Kysely<Database>, q: Query, input: ListQueryInput): Promise<SearchQueries> {
  const { params } = input;
  if (!params.search) return { page: q, count: q };
  const open = (from: Query): Query => openToReader(from, input);
  const terms = searchTermsOf(params);
  if (!terms.length) return { page: open(q), count: open(q) };
  const index = searchIndexOf(db);
  const columns = searchedColumns(params.search_columns ?? []);
  const { limit, offset } = pageWindow(params);
  // Ranked by relevance, a page reads every match before it knows its first: as many as a count.
  const wanted = params.orderby === 'relevance' ? Infinity : offset + limit;
  const narrowing = index?.narrowing ? await index.narrowing(db, terms, wanted) : { count: terms, page: terms };
  const exactOn = (eb: Eb, narrowBy: SearchTerm[]) => searchCondition(eb, inScanOrder(terms, narrowBy), params.search_columns ?? []);
  const narrowed = async (narrowBy: SearchTerm[]): Promise<Query> => {
    const ids = index?.candidateIds && narrowBy.length ? await index.candidateIds(db, narrowBy, columns) : undefined;
    // A few candidates, in a serving process that keeps this query: their text is tested once,
    // now, and the page and the count list the matches (a page would otherwise sort them and
    // test their text on every request).
    if (ids?.length && processCacheOf(db as Kysely<unknown>)) {
      const found = await open(q).clearSelect().select('posts.id').where((eb) => eb.and([eb('posts.id', 'in', ids), exactOn(eb, narrowBy)])).execute();
      const matches = found.map((r) => r.id);
      return open(q).where((eb) => (matches.length ? eb('posts.id', 'in', matches) : sql<SqlBool>`0 = 1`));
    }
    const candidates = ids
      ? (eb: Eb) => (ids.length ? eb('posts.id', 'in', ids) : sql<SqlBool>`0 = 1`)
      : index && narrowBy.length ? (eb: Eb) => index.candidates(eb, narrowBy, columns) : undefined;
    return open(q).where((eb) => {
      const byIndex = candidates?.(eb);
      const exact = exactOn(eb, narrowBy);
      return byIndex ? eb.and([byIndex, exact]) : exact;
    });
  };
  const count = await narrowed(narrowing.count);
  // A page read by the index sorts all its candidates on every request, and one read in the
  // list's order tests rows until it is full. In a serving process a search the index narrows
  // reads its matches once, in the page's order, and keeps them until posts change; a page is a
  // slice of them, read by id (kept-lists.ts). They are the page's matches exactly: the count
  // has every condition the page has.
  const keepMatches = narrowing.count.length > 0 && processCacheOf(db as Kysely<unknown>) !== undefined;
  // Past MAX_KEPT_MATCHES (common terms the index intersects), the page is read in the list's
  // order: with that many matches it is full after a few rows, where the index would list every
  // match first. It is read as a slice of the first matches, kept (`prefixSize`).
  // Ranked by relevance, a page reads every match anyway: through the index, as narrowed.
  if (keepMatches && wanted !== Infinity) return { page: await narrowed([]), count, keepMatches, searching: true };
  return { page: narrowing.page === narrowing.count ? count : await narrowed(narrowing.page), count, keepMatches, searching: true };
}

/**
 * The terms in the order a scan checks them, since AND stops at a row's first miss: those the
 * index narrowed by, then those it cannot rate (under three characters, "42"), then those it
 * declined because most posts hold them ("number"), which a row nearly always passes. Any order
 * finds the same posts; this one reads less of each row.
 */
export function inScanOrder(terms: SearchTerm[], narrowBy: SearchTerm[]): SearchTerm[] {
  const narrowed = (t: SearchTerm) => narrowBy.some((n) => !n.exclude && t.text.startsWith(n.text));
  const rank = (t: SearchTerm) => (t.exclude ? 3 : narrowed(t) ? 0 : [...t.text].length < 3 ? 1 : 2);
  return [...terms].sort((a, b) => rank(a) - rank(b));
}
