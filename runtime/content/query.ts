/**
 * A post or page list request's params → one Kysely query, as WordPress's posts controller
 * turns them into WP_Query args: filters, taxonomy clauses, sticky handling, order and paging.
 * Returns the rows of the page and the total WordPress reports in X-WP-Total.
 */
import { supports } from '../../contract/post-types.ts';
import { sql, type CompiledQuery, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../store/schema.ts';
import { filterDateToLocal } from './dates.ts';
import type { Zone } from 'luxon';
import { HEAD_COLUMNS, type PostHead } from './prepare.ts';
import { parseSearch, relevanceRank, searchCondition, searchedColumns, type SearchTerm } from './search.ts';
import { searchIndexOf } from './search-index.ts';
import { processCacheOf } from '../cache/process-cache.ts';
import { withDescendants } from './terms.ts';
import { sanitizeTitle } from './slugs.ts';
import { positionInList } from '../store/portable-sql.ts';
import { reusableQuery } from '../store/reusable-query.ts';

type Eb = ExpressionBuilder<Database, 'posts'>;
type Query = SelectQueryBuilder<Database, 'posts', PostHead>;

export interface ListQueryInput {
  type: string;
  params: Record<string, any>;
  /** The statuses to list, after permission checks (`any` already expanded). */
  statuses: string[];
  zone: Zone;
  sticky: Set<number>;
  /** Anonymous searches skip password-protected posts, as WordPress does. */
  anonymous: boolean;
}

export interface ListQueryResult {
  /** The page's rows, heads only (prepare.ts reads the rest of the rows it has to prepare). */
  rows: PostHead[];
  total: number;
  /** Filters matched nothing by construction (e.g. sticky=true with no sticky posts). */
  empty?: boolean;
}

const ORDER_COLUMNS: Record<string, string> = {
  author: 'author',
  date: 'date',
  id: 'id',
  modified: 'modified',
  parent: 'parent',
  slug: 'slug',
  title: 'title',
  menu_order: 'menu_order',
};

interface TaxClause {
  ids: number[];
  operator: 'IN' | 'AND' | 'NOT IN';
}

/** categories / tags in array or object form, as the REST controller reads them. */
async function taxClauses(db: Kysely<Database>, params: Record<string, any>, base: string): Promise<TaxClause[]> {
  const clauses: TaxClause[] = [];
  const read = async (value: unknown, exclude: boolean) => {
    if (value === undefined || value === null) return;
    let terms: number[] = [];
    let children = false;
    let operator: TaxClause['operator'] = exclude ? 'NOT IN' : 'IN';
    if (Array.isArray(value)) terms = value.map(Number);
    else if (typeof value === 'object') {
      const v = value as { terms?: number[]; include_children?: boolean; operator?: string };
      terms = (v.terms ?? []).map(Number);
      children = !!v.include_children;
      if (!exclude && v.operator === 'AND') operator = 'AND';
    }
    if (!terms.length) return;
    if (children && operator !== 'AND') terms = await withDescendants(db, terms);
    if (children && operator === 'AND') {
      // Each listed term may be matched by itself or a descendant.
      for (const t of terms) clauses.push({ ids: await withDescendants(db, [t]), operator: 'IN' });
      return;
    }
    clauses.push({ ids: terms, operator });
  };
  await read(params[base], false);
  await read(params[`${base}_exclude`], true);
  return clauses;
}

function taxCondition(eb: Eb, clause: TaxClause): Expression<SqlBool> {
  const inTerms = (ids: number[]) =>
    eb.exists(eb.selectFrom('term_relationships as tr').select('tr.post_id').whereRef('tr.post_id', '=', 'posts.id').where('tr.term_id', 'in', ids));
  if (clause.operator === 'NOT IN') return eb.not(inTerms(clause.ids));
  if (clause.operator === 'AND') return eb.and(clause.ids.map((id) => inTerms([id])));
  return inTerms(clause.ids);
}

function applyDates(q: Query, params: Record<string, any>, zone: Zone): Query {
  const pairs: Array<[string, 'date' | 'modified', '>' | '<']> = [
    ['after', 'date', '>'],
    ['before', 'date', '<'],
    ['modified_after', 'modified', '>'],
    ['modified_before', 'modified', '<'],
  ];
  for (const [param, column, op] of pairs) {
    if (!params[param]) continue;
    const local = filterDateToLocal(String(params[param]), zone);
    if (local) q = q.where(column, op, local);
  }
  return q;
}

/**
 * Everything but paging and order, for the page query and for the count: the same conditions,
 * except that a search may be narrowed by the full-text index for one and not the other (see
 * SearchIndex.narrowing).
 */
async function filtered(db: Kysely<Database>, input: ListQueryInput): Promise<{ page: Query; count: Query; keepMatches?: boolean; searching?: boolean } | null> {
  const { params, type } = input;
  let q: Query = db.selectFrom('posts').select(HEAD_COLUMNS);
  q = q.where('type', '=', type).where('status', 'in', input.statuses);

  let include: number[] = Array.isArray(params.include) ? params.include.map(Number) : [];
  let exclude: number[] = Array.isArray(params.exclude) ? params.exclude.map(Number) : [];
  if (params.sticky !== undefined && supports(type, 'sticky')) {
    const sticky = [...input.sticky];
    if (params.sticky) {
      if (!sticky.length) return null;
      include = include.length ? include.filter((id) => input.sticky.has(id)) : sticky;
      if (!include.length) include = [0];
    } else {
      exclude = [...exclude, ...sticky];
    }
  }
  if (include.length) q = q.where('id', 'in', include);
  if (exclude.length) q = q.where('id', 'not in', exclude);
  if (params.author?.length) q = q.where('author', 'in', params.author);
  if (params.author_exclude?.length) q = q.where('author', 'not in', params.author_exclude);
  if (params.slug?.length) q = q.where('slug', 'in', (params.slug as string[]).map(sanitizeTitle));
  if (params.parent?.length) q = q.where('parent', 'in', params.parent);
  if (params.parent_exclude?.length) q = q.where('parent', 'not in', params.parent_exclude);
  if (params.menu_order !== undefined && params.menu_order !== null) q = q.where('menu_order', '=', Number(params.menu_order));
  if (params.format?.length) {
    const formats: string[] = params.format;
    q = q.where((eb) => (formats.includes('standard') ? eb.or([eb('format', 'in', formats), eb('format', '=', '')]) : eb('format', 'in', formats)));
  }
  q = applyDates(q, params, input.zone);

  if (supports(type, 'terms')) {
    const clauses = [...(await taxClauses(db, params, 'categories')), ...(await taxClauses(db, params, 'tags'))];
    if (clauses.length) {
      const or = params.tax_relation === 'OR';
      q = q.where((eb) => (or ? eb.or(clauses.map((c) => taxCondition(eb, c))) : eb.and(clauses.map((c) => taxCondition(eb, c)))));
    }
  }
  if (!params.search) return { page: q, count: q };
  // Anonymous searches leave out password-protected posts (WordPress's search does).
  const open = (from: Query): Query => (input.anonymous ? from.where('password', '=', '') : from);
  const terms = parseSearch(String(params.search), params.search_semantics === 'exact');
  if (!terms.length) return { page: open(q), count: open(q) };
  // The engine's full-text index narrows the rows first (by the terms it says are rare); the exact condition decides.
  const index = searchIndexOf(db);
  const columns = searchedColumns(params.search_columns ?? []);
  const { limit, offset } = pageWindow(params);
  // Ranked by relevance, a page reads every match before it knows its first: as many as a count.
  const wanted = params.orderby === 'relevance' ? Infinity : offset + limit;
  const narrowing = index?.narrowing ? await index.narrowing(db, terms, wanted) : { count: terms, page: terms };
  const exactOn = (eb: Eb, narrowBy: SearchTerm[]) => searchCondition(eb, inScanOrder(terms, narrowBy), params.search_columns ?? []);
  const searched = async (narrowBy: SearchTerm[]): Promise<Query> => {
    const ids = index?.candidateIds && narrowBy.length ? await index.candidateIds(db, narrowBy, columns) : undefined;
    // A few candidates, in a serving process that keeps this query: their text is tested once,
    // now, and the page and the count list the matches (a page sorted them and tested their text
    // on every request: half a search's CPU at 1,000 posts).
    if (ids?.length && processCacheOf(db as Kysely<unknown>)) {
      const found = await open(q).clearSelect().select('posts.id').where((eb) => eb.and([eb('posts.id', 'in', ids), exactOn(eb, narrowBy)])).execute();
      const matches = found.map((r) => r.id);
      return open(q).where((eb) => (matches.length ? eb('posts.id', 'in', matches) : sql<SqlBool>`0 = 1`));
    }
    const candidates = ids
      ? (eb: Eb) => (ids.length ? eb('posts.id', 'in', ids) : sql<SqlBool>`0 = 1`)
      : index && narrowBy.length ? (eb: Eb) => index.candidates(eb, narrowBy, columns) : undefined;
    return open(q).where((eb) => {
      const narrowed = candidates?.(eb);
      const exact = exactOn(eb, narrowBy);
      return narrowed ? eb.and([narrowed, exact]) : exact;
    });
  };
  const count = await searched(narrowing.count);
  // A page read by the index sorts all its candidates on every request (0.9 ms for 280 matches at
  // 100,000 posts; relevance, 8 ms for 3,700), and one read in the list's order tests rows until
  // it is full (about 500 for `number 42`). In a serving process a search the index narrows reads
  // its matches once, in the page's order, and keeps them until posts change; a page is a slice of
  // them, read by id (listQuery). They are the page's matches exactly: the count has every
  // condition the page has.
  const keepMatches = narrowing.count.length > 0 && processCacheOf(db as Kysely<unknown>) !== undefined;
  // Past MAX_KEPT_MATCHES (common terms the index intersects), the page is read in the list's
  // order: with that many matches it is full within wanted × site ÷ 5,000 rows, where the index
  // would list every match first (`garden lantern`, a third of 100,000 posts: 100 ms a page).
  // listQuery reads it as a slice of the first matches, kept (`prefixSize`).
  // Ranked by relevance, a page reads every match anyway: through the index, as narrowed.
  if (keepMatches && wanted !== Infinity) return { page: await searched([]), count, keepMatches, searching: true };
  return { page: narrowing.page === narrowing.count ? count : await searched(narrowing.page), count, keepMatches, searching: true };
}

/**
 * The list's order. `sorted`: rows found by id are sorted, never read by walking an index in this
 * order. Without fresh statistics (a site grown since it was opened) SQLite walked every post in
 * date order to keep a search's few thousand matches (20 ms at 100,000 posts, 7 sorted): a column
 * inside an expression, `coalesce(c, c)` (never NULL here, so the same value), matches no index.
 */
function ordered<O>(q: SelectQueryBuilder<Database, 'posts', O>, params: Record<string, any>, sorted = false): SelectQueryBuilder<Database, 'posts', O> {
  const by = (column: 'date' | 'id') => (sorted ? sql`coalesce(${sql.ref(column)}, ${sql.ref(column)})` : column);
  const dir = params.order === 'asc' ? 'asc' : 'desc';
  const orderby = String(params.orderby ?? 'date');
  if (orderby === 'include' && params.include?.length) {
    const ids: number[] = params.include.map(Number);
    return q.orderBy(positionInList('posts.id', ids));
  }
  if (orderby === 'include_slugs' && params.slug?.length) {
    const slugs: string[] = (params.slug as string[]).map(sanitizeTitle);
    return q.orderBy(positionInList('posts.slug', slugs));
  }
  if (orderby === 'relevance' && params.search) {
    const terms = parseSearch(String(params.search), params.search_semantics === 'exact');
    return q.orderBy(relevanceRank(String(params.search), terms)).orderBy(by('date'), 'desc').orderBy(by('id'), 'desc');
  }
  const column = ORDER_COLUMNS[orderby] ?? 'date';
  // Ties are broken by id in the same direction, as MySQL's index order gives them in WordPress.
  return q.orderBy(by(column as 'date'), dir).orderBy(by('id'), dir);
}

export function pageWindow(params: Record<string, any>): { limit: number; offset: number; page: number; perPage: number } {
  const perPage = Number(params.per_page ?? 10);
  const page = Number(params.page ?? 1);
  // WP_Query reads offset through absint: -1 skips one item.
  const offset = params.offset ? Math.abs(Math.trunc(Number(params.offset))) : (page - 1) * perPage;
  return { limit: perPage, offset, page, perPage };
}

/** The page query and the count query of a list request (null: it matches nothing by construction). */
export async function listQueries(db: Kysely<Database>, input: ListQueryInput) {
  const base = await filtered(db, input);
  if (!base) return null;
  const { limit, offset } = pageWindow(input.params);
  return {
    page: ordered(base.page, input.params).limit(limit).offset(offset),
    count: base.count.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')),
    // Every match's id in the page's order, read instead of the page and the count when kept.
    // One more than are kept, to know when there are too many.
    matches: base.keepMatches ? ordered(base.count.clearSelect().select('posts.id'), input.params, true).limit(mostKept(input.params) + 1) : undefined,
    // A search whose matches are not kept: its first `size` matches' ids, in the page's order.
    prefix: base.searching ? (size: number) => ordered(base.page.clearSelect().select('posts.id'), input.params).limit(size) : undefined,
  };
}

export async function listQuery(db: Kysely<Database>, input: ListQueryInput): Promise<ListQueryResult> {
  const queries = await compiledListQueries(db, input);
  if (!queries) return { rows: [], total: 0, empty: true };
  const { limit, offset } = pageWindow(input.params);
  const most = mostKept(input.params);
  // In date order (or any but relevance), a count over MAX_KEPT_MATCHES says first that the matches
  // are too many to keep: their query, which reads and sorts every match before it knows, is not
  // run (`garden lantern` at 100,000 posts: 161 ms once per data version, beside the count's 125).
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

interface CompiledList {
  page: CompiledQuery<PostHead>;
  count: CompiledQuery<{ n: number }>;
  matches?: CompiledQuery<{ id: number }>;
  /** The query of a search's first `size` matches, compiled once per size. */
  prefix?: (size: number) => CompiledQuery<{ id: number }>;
}

/**
 * The list's two queries, compiled. Building them through Kysely's builder costs more than running
 * them, so serving processes keep them per input until a write they depend on (terms of an
 * include_children filter, the site's time zone, sticky posts: all watched by `answers`).
 */
async function compiledListQueries(db: Kysely<Database>, input: ListQueryInput): Promise<CompiledList | null> {
  const build = async () => {
    const queries = await listQueries(db, input);
    return queries && { page: queries.page.compile(), count: queries.count.compile(), matches: queries.matches?.compile(), prefix: queries.prefix && compiledPerSize(queries.prefix) };
  };
  const cache = processCacheOf(db as Kysely<unknown>);
  if (!cache) return build();
  const key = JSON.stringify([input.type, input.statuses, input.params, [...input.sticky], input.zone.name, input.anonymous]);
  // Its size: the key, and the compiled SQL with its parameters (the search text among them).
  return cache.get('queries', key, build, { bytes: (compiled) => key.length + (compiled ? JSON.stringify([compiled.page.sql, compiled.page.parameters, compiled.count.sql]).length : 0) });
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
 * text and the index's match expression, and spelling them out again on every request cost as
 * much as a tenth of a search answer.
 */
const keys = new WeakMap<CompiledQuery, string>();
function keyOf(query: CompiledQuery): string {
  let key = keys.get(query);
  if (key === undefined) keys.set(query, (key = JSON.stringify([query.sql, query.parameters])));
  return key;
}

/**
 * A search's matches are kept up to this many (8 bytes each): as many as SQLite's index calls
 * rare (a rare term's matches are always kept). Past it (common terms the index intersects,
 * PostgreSQL's index on a common word) the page is read in the list's order and the count as
 * any list's.
 */
export const MAX_KEPT_MATCHES = 5_000;
/**
 * Ranked by relevance, a page not kept reads and sorts every match on every request (`garden
 * lantern`, a third of 100,000 posts: 100 ms), so up to this many are kept (800 KB at most).
 */
export const MAX_KEPT_RANKED = 100_000;
const mostKept = (params: Record<string, any>): number => (params.orderby === 'relevance' ? MAX_KEPT_RANKED : MAX_KEPT_MATCHES);

/**
 * The ids `query` reads (a search's matches, or its first ones, in the page's order; see
 * `filtered`), remembered like countOf; null when there are more than `most`. A post deleted
 * since they were read is left out of a page (headsInOrder), as a page read a moment later would.
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

/**
 * A search whose matches are not kept (too many, or a term the index does not narrow by) reads
 * its page in the list's order, testing each row's text until the page is full: the rows before
 * it too, on every request (`garden lantern`, a third of 100,000 posts, tests 30 rows for page 1:
 * twice a plain list's CPU). Instead the first matches' ids are read once per data version, in
 * the page's order, and a page is a slice of them: `prefixSize` of them, the smallest power of two
 * that holds the page (at least 16, at most MAX_KEPT_MATCHES). Reading them tests at most twice
 * the rows the page itself would, once; a deeper page reads a longer prefix, a page past
 * MAX_KEPT_MATCHES reads in order as before.
 */
export function prefixSize(wanted: number): number {
  return Math.min(MAX_KEPT_MATCHES, Math.max(16, 2 ** Math.ceil(Math.log2(wanted))));
}

function compiledPerSize(build: (size: number) => { compile(): CompiledQuery<{ id: number }> }): (size: number) => CompiledQuery<{ id: number }> {
  const compiled = new Map<number, CompiledQuery<{ id: number }>>();
  return (size) => {
    let query = compiled.get(size);
    if (!query) compiled.set(size, (query = build(size).compile()));
    return query;
  };
}

/** The compiled key under which a search's kept matches are remembered (for tests that look at them). */
export const keptMatchesKey = (query: CompiledQuery): string => keyOf(query);

/** One reusable query per number of ids (a page holds 1 to 100). */
const headsById = new Map<number, (db: Kysely<Database>, ...ids: number[]) => Promise<PostHead[]>>();

async function headsInOrder(db: Kysely<Database>, ids: number[]): Promise<PostHead[]> {
  if (!ids.length) return [];
  let read = headsById.get(ids.length);
  if (!read) headsById.set(ids.length, (read = reusableQuery((db: Kysely<Database>, ...ids: number[]) => db.selectFrom('posts').select(HEAD_COLUMNS).where('id', 'in', ids))));
  const byId = new Map((await read(db, ...ids)).map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Sticky posts brought to the top of page one when ignore_sticky is false (WP_Query's rule). */
export async function withStickyFirst(db: Kysely<Database>, rows: PostHead[], sticky: number[]): Promise<PostHead[]> {
  if (!sticky.length) return rows;
  const inPage = new Map(rows.map((r) => [r.id, r]));
  const top: PostHead[] = [];
  const missing = sticky.filter((id) => !inPage.has(id));
  const fetched = missing.length
    ? await db.selectFrom('posts').select(HEAD_COLUMNS).where('id', 'in', missing).where('type', '=', 'post').where('status', '=', 'publish').execute()
    : [];
  const byId = new Map<number, PostHead>([...inPage, ...fetched.map((r) => [r.id, r] as [number, PostHead])]);
  for (const id of sticky) {
    const r = byId.get(id);
    if (r && r.status === 'publish') top.push(r);
  }
  const topIds = new Set(top.map((r) => r.id));
  return [...top, ...rows.filter((r) => !topIds.has(r.id))];
}

/**
 * The terms in the order a scan checks them, since AND stops at a row's first miss: those the
 * index narrowed by, then those it cannot rate (under three characters, "42"), then those it
 * declined because most posts hold them ("number"), which a row nearly always passes. Any order
 * finds the same posts; this one reads less of each row (about 10% of `number 42` at 100,000
 * posts).
 */
export function inScanOrder(terms: SearchTerm[], narrowBy: SearchTerm[]): SearchTerm[] {
  const narrowed = (t: SearchTerm) => narrowBy.some((n) => !n.exclude && t.text.startsWith(n.text));
  const rank = (t: SearchTerm) => (t.exclude ? 3 : narrowed(t) ? 0 : [...t.text].length < 3 ? 1 : 2);
  return [...terms].sort((a, b) => rank(a) - rank(b));
}
