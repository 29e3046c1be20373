/**
 * WordPress's rules for a post or page list, as its posts controller turns the request's params
 * into WP_Query args: which statuses and types, include and exclude, sticky posts, authors,
 * slugs, parents, menu order, formats, dates, taxonomy clauses, who sees password-protected posts
 * in a search, the order and its tie-break, and the page window. Nothing here is about speed:
 * how a list is read fast (kept matches, prefixes, the full-text index) is in list-strategy/,
 * and query.ts puts the two together.
 */
import { supports } from '../../contract/post-types.ts';
import { type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../store/schema.ts';
import { filterDateToLocal } from './dates.ts';
import type { Zone } from 'luxon';
import { HEAD_COLUMNS, type PostHead } from './prepare.ts';
import { parseSearch, relevanceRank, type SearchTerm } from './search.ts';
import { withDescendants } from './terms.ts';
import { sanitizeTitle } from './slugs.ts';
import { positionInList } from '../store/portable-sql.ts';

export type Eb = ExpressionBuilder<Database, 'posts'>;
export type Query = SelectQueryBuilder<Database, 'posts', PostHead>;

/**
 * A list's params as validation left them (rest/validate-params.ts coerces to the route's
 * schema): lists are arrays, ids and numbers are numbers. Only the params these rules read are
 * named; other params of the route pass through untouched.
 */
export interface ListParams {
  include?: Array<number | string>;
  exclude?: Array<number | string>;
  sticky?: boolean;
  author?: number[];
  author_exclude?: number[];
  slug?: string[];
  parent?: number[];
  parent_exclude?: number[];
  menu_order?: number | null;
  format?: string[];
  tax_relation?: string;
  search?: string;
  search_semantics?: string;
  search_columns?: string[];
  order?: string;
  orderby?: string;
  per_page?: number;
  page?: number;
  offset?: number;
  [param: string]: unknown;
}

export interface ListQueryInput {
  type: string;
  params: ListParams;
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
async function taxClauses(db: Kysely<Database>, params: ListParams, base: string): Promise<TaxClause[]> {
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

function applyDates(q: Query, params: ListParams, zone: Zone): Query {
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
 * Every condition of the list but the search, the order and the page: the rows' heads of the
 * type and statuses asked, filtered as WP_Query filters them (null: nothing can match, as
 * sticky=true on a site without sticky posts).
 */
export async function listConditions(db: Kysely<Database>, input: ListQueryInput): Promise<Query | null> {
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
  if (params.slug?.length) q = q.where('slug', 'in', params.slug.map(sanitizeTitle));
  if (params.parent?.length) q = q.where('parent', 'in', params.parent);
  if (params.parent_exclude?.length) q = q.where('parent', 'not in', params.parent_exclude);
  if (params.menu_order !== undefined && params.menu_order !== null) q = q.where('menu_order', '=', Number(params.menu_order));
  if (params.format?.length) {
    const formats = params.format;
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
  return q;
}

/** The search's terms, as WordPress parses `search` (and `search_semantics=exact`). */
export function searchTermsOf(params: ListParams): SearchTerm[] {
  return params.search ? parseSearch(String(params.search), params.search_semantics === 'exact') : [];
}

/** Anonymous searches leave out password-protected posts (WordPress's search does). */
export function openToReader(q: Query, input: Pick<ListQueryInput, 'anonymous'>): Query {
  return input.anonymous ? q.where('password', '=', '') : q;
}

/**
 * How a column of the order is written: the column itself, or (list-strategy/) an expression of
 * it that sorts the same way.
 */
export type OrderTerm = (column: 'date' | 'id') => 'date' | 'id' | RawBuilder<unknown>;

/** The list's order, WP_Query's: `orderby` and `order`, ties broken by id. */
export function ordered<O>(q: SelectQueryBuilder<Database, 'posts', O>, params: ListParams, by: OrderTerm = (column) => column): SelectQueryBuilder<Database, 'posts', O> {
  const dir = params.order === 'asc' ? 'asc' : 'desc';
  const orderby = String(params.orderby ?? 'date');
  if (orderby === 'include' && params.include?.length) {
    const ids: number[] = params.include.map(Number);
    return q.orderBy(positionInList('posts.id', ids));
  }
  if (orderby === 'include_slugs' && params.slug?.length) {
    const slugs: string[] = params.slug.map(sanitizeTitle);
    return q.orderBy(positionInList('posts.slug', slugs));
  }
  if (orderby === 'relevance' && params.search) {
    const terms = parseSearch(String(params.search), params.search_semantics === 'exact');
    // WP_Query puts the rank first and then its usual date order, in the asked direction.
    return q.orderBy(relevanceRank(String(params.search), terms)).orderBy(by('date'), dir).orderBy(by('id'), dir);
  }
  const column = ORDER_COLUMNS[orderby] ?? 'date';
  // Ties are broken by id in the same direction, as MySQL's index order gives them in WordPress.
  return q.orderBy(by(column as 'date'), dir).orderBy(by('id'), dir);
}

export function pageWindow(params: ListParams): { limit: number; offset: number; page: number; perPage: number } {
  const perPage = Number(params.per_page ?? 10);
  const page = Number(params.page ?? 1);
  // WP_Query reads offset through absint: -1 skips one item.
  const offset = params.offset ? Math.abs(Math.trunc(Number(params.offset))) : (page - 1) * perPage;
  return { limit: perPage, offset, page, perPage };
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
