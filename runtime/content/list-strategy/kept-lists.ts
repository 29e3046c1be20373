/**
 * How a list is read fast in a serving process: its compiled SQL, its total, a search's matches
 * or its first ones are kept per input until a write they depend on (the process cache,
 * runtime/cache/: any process's write drops them before the next request), and a page of kept
 * matches is read by id. None of this changes what a list shows: the queries are WordPress's
 * (query-rules.ts), only read less often.
 */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { processCacheOf } from '../../cache/process-cache.ts';
import { reusableQuery } from '../../store/reusable-query.ts';
import { HEAD_COLUMNS, type PostHead } from '../prepare.ts';
import { pageWindow, type ListParams, type ListQueryInput, type ListQueryResult, type OrderTerm } from '../query-rules.ts';

export interface CompiledList {
  page: CompiledQuery<PostHead>;
  count: CompiledQuery<{ n: number }>;
  /** Every match's id in the page's order (one more than are kept), for a search whose matches are kept. */
  matches?: CompiledQuery<{ id: number }>;
  /** The query of a search's first `size` matches, compiled once per size. */
  prefix?: (size: number) => CompiledQuery<{ id: number }>;
}

/**
 * The order of rows found by id, which are sorted, never read by walking an index in this order.
 * Without fresh statistics (a site grown since it was opened) SQLite chose to walk every post in
 * date order to keep a search's matches: a column inside an expression, `coalesce(c, c)` (never
 * NULL here, so the same value), matches no index.
 */
export const sortedOrder: OrderTerm = (column) => sql`coalesce(${sql.ref(column)}, ${sql.ref(column)})`;

/**
 * A search's matches are kept up to this many (8 bytes each): as many as SQLite's index calls
 * rare (a rare term's matches are always kept). Past it (common terms the index intersects,
 * PostgreSQL's index on a common word) the page is read in the list's order and the count as
 * any list's.
 */
export const MAX_KEPT_MATCHES = 5_000;
/**
 * Ranked by relevance, a page not kept reads and sorts every match on every request, so up to
 * this many are kept.
 */
export const MAX_KEPT_RANKED = 100_000;
export const mostKept = (params: ListParams): number => (params.orderby === 'relevance' ? MAX_KEPT_RANKED : MAX_KEPT_MATCHES);

/**
 * A search whose matches are not kept (too many, or a term the index does not narrow by) reads
 * its page in the list's order, testing each row's text until the page is full: the rows before
 * it too, on every request. Instead the first matches' ids are read once per data version, in
 * the page's order, and a page is a slice of them: `prefixSize` of them, the smallest power of two
 * that holds the page (at least 16, at most MAX_KEPT_MATCHES). Reading them tests at most twice
 * the rows the page itself would, once; a deeper page reads a longer prefix, a page past
 * MAX_KEPT_MATCHES reads in order as before.
 */
export function prefixSize(wanted: number): number {
  return Math.min(MAX_KEPT_MATCHES, Math.max(16, 2 ** Math.ceil(Math.log2(wanted))));
}

/**
 * The list's queries, compiled (`build` makes them). Building them through Kysely's builder costs
 * more than running them, so serving processes keep them per input until a write they depend on
 * (terms of an include_children filter, the site's time zone, sticky posts: all watched by
 * `answers`).
 */
export async function compiledListQueries(db: Kysely<Database>, input: ListQueryInput, build: () => Promise<CompiledList | null>): Promise<CompiledList | null> {
  const cache = processCacheOf(db as Kysely<unknown>);
  if (!cache) return build();
  const key = JSON.stringify([input.type, input.statuses, input.params, [...input.sticky], input.zone.name, input.anonymous]);
  // Its size: the key, and the compiled SQL with its parameters (the search text among them).
  return cache.get('queries', key, build, { bytes: (compiled) => key.length + (compiled ? JSON.stringify([compiled.page.sql, compiled.page.parameters, compiled.count.sql]).length : 0) });
}

/** The page and the total of a compiled list: from kept matches, a kept prefix, or the page and count queries. */
export async function readList(db: Kysely<Database>, queries: CompiledList, params: ListParams): Promise<ListQueryResult> {
  const { limit, offset } = pageWindow(params);
  const most = mostKept(params);
  // In date order (or any but relevance), a count over MAX_KEPT_MATCHES says first that the matches
  // are too many to keep: their query, which reads and sorts every match before it knows, is not run.
  const tooMany = queries.matches && most === MAX_KEPT_MATCHES && (await countOf(db, queries.count)) > most;
  const kept = queries.matches && !tooMany && (await keptIds(db, queries.matches, most));
  if (kept) return { rows: await headsInOrder(db, kept.slice(offset, offset + limit)), total: kept.length };
  if (queries.prefix && offset + limit <= MAX_KEPT_MATCHES && processCacheOf(db as Kysely<unknown>)) {
    const [first, total] = await Promise.all([keptIds(db, queries.prefix(prefixSize(offset + limit))), countOf(db, queries.count)]);
    return { rows: await headsInOrder(db, first!.slice(offset, offset + limit)), total };
  }
  const [page, total] = await Promise.all([db.executeQuery(queries.page), countOf(db, queries.count)]);
  return { rows: page.rows, total };
}

/**
 * The total of a list (X-WP-Total). It reads every matching row, the one part of a list whose
 * cost grows with the site, so serving processes remember it per query until posts or their
 * terms change (runtime/cache/: any process's write drops it before the next request).
 */
async function countOf(db: Kysely<Database>, query: CompiledQuery<{ n: number }>): Promise<number> {
  const load = async () => Number((await db.executeQuery(query)).rows[0]?.n ?? 0);
  const cache = processCacheOf(db as Kysely<unknown>);
  if (!cache) return load();
  const key = keyOf(query);
  return cache.get('posts', key, load, { bytes: () => key.length });
}

/**
 * A compiled query's cache key, made once per compiled query: its parameters carry the search
 * text and the index's match expression, and spelling them out again on every request cost a
 * noticeable share of a search answer.
 */
const keys = new WeakMap<CompiledQuery, string>();
function keyOf(query: CompiledQuery): string {
  let key = keys.get(query);
  if (key === undefined) keys.set(query, (key = JSON.stringify([query.sql, query.parameters])));
  return key;
}

/** The compiled key under which a search's kept matches are remembered (for tests that look at them). */
export const keptMatchesKey = (query: CompiledQuery): string => keyOf(query);

/**
 * The ids `query` reads (a search's matches, or its first ones, in the page's order; see
 * search-narrowing.ts), remembered like countOf; null when there are more than `most`. A post
 * deleted since they were read is left out of a page (headsInOrder), as a page read a moment
 * later would.
 */
async function keptIds(db: Kysely<Database>, query: CompiledQuery<{ id: number }>, most = Infinity): Promise<number[] | null> {
  const load = async () => {
    const { rows } = await db.executeQuery(query);
    return rows.length > most ? null : rows.map((r) => Number(r.id));
  };
  const cache = processCacheOf(db as Kysely<unknown>);
  if (!cache) return load();
  const key = keyOf(query);
  return cache.get('posts', key, load, { bytes: (kept) => key.length + (kept?.length ?? 0) * 8 });
}

/** `build(size)` compiled once per size. */
export function compiledPerSize(build: (size: number) => { compile(): CompiledQuery<{ id: number }> }): (size: number) => CompiledQuery<{ id: number }> {
  const compiled = new Map<number, CompiledQuery<{ id: number }>>();
  return (size) => {
    let query = compiled.get(size);
    if (!query) compiled.set(size, (query = build(size).compile()));
    return query;
  };
}

/** One reusable query per number of ids (a page holds 1 to 100). */
const headsById = new Map<number, (db: Kysely<Database>, ...ids: number[]) => Promise<PostHead[]>>();

async function headsInOrder(db: Kysely<Database>, ids: number[]): Promise<PostHead[]> {
  if (!ids.length) return [];
  let read = headsById.get(ids.length);
  if (!read) headsById.set(ids.length, (read = reusableQuery((db: Kysely<Database>, ...ids: number[]) => db.selectFrom('posts').select(HEAD_COLUMNS).where('id', 'in', ids))));
  const byId = new Map((await read(db, ...ids)).map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
