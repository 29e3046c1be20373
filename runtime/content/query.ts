/**
 * A post or page list request's params → its queries and its page: WordPress's rules
 * (query-rules.ts: the filters, taxonomy clauses, sticky handling, order and paging that its
 * posts controller turns into WP_Query args) read through the speed strategies of
 * list-strategy/ (a search narrowed by the full-text index, kept compiled queries, totals and
 * matches). Returns the rows of the page and the total WordPress reports in X-WP-Total.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { listConditions, ordered, pageWindow, type ListQueryInput, type ListQueryResult } from './query-rules.ts';
import { searched } from './list-strategy/search-narrowing.ts';
import { compiledListQueries, compiledPerSize, mostKept, readList, sortedOrder } from './list-strategy/kept-lists.ts';

export { pageWindow, withStickyFirst, type ListQueryInput, type ListQueryResult } from './query-rules.ts';
export { inScanOrder } from './list-strategy/search-narrowing.ts';
export { keptMatchesKey, MAX_KEPT_MATCHES, MAX_KEPT_RANKED, prefixSize } from './list-strategy/kept-lists.ts';

/** The page query and the count query of a list request (null: it matches nothing by construction). */
export async function listQueries(db: Kysely<Database>, input: ListQueryInput) {
  const conditions = await listConditions(db, input);
  if (!conditions) return null;
  const base = await searched(db, conditions, input);
  const { limit, offset } = pageWindow(input.params);
  return {
    page: ordered(base.page, input.params).limit(limit).offset(offset),
    count: base.count.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')),
    // Every match's id in the page's order, read instead of the page and the count when kept.
    // One more than are kept, to know when there are too many.
    matches: base.keepMatches ? ordered(base.count.clearSelect().select('posts.id'), input.params, sortedOrder).limit(mostKept(input.params) + 1) : undefined,
    // A search whose matches are not kept: its first `size` matches' ids, in the page's order.
    prefix: base.searching ? (size: number) => ordered(base.page.clearSelect().select('posts.id'), input.params).limit(size) : undefined,
  };
}

export async function listQuery(db: Kysely<Database>, input: ListQueryInput): Promise<ListQueryResult> {
  const queries = await compiledListQueries(db, input, async () => {
    const built = await listQueries(db, input);
    return built && { page: built.page.compile(), count: built.count.compile(), matches: built.matches?.compile(), prefix: built.prefix && compiledPerSize(built.prefix) };
  });
  if (!queries) return { rows: [], total: 0, empty: true };
  return readList(db, queries, input.params);
}
